import AnimTimeline

// README "Animated thumbnails and exports": spinner.gif on disk (three
// 8×8 frames of 100 ms); the example decodes its own GIF and prints it.

@MainActor func prepare() throws {
  try writeSpinnerGIF()
  captureOutput()
}

/// Frames 0 and 1 at rate 2: two frames of 50 ms.
@MainActor func check() throws {
  let printed = printedLines()
  try expect(printed == ["2 50000000", "2 50000000"], "printed \(printed), the README says 2 50000000")
}
