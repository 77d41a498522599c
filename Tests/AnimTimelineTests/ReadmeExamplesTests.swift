import Testing
@testable import AnimTimeline

/// The README's code examples, compiled and run on a ``ManualClock`` so
/// that what they compute can be checked: the frames the game loop shows,
/// the events the server loop delivers.
@Suite struct ReadmeExamplesTests {
  /// README "Game loop": the loop as written, with the clock a manual one
  /// that `render()` moves on by 20 ms, run for 30 frames.
  @Test func gameLoop() throws {
    struct Sprite { var frame = 0 }
    var sprite = Sprite()
    let clock = ManualClock()
    var rendered = 0
    var running: Bool { rendered < 30 }
    var shown: [Int] = []  // every frame the sprite was given
    func render() {
      rendered += 1
      clock.advance(by: .milliseconds(20))
    }

    let frames = try SyntheticFrameProvider(
      durations: [100_000_000, 50_000_000, 70_000_000])    // nanoseconds
    var timeline = try Timeline(provider: frames)
    timeline.play()

    var driver = TimelineDriver(clock: clock)               // README: ContinuousClock()
    while running {
      for event in driver.tick(&timeline) {                // time since last frame
        if case let .frameChanged(_, to, _) = event { sprite.frame = to; shown.append(to) }
      }
      render()
    }
    // The first tick anchors; the other 29 advance 20 ms each: 580 ms of a
    // 220 ms loop (frames start at 0, 100, 150 ms), so frame 1 comes at
    // 100 ms, frame 2 at 160 (150), frame 0 at 220, and so on; 580 ms is
    // in frame 1 of the third play (540..590).
    #expect(timeline.position == 580_000_000)
    #expect(shown == [1, 2, 0, 1, 2, 0, 1])
    #expect(sprite.frame == 1 && timeline.currentFrame == 1)
    #expect(timeline.completedIterations == 2)
  }
}

extension ReadmeExamplesTests {
  /// README "Sprites": the example as written, with `print` replaced by
  /// what it prints, checked.
  @Test func spritesRangesQueueAndCues() throws {
    var printed = ""
    func print(_ items: Any...) { printed = items.map { "\($0)" }.joined(separator: " ") }

    // 13 frames of 100 ms: idle 0...3, walk 4...9, attack 10...12.
    var hero = try Timeline(provider: SyntheticFrameProvider(
      durations: Array(repeating: 100_000_000, count: 13)))
    try hero.setRange(4...9)                            // walk, looping
    try hero.addCue("footstep", frame: 5)
    try hero.addCue("footstep", frame: 8)
    hero.play()

    var footsteps = 0
    let update = { (nanoseconds: Int64) throws in
      let events = try hero.tick(by: nanoseconds)
      for hit in hero.cueHits(in: events) {             // no allocation
        footsteps += Int(hit.count)                     // play the sound hit.count times
      }
    }
    for _ in 0..<60 { try update(16_666_667) }      // one second: 4 footsteps
    #expect(footsteps == 4)  // frame 5 at 100 and 700 ms, frame 8 at 400 and 1000 ms (60 ticks: 1000.00002 ms)
    try update(500_000_000)                          // a stall: the step on frame 5 still counts
    #expect(footsteps == 5)  // 1000 -> 1500 ms jumps over frame 5 at 1300 ms
    #expect(hero.currentFrame == 7)

    try hero.setRange(10...12)                           // attack once...
    try hero.setLoops(.once)
    try hero.queue(Clip(frames: 0...3, loops: .infinite))  // ...then back to idle
    try update(350_000_000)                          // 300 ms of attack, 50 ms of idle
    print(footsteps, hero.range, hero.currentFrame)      // 5 0...3 0

    #expect(printed == "5 0...3 0")
    #expect(hero.position == 50_000_000 && hero.queued == nil && hero.state == .playing)
  }
}

