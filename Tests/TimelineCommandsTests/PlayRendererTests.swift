import Testing
import AnimTimeline
@testable import TimelineCommands

@Suite struct PlayRendererTests {
  @Test func rendererFitsTheTerminalKeepingAspect() {
    // 32x32 into 80x24 cells: 46 pixel rows available (23 text rows x 2).
    let square = PlayRenderer(canvasWidth: 32, canvasHeight: 32, columns: 80, rows: 24)
    #expect(square.width == 46 && square.height == 46)
    // A wide canvas is limited by the columns.
    let wide = PlayRenderer(canvasWidth: 400, canvasHeight: 100, columns: 80, rows: 24)
    #expect(wide.width == 80 && wide.height == 20)
  }

  @Test func halfBlocksCarryTwoPixelsPerCell() {
    var renderer = PlayRenderer(canvasWidth: 1, canvasHeight: 2, columns: 1, rows: 2)
    // Opaque red above opaque blue.
    let image = RGBAImage(width: 1, height: 2, pixels: [255, 0, 0, 255, 0, 0, 255, 255])
    let text = String(decoding: renderer.render(image, status: "s"), as: UTF8.self)
    #expect(text.contains("\u{1B}[38;2;255;0;0m\u{1B}[48;2;0;0;255m\u{2580}"))
    #expect(text.hasSuffix("s\u{1B}[K"))
  }
}
