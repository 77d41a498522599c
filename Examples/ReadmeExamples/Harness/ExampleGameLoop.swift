// README "Game loop": a sprite, a `running` flag and a `render()` that
// takes 25 ms of real time; each copy of the example renders ten frames.

struct Sprite { var frame = 0 }
@MainActor var sprite = Sprite()
@MainActor var rendersLeft = 0
@MainActor var framesShown: [Int] = []
@MainActor var running: Bool { rendersLeft > 0 }

@MainActor func render() {
  rendersLeft -= 1
  framesShown.append(sprite.frame)
  pause(milliseconds: 25)
}

@MainActor func prepare() throws {
  sprite = Sprite()
  rendersLeft = 10
}

/// Ten renders of 25 ms cover more than the 100 ms of frame 0: each copy
/// must have shown another frame.
@MainActor func check() throws {
  try expect(framesShown.count == 20, "expected 20 renders, got \(framesShown.count)")
  try expect(framesShown[..<10].contains { $0 != 0 } && framesShown[10...].contains { $0 != 0 },
    "a copy never changed frame: \(framesShown)")
}