extension ReadmeExamplesTests {
  /// README "Sprite sheets": the example as written, nonisolated, over
  /// an export made here (ten 16×16 frames of 100 ms; idle 0...2
  /// ping-pong, walk 3...6, attack 7...9 with repeat "1"), with `print`
  /// replaced by what it prints, checked.
  @Test func spriteSheetWalkAttackIdle() throws {
    var printed = ""
    func print(_ items: Any...) { printed = items.map { "\($0)" }.joined(separator: " ") }
    let frames = (0..<10).map { index in
      #""hero \#(index).aseprite": {"frame": {"x": \#(16 * index), "y": 0, "w": 16, "h": 16}, "rotated": false, "trimmed": false, "spriteSourceSize": {"x": 0, "y": 0, "w": 16, "h": 16}, "sourceSize": {"w": 16, "h": 16}, "duration": 100}"#
    }
    let heroJSON = Array("""
      {"frames": {\(frames.joined(separator: ", "))}, "meta": {"image": "hero.png", "size": {"w": 160, "h": 16},
      "frameTags": [{"name": "idle", "from": 0, "to": 2, "direction": "pingpong"},
      {"name": "walk", "from": 3, "to": 6, "direction": "forward"},
      {"name": "attack", "from": 7, "to": 9, "direction": "forward", "repeat": "1"}]}}
      """.utf8)

    let sprites = SpriteSheetFrameProvider(sheet: try AsepriteSheet(bytes: heroJSON))
    let walk = try sprites.clip(named: "walk")
    let attack = try sprites.clip(named: "attack")
    let idle = try sprites.clip(named: "idle")

    var hero = try Timeline(provider: sprites)
    try hero.addCue("footstep", frame: 4)              // frames 0...9 are the sheet's own
    try hero.play(clip: walk)

    var footsteps = 0
    var walked: [Int] = []
    for _ in 0..<60 {                                  // one second of walk: 3 footsteps
      let events = try hero.tick(by: 16_666_667)
      for hit in hero.cueHits(in: events) { footsteps += Int(hit.count) }
      walked.append(try sprites.frame(shownBy: hero).sheetFrame)
    }
    // Walk shows 3, 4, 5, 6 for 100 ms each: frame 4 at 100, 500 and 900 ms.
    #expect(footsteps == 3)
    #expect(walked.first == 3 && walked.last == 5 && Set(walked) == [3, 4, 5, 6])
    try hero.play(clip: attack, then: idle)            // attack once, then idle
    #expect(try sprites.frame(shownBy: hero).sheetFrame == 7)
    _ = try hero.tick(by: 450_000_000)                 // 300 ms of attack, 150 of idle
    let region = try sprites.frame(shownBy: hero)      // what to draw now
    let rect = region.frame                            // this part of your texture
    print(footsteps, region.sheetFrame, rect.x, rect.y, rect.width, rect.height)  // 3 1 16 0 16 16
    #expect(printed == "3 1 16 0 16 16")
    // Idle is its ping-pong cycle 0, 1, 2, 1 (appended to the display list).
    #expect(hero.range == 10...13 && hero.queued == nil && hero.loops == .infinite)
    var idled: [Int] = []
    for _ in 0..<6 {
      _ = try hero.tick(by: 100_000_000)
      idled.append(try sprites.frame(shownBy: hero).sheetFrame)
    }
    #expect(idled == [2, 1, 0, 1, 2, 1])
  }
}

/// A GIF of three 100 ms frames on an 8×8 canvas, looping: the README's
/// "spinner.gif" (colours 1, 2, 3 of the test palette).
func spinnerGIF() -> [UInt8] {
  var file = TestGIFWriter(screenWidth: 8, screenHeight: 8)
  file.loopCount = 0
  for fill in [UInt8(1), 2, 3] {
    var frame = TestGIFWriter.Frame(width: 8, height: 8, fill: fill)
    frame.delay = 10  // centiseconds
    file.frames.append(frame)
  }
  return file.encode()
}

extension ReadmeExamplesTests {
  /// README "Pixels", nonisolated: the texture records what it is given.
  @Test func pixels() throws {
    final class Texture {
      var uploads: [(width: Int, height: Int, rgba: [UInt8])] = []
      func replace(width: Int, height: Int, rgba: [UInt8]) { uploads.append((width, height, rgba)) }
    }
    let texture = Texture()
    var printed = ""
    func print(_ items: Any...) { printed = items.map { "\($0)" }.joined(separator: " ") }

    let gif = try GIFFrameProvider(bytes: spinnerGIF())       // README: contentsOfFile: "spinner.gif"
    var spinner = try Timeline(provider: gif)
    spinner.play()
    if try spinner.tick(by: 120_000_000).frameChange != nil {
      try gif.withFrame(at: spinner.currentFrame) { image in   // no copy
        texture.replace(width: image.width, height: image.height, rgba: image.pixels)
      }
    }
    let still = try gif.frame(shownBy: spinner)                 // a copy you keep
    print(still.width, still.height, still.pixels.count)        // 4 bytes a pixel: R, G, B, A

    #expect(printed == "8 8 256")
    #expect(texture.uploads.count == 1)
    #expect(texture.uploads.first?.rgba == still.pixels)
    let first = try gif.frame(at: 0), second = try gif.frame(at: 1)
    #expect(still == second && still != first)
  }
}

// README "Server loop": the class as written (at file scope, as a user
// would declare it), and its use from a @MainActor test.
@MainActor final class AnimationServer {
  let gif: GIFFrameProvider
  private(set) var clients: [Int: Timeline] = [:]    // by client id
  var send: (Int, TickEvents) -> Void = { _, _ in }  // to the network

  init(gif: GIFFrameProvider) { self.gif = gif }

  func join(_ id: Int) throws {
    var timeline = try Timeline(provider: gif)
    timeline.play()
    clients[id] = timeline
  }
  func pause(_ id: Int) { clients[id]?.pause() }
  func leave(_ id: Int) { clients[id] = nil }

  /// Ticks every client 60 times a second until the task is cancelled.
  func run() async {
    let driver = TimelineDriver(clock: ContinuousClock())
    await driver.run(every: .milliseconds(16)) { nanoseconds, mode in
      for index in clients.values.indices {
        let events = clients.values[index].tick(nanoseconds: nanoseconds, mode: mode)
        if !events.isEmpty { send(clients.keys[index], events) }
      }
    }
  }

