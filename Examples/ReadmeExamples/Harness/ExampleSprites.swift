// README "Sprites": self-contained; its `print` is checked.

@MainActor func prepare() throws {
  captureOutput()
}

@MainActor func check() throws {
  let printed = printedLines()
  try expect(printed == ["5 0...3 0", "5 0...3 0"], "printed \(printed), the README says 5 0...3 0")
}
