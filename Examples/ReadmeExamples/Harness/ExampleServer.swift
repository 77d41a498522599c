import AnimTimeline

// README "Server loop": spinner.gif on disk; the printed byte counts must
// be those of real PNG files.

@MainActor func prepare() throws {
  try writeSpinnerGIF()
  captureOutput()
}

@MainActor func check() throws {
  let printed = printedLines()
  try expect(printed.count == 2, "expected a poster and a thumbnail from each copy, got \(printed)")
  for line in printed {
    let counts = line.split(separator: " ").compactMap { Int($0) }
    try expect(counts.count == 2 && counts.allSatisfy { $0 > 57 }, "not PNG sizes: \(line)")
  }
}