  /// What client `id` sees now, as a PNG poster and a 64×64 thumbnail.
  func snapshot(of id: Int) throws -> (poster: [UInt8], thumbnail: [UInt8])? {
    guard let timeline = clients[id] else { return nil }
    let frame = try gif.frame(shownBy: timeline)
    return (try frame.pngData(), try frame.resized(toFit: ImageSize(width: 64, height: 64)).pngData())
  }
}

extension ReadmeExamplesTests {
  /// The use of the server, as written: clients join, pause and leave
  /// while the loop runs; the poster and thumbnail are real PNG files of
  /// the frame client 3 sees.
  @MainActor @Test func serverLoop() async throws {
    var snapshots: [(poster: [UInt8], thumbnail: [UInt8])] = []
    func print(_ items: Any...) {}

    let server = AnimationServer(gif: try GIFFrameProvider(bytes: spinnerGIF()))  // README: contentsOfFile: "spinner.gif"
    try server.join(1)
    try server.join(2)
    let loop = Task { await server.run() }
    try server.join(3)                                    // while it runs
    server.pause(1)
    server.leave(2)
    if let (poster, thumbnail) = try server.snapshot(of: 3) {
      print(poster.count, thumbnail.count)                // PNG bytes, ready to send
      snapshots.append((poster, thumbnail))
    }
    loop.cancel()
    _ = await loop.value

    #expect(server.clients.keys.sorted() == [1, 3])
    #expect(server.clients[1]?.state == .paused && server.clients[3]?.state == .playing)
    let shown = try server.gif.frame(shownBy: try #require(server.clients[3]))
    let (poster, thumbnail) = try #require(snapshots.first)
    #expect(try RGBAImage(pngData: poster) == shown)
    let small = try RGBAImage(pngData: thumbnail)
    #expect(try small == shown.resized(toFit: ImageSize(width: 64, height: 64)))
    #expect(small.width <= 64 && small.height <= 64)
  }
}

extension ReadmeExamplesTests {
  /// README "Playing backward: a door": the example as written, with
  /// `print` replaced by what it prints, checked.
  @Test func doorClosesFromWhereItIs() throws {
    var printed = ""
    func print(_ items: Any...) { printed = items.map { "\($0)" }.joined(separator: " ") }
    var positions: [Int64] = []  // after each closing tick

    // 6 frames of 50 ms: the door shut (frame 0) to wide open (frame 5).
    var door = try Timeline(provider: SyntheticFrameProvider(
      durations: Array(repeating: 50_000_000, count: 6)))
    try door.setLoops(.once)
    try door.addCue("latch", frame: 0)
    door.play()                                      // opening...
    try door.tick(by: 180_000_000)                   // ...to frame 3, then let go:
    #expect(door.currentFrame == 3 && door.position == 180_000_000)
    door.reverse()                                   // close from where it is
    #expect(door.rate == Rate(-1) && door.state == .playing && door.position == 180_000_000)

    var clicks = 0
    for _ in 0..<12 {                                // 12 frames of 20 ms
      let events = try door.tick(by: 20_000_000)
      for hit in door.cueHits(in: events) { clicks += Int(hit.count) }
      positions.append(door.position)
    }
    print(door.state, door.currentFrame, clicks)     // finished 0 1

    #expect(printed == "finished 0 1")
    // 180 ms back in 20 ms steps: 0 after the ninth tick, where it
    // finished; the three ticks after it do nothing. The latch (frame 0)
    // is reached once, by the tick from 60 to 40 ms (frame 1 starts at 50).
    #expect(positions == [160, 140, 120, 100, 80, 60, 40, 20, 0, 0, 0, 0].map { $0 * 1_000_000 })
  }
}

extension ReadmeExamplesTests {
  /// README "Animated thumbnails and exports", nonisolated: the GIF's
  /// frames are the source's first two, each for half its duration.
  @Test func thumbnail() throws {
    var printed = ""
    func print(_ items: Any...) { printed = items.map { "\($0)" }.joined(separator: " ") }

    let upload = try GIFFrameProvider(bytes: spinnerGIF())   // README: contentsOfFile: "spinner.gif"
    var preview = try Timeline(provider: upload, configuration: TimelineConfiguration(rate: 2))
    try preview.setRange(0...1)                           // the first two frames, twice as fast
    let thumbnail = try AnimationSequence(
      provider: upload, timeline: preview, size: ImageSize(width: 64, height: 64))
    let gif = try GIFEncoder.encode(thumbnail)  // an animated GIF's bytes
    let decoded = try GIFFrameProvider(bytes: gif)
    print(decoded.frameCount, decoded.frameDuration(at: 0))  // 2 50000000

    #expect(printed == "2 50000000")
    #expect(try decoded.frame(at: 0) == upload.frame(at: 0))
    #expect(try decoded.frame(at: 1) == upload.frame(at: 1))
    #expect(decoded.frameDuration(at: 1) == 50_000_000)
    #expect(decoded.loopCount == upload.loopCount)
  }
}
