// README "Playing backward: a door": self-contained; its `print` is checked.

@MainActor func prepare() throws {
  captureOutput()
}

@MainActor func check() throws {
  let printed = printedLines()
  try expect(printed == ["finished 0 1", "finished 0 1"], "printed \(printed), the README says finished 0 1")
}
