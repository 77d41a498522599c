import Testing
import AnimTimeline
@testable import TimelineCommands

/// The bundled sample `--ticks` plays by default.
@Suite struct SampleGIFTests {
  @Test func sampleGIF() throws {
    let provider = try GIFFrameProvider(bytes: SampleGIF.bytes)
    #expect(provider.canvasWidth == 32 && provider.canvasHeight == 32)
    #expect((8...12).contains(provider.frameCount))
    #expect(provider.rawLoopCount == 0 && provider.loopCount == .infinite)
    #expect(Set(provider.frameInfo.map(\.delayCentiseconds)).count >= 3)
    #expect(provider.frameInfo.contains { $0.transparentIndex != nil })
    #expect(provider.frameInfo.contains { $0.disposal == 2 || $0.disposal == 3 })
    for index in 0..<provider.frameCount {
      _ = try provider.frame(at: index)
      #expect(try provider.isFrameComplete(index))
    }
  }
}
