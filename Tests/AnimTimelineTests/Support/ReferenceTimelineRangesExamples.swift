// Generated from /work/shared/spec/examples/ranges (the spec's worked
// examples for section 8), copied verbatim: each `.tl` script, its
// `.expected.jsonl` and, for a script that ends on an invalid line, the
// line and reason of its `.expected.err` (as the model's rejection).
// Regenerate rather than edit by hand.

/// One worked example of the spec.
struct SpecExample: Sendable, CustomStringConvertible {
  /// How the example's invalid last line must be rejected.
  enum Failure: Sendable, Equatable {
    /// By the model, with this rejection.
    case model(ReferenceTimeline.Rejection)
    /// By the script parser: a cue name that is not UTF-8.
    case notUTF8
    /// By the script parser: a malformed line (a bad number, a second
    /// sign, an unknown word).
    case malformed
    /// In any of these ways: an example read from the shared folder, whose
    /// `.expected.err` words its reason freely.
    case any
  }

  var name: String
  /// The `.tl` file's bytes.
  var script: [UInt8]
  /// The `.expected.jsonl` file.
  var expected: String
  /// The invalid line (from `.expected.err`) and how it is rejected.
  var failure: (line: Int, reason: Failure)?

  var description: String { name }
}

extension SpecExample {
  static let ranges: [SpecExample] = [
    SpecExample(
      name: "cue-first-frame",
      script: Array(#"""
# timeline-demo --script cue-first-frame.tl --json --frames 10ms,20ms,30ms
cue hit 0
cue hit 2
cue miss 1
play
tick 5ms           # play reaches no slot: frame 0, shown since play, fires no cue
tick 5ms           # lands on frame 1's start: frame event and cue together
uncue miss
tick 20ms          # reaches frame 2 (starts at 30ms)
tick 30ms          # reaches frame 0 of iteration 1 (starts at 60ms)
seek 0             # commands reach no slot
tick 1ns           # 0 < start(s) <= 1ns: nothing
"""#.utf8),
      expected: #"""
{"line": 2, "cmd": "cue", "state": "stopped", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 3, "cmd": "cue", "state": "stopped", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 4, "cmd": "cue", "state": "stopped", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 5, "cmd": "play", "state": "playing", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 6, "cmd": "tick", "state": "playing", "t": 5000000, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 7, "cmd": "tick", "state": "playing", "t": 10000000, "iteration": 0, "frame": 1, "suspended": false, "events": [{"type": "frame", "from": 0, "to": 1, "slots": 1}, {"type": "cue", "name": "miss", "frame": 1, "count": 1}]}
{"line": 8, "cmd": "uncue", "state": "playing", "t": 10000000, "iteration": 0, "frame": 1, "suspended": false, "events": []}
{"line": 9, "cmd": "tick", "state": "playing", "t": 30000000, "iteration": 0, "frame": 2, "suspended": false, "events": [{"type": "frame", "from": 1, "to": 2, "slots": 1}, {"type": "cue", "name": "hit", "frame": 2, "count": 1}]}
{"line": 10, "cmd": "tick", "state": "playing", "t": 60000000, "iteration": 1, "frame": 0, "suspended": false, "events": [{"type": "frame", "from": 2, "to": 0, "slots": 1}, {"type": "cue", "name": "hit", "frame": 0, "count": 1}, {"type": "loop", "completed": 1}]}
{"line": 11, "cmd": "seek", "state": "playing", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 12, "cmd": "tick", "state": "playing", "t": 1, "iteration": 0, "frame": 0, "suspended": false, "events": []}
"""#,
      failure: nil),
    SpecExample(
      name: "cue-invalid",
      script: Array(#"""
# timeline-demo --script cue-invalid.tl --json --frames 10ms,0ms,30ms
cue a 2
uncue nothing
range 2 2
cue b 0            # a frame outside the range is fine
cue b 1            # zero duration: invalid
"""#.utf8),
      expected: #"""
{"line": 2, "cmd": "cue", "state": "stopped", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 3, "cmd": "uncue", "state": "stopped", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 4, "cmd": "range", "state": "stopped", "t": 0, "iteration": 0, "frame": 2, "suspended": false, "events": []}
{"line": 5, "cmd": "cue", "state": "stopped", "t": 0, "iteration": 0, "frame": 2, "suspended": false, "events": []}
"""#,
      failure: (6, .model(.frameNotDisplayed))),
    SpecExample(
      name: "cue-name-not-utf8",
      script: [
        0x23, 0x20, 0x74, 0x69, 0x6d, 0x65, 0x6c, 0x69, 0x6e, 0x65, 0x2d, 0x64, 0x65, 0x6d, 0x6f, 0x20,
        0x2d, 0x2d, 0x73, 0x63, 0x72, 0x69, 0x70, 0x74, 0x20, 0x63, 0x75, 0x65, 0x2d, 0x6e, 0x61, 0x6d,
        0x65, 0x2d, 0x6e, 0x6f, 0x74, 0x2d, 0x75, 0x74, 0x66, 0x38, 0x2e, 0x74, 0x6c, 0x20, 0x2d, 0x2d,
        0x6a, 0x73, 0x6f, 0x6e, 0x20, 0x2d, 0x2d, 0x66, 0x72, 0x61, 0x6d, 0x65, 0x73, 0x20, 0x31, 0x30,
        0x6d, 0x73, 0x2c, 0x31, 0x30, 0x6d, 0x73, 0x0a, 0x63, 0x75, 0x65, 0x20, 0x63, 0x61, 0x66, 0xc3,
        0xa9, 0x20, 0x30, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x23, 0x20, 0x55, 0x54,
        0x46, 0x2d, 0x38, 0x20, 0x65, 0x2d, 0x61, 0x63, 0x75, 0x74, 0x65, 0x20, 0x28, 0x63, 0x33, 0x20,
        0x61, 0x39, 0x29, 0x3a, 0x20, 0x61, 0x20, 0x76, 0x61, 0x6c, 0x69, 0x64, 0x20, 0x6e, 0x61, 0x6d,
        0x65, 0x0a, 0x70, 0x6c, 0x61, 0x79, 0x0a, 0x63, 0x75, 0x65, 0x20, 0x63, 0x61, 0x66, 0xe9, 0x20,
        0x31, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x23, 0x20, 0x4c, 0x61, 0x74,
        0x69, 0x6e, 0x2d, 0x31, 0x20, 0x65, 0x2d, 0x61, 0x63, 0x75, 0x74, 0x65, 0x20, 0x28, 0x65, 0x39,
        0x29, 0x20, 0x61, 0x6c, 0x6f, 0x6e, 0x65, 0x3a, 0x20, 0x6e, 0x6f, 0x74, 0x20, 0x55, 0x54, 0x46,
        0x2d, 0x38, 0x2c, 0x20, 0x61, 0x6e, 0x20, 0x69, 0x6e, 0x76, 0x61, 0x6c, 0x69, 0x64, 0x20, 0x6c,
        0x69, 0x6e, 0x65, 0x0a,
      ],
      expected: #"""
{"line": 2, "cmd": "cue", "state": "stopped", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 3, "cmd": "play", "state": "playing", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
"""#,
      failure: (4, .notUTF8)),
    SpecExample(
      name: "cue-names-utf8",
      script: Array(#"""
# timeline-demo --script cue-names-utf8.tl --json --frames 10ms,10ms
cue 😀 1
cue Ａ 1
cue 足音 1
cue é 1
cue ß 1
cue a 1
cue Z 1
play
tick 10ms          # by UTF-8 bytes: Z a ß é 足音 Ａ 😀 (UTF-16 order would put 😀 before Ａ)
uncue 足音
tick 20ms
"""#.utf8),
      expected: #"""
{"line": 2, "cmd": "cue", "state": "stopped", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 3, "cmd": "cue", "state": "stopped", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 4, "cmd": "cue", "state": "stopped", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 5, "cmd": "cue", "state": "stopped", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 6, "cmd": "cue", "state": "stopped", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 7, "cmd": "cue", "state": "stopped", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 8, "cmd": "cue", "state": "stopped", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 9, "cmd": "play", "state": "playing", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 10, "cmd": "tick", "state": "playing", "t": 10000000, "iteration": 0, "frame": 1, "suspended": false, "events": [{"type": "frame", "from": 0, "to": 1, "slots": 1}, {"type": "cue", "name": "Z", "frame": 1, "count": 1}, {"type": "cue", "name": "a", "frame": 1, "count": 1}, {"type": "cue", "name": "ß", "frame": 1, "count": 1}, {"type": "cue", "name": "é", "frame": 1, "count": 1}, {"type": "cue", "name": "足音", "frame": 1, "count": 1}, {"type": "cue", "name": "Ａ", "frame": 1, "count": 1}, {"type": "cue", "name": "😀", "frame": 1, "count": 1}]}
{"line": 11, "cmd": "uncue", "state": "playing", "t": 10000000, "iteration": 0, "frame": 1, "suspended": false, "events": []}
{"line": 12, "cmd": "tick", "state": "playing", "t": 30000000, "iteration": 1, "frame": 1, "suspended": false, "events": [{"type": "cue", "name": "Z", "frame": 1, "count": 1}, {"type": "cue", "name": "a", "frame": 1, "count": 1}, {"type": "cue", "name": "ß", "frame": 1, "count": 1}, {"type": "cue", "name": "é", "frame": 1, "count": 1}, {"type": "cue", "name": "Ａ", "frame": 1, "count": 1}, {"type": "cue", "name": "😀", "frame": 1, "count": 1}, {"type": "loop", "completed": 1}]}
"""#,
      failure: nil),
    SpecExample(
      name: "cues-big-tick",
      script: Array(#"""
# timeline-demo --script cues-big-tick.tl --json --frames 1ns,2ns,0ns,3ns,1ns
max-step none
cue b 1
cue B 1            # two names on frame 1: by UTF-8 bytes, "B" before "b"
cue step 3
cue a 4
play
tick 1s            # skip: every frame reached about 1e9/7 times (0 < start <= 1s)
loops 200000000    # E = 1.4s
then 1 3 inf
tick 1s            # switches at E: frames 1 and 3 are reached in both ranges
"""#.utf8),
      expected: #"""
{"line": 2, "cmd": "max-step", "state": "stopped", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 3, "cmd": "cue", "state": "stopped", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 4, "cmd": "cue", "state": "stopped", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 5, "cmd": "cue", "state": "stopped", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 6, "cmd": "cue", "state": "stopped", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 7, "cmd": "play", "state": "playing", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 8, "cmd": "tick", "state": "playing", "t": 1000000000, "iteration": 142857142, "frame": 4, "suspended": false, "events": [{"type": "frame", "from": 0, "to": 4, "slots": 571428571}, {"type": "cue", "name": "B", "frame": 1, "count": 142857143}, {"type": "cue", "name": "b", "frame": 1, "count": 142857143}, {"type": "cue", "name": "step", "frame": 3, "count": 142857143}, {"type": "cue", "name": "a", "frame": 4, "count": 142857143}, {"type": "loop", "completed": 142857142}]}
{"line": 9, "cmd": "loops", "state": "playing", "t": 1000000000, "iteration": 142857142, "frame": 4, "suspended": false, "events": []}
{"line": 10, "cmd": "then", "state": "playing", "t": 1000000000, "iteration": 142857142, "frame": 4, "suspended": false, "events": []}
{"line": 11, "cmd": "tick", "state": "playing", "t": 600000000, "iteration": 120000000, "frame": 1, "suspended": false, "events": [{"type": "frame", "from": 4, "to": 1, "slots": 468571429}, {"type": "cue", "name": "B", "frame": 1, "count": 177142858}, {"type": "cue", "name": "b", "frame": 1, "count": 177142858}, {"type": "cue", "name": "step", "frame": 3, "count": 177142857}, {"type": "cue", "name": "a", "frame": 4, "count": 57142857}, {"type": "loop", "completed": 200000000}, {"type": "range", "from": 1, "to": 3}, {"type": "loop", "completed": 120000000}]}
"""#,
      failure: nil),
    SpecExample(
      name: "intro-loop",
      script: Array(#"""
# timeline-demo --script intro-loop.tl --json --frames 10ms,10ms,10ms,20ms,20ms
range 0 2          # the intro: L = 30ms
loops 1
then 3 4 inf       # then loop frames 3..4 (L = 40ms) forever
cue step 3
play
tick 16ms
tick 20ms          # T' = 36ms >= E = 30ms: switches, 6ms carried into the loop
tick 40ms
tick 1s
"""#.utf8),
      expected: #"""
{"line": 2, "cmd": "range", "state": "stopped", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 3, "cmd": "loops", "state": "stopped", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 4, "cmd": "then", "state": "stopped", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 5, "cmd": "cue", "state": "stopped", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 6, "cmd": "play", "state": "playing", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 7, "cmd": "tick", "state": "playing", "t": 16000000, "iteration": 0, "frame": 1, "suspended": false, "events": [{"type": "frame", "from": 0, "to": 1, "slots": 1}]}
{"line": 8, "cmd": "tick", "state": "playing", "t": 6000000, "iteration": 0, "frame": 3, "suspended": false, "events": [{"type": "frame", "from": 1, "to": 3, "slots": 2}, {"type": "cue", "name": "step", "frame": 3, "count": 1}, {"type": "loop", "completed": 1}, {"type": "range", "from": 3, "to": 4}]}
{"line": 9, "cmd": "tick", "state": "playing", "t": 46000000, "iteration": 1, "frame": 3, "suspended": false, "events": [{"type": "cue", "name": "step", "frame": 3, "count": 1}, {"type": "loop", "completed": 1}]}
{"line": 10, "cmd": "tick", "state": "playing", "t": 1046000000, "iteration": 26, "frame": 3, "suspended": false, "events": [{"type": "cue", "name": "step", "frame": 3, "count": 25}, {"type": "loop", "completed": 26}]}
"""#,
      failure: nil),
    SpecExample(
      name: "intro-loop-noskip",
      script: Array(#"""
# timeline-demo --script intro-loop-noskip.tl --json --frames 10ms,10ms,10ms,20ms,20ms
range 0 2
loops 1
then 3 4 inf
policy noskip
cue a 2
cue step 3
play
tick 15ms
tick 50ms          # past E counts as slot k*m = 3 > s + 1: stops at E - 1 (frame 2 reached)
tick 50ms          # from the last slot: switches with X = 0, reaching frame 3 at 0
tick 50ms
"""#.utf8),
      expected: #"""
{"line": 2, "cmd": "range", "state": "stopped", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 3, "cmd": "loops", "state": "stopped", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 4, "cmd": "then", "state": "stopped", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 5, "cmd": "policy", "state": "stopped", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 6, "cmd": "cue", "state": "stopped", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 7, "cmd": "cue", "state": "stopped", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 8, "cmd": "play", "state": "playing", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 9, "cmd": "tick", "state": "playing", "t": 15000000, "iteration": 0, "frame": 1, "suspended": false, "events": [{"type": "frame", "from": 0, "to": 1, "slots": 1}]}
{"line": 10, "cmd": "tick", "state": "playing", "t": 29999999, "iteration": 0, "frame": 2, "suspended": false, "events": [{"type": "frame", "from": 1, "to": 2, "slots": 1}, {"type": "cue", "name": "a", "frame": 2, "count": 1}]}
{"line": 11, "cmd": "tick", "state": "playing", "t": 0, "iteration": 0, "frame": 3, "suspended": false, "events": [{"type": "frame", "from": 2, "to": 3, "slots": 1}, {"type": "cue", "name": "step", "frame": 3, "count": 1}, {"type": "loop", "completed": 1}, {"type": "range", "from": 3, "to": 4}]}
{"line": 12, "cmd": "tick", "state": "playing", "t": 39999999, "iteration": 0, "frame": 4, "suspended": false, "events": [{"type": "frame", "from": 3, "to": 4, "slots": 1}]}
"""#,
      failure: nil),
    SpecExample(
      name: "noskip-switch-cue",
      script: Array(#"""
# timeline-demo --script noskip-switch-cue.tl --json --frames 10ms,10ms,20ms,30ms
range 0 1
loops 1
then 2 3 inf reverse   # the loop plays reversed: frame 3 is its first slot
policy noskip
cue land 3
cue mid 2
play
tick 10ms          # frame 0 -> 1, the last slot (k*m - 1 = 1)
tick 100ms         # T' >= E counts as slot 2 = s + 1: switches with X = 0, reaching frame 3 at 0
tick 100ms         # noskip: stops at start(2) - 1 = 49999999, reaching frame 2 (at 30ms)
"""#.utf8),
      expected: #"""
{"line": 2, "cmd": "range", "state": "stopped", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 3, "cmd": "loops", "state": "stopped", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 4, "cmd": "then", "state": "stopped", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 5, "cmd": "policy", "state": "stopped", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 6, "cmd": "cue", "state": "stopped", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 7, "cmd": "cue", "state": "stopped", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 8, "cmd": "play", "state": "playing", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 9, "cmd": "tick", "state": "playing", "t": 10000000, "iteration": 0, "frame": 1, "suspended": false, "events": [{"type": "frame", "from": 0, "to": 1, "slots": 1}]}
{"line": 10, "cmd": "tick", "state": "playing", "t": 0, "iteration": 0, "frame": 3, "suspended": false, "events": [{"type": "frame", "from": 1, "to": 3, "slots": 1}, {"type": "cue", "name": "land", "frame": 3, "count": 1}, {"type": "loop", "completed": 1}, {"type": "range", "from": 2, "to": 3}]}
{"line": 11, "cmd": "tick", "state": "playing", "t": 49999999, "iteration": 0, "frame": 2, "suspended": false, "events": [{"type": "frame", "from": 3, "to": 2, "slots": 1}, {"type": "cue", "name": "mid", "frame": 2, "count": 1}]}
"""#,
      failure: nil),
    SpecExample(
      name: "one-frame-then-idle",
      script: Array(#"""
# timeline-demo --script one-frame-then-idle.tl --json --frames 100ms,100ms,100ms,100ms,250ms
range 4 4          # the "hurt" pose: one frame of d > 0, L = 250ms; a range is never static
loops 2            # shown twice: E = 500ms
then 0 3 inf       # then idle (frames 0..3, L = 400ms) forever
cue ouch 4
cue idle 0
cue step 1
play               # play reaches no slot: the first showing of frame 4 fires no "ouch"
tick 100ms         # a one-frame range plays: T moves, no frame event
tick 200ms         # T = 300ms: iteration 1 began at 250ms: "ouch" and loop 1
tick 250ms         # T' = 550ms >= E: switches, X = 50ms; the switch reaches idle's frame 0
tick 100ms         # T = 150ms: frame 0 -> 1, "step"
"""#.utf8),
      expected: #"""
{"line": 2, "cmd": "range", "state": "stopped", "t": 0, "iteration": 0, "frame": 4, "suspended": false, "events": []}
{"line": 3, "cmd": "loops", "state": "stopped", "t": 0, "iteration": 0, "frame": 4, "suspended": false, "events": []}
{"line": 4, "cmd": "then", "state": "stopped", "t": 0, "iteration": 0, "frame": 4, "suspended": false, "events": []}
{"line": 5, "cmd": "cue", "state": "stopped", "t": 0, "iteration": 0, "frame": 4, "suspended": false, "events": []}
{"line": 6, "cmd": "cue", "state": "stopped", "t": 0, "iteration": 0, "frame": 4, "suspended": false, "events": []}
{"line": 7, "cmd": "cue", "state": "stopped", "t": 0, "iteration": 0, "frame": 4, "suspended": false, "events": []}
{"line": 8, "cmd": "play", "state": "playing", "t": 0, "iteration": 0, "frame": 4, "suspended": false, "events": []}
{"line": 9, "cmd": "tick", "state": "playing", "t": 100000000, "iteration": 0, "frame": 4, "suspended": false, "events": []}
{"line": 10, "cmd": "tick", "state": "playing", "t": 300000000, "iteration": 1, "frame": 4, "suspended": false, "events": [{"type": "cue", "name": "ouch", "frame": 4, "count": 1}, {"type": "loop", "completed": 1}]}
{"line": 11, "cmd": "tick", "state": "playing", "t": 50000000, "iteration": 0, "frame": 0, "suspended": false, "events": [{"type": "frame", "from": 4, "to": 0, "slots": 1}, {"type": "cue", "name": "idle", "frame": 0, "count": 1}, {"type": "loop", "completed": 2}, {"type": "range", "from": 0, "to": 3}]}
{"line": 12, "cmd": "tick", "state": "playing", "t": 150000000, "iteration": 0, "frame": 1, "suspended": false, "events": [{"type": "frame", "from": 0, "to": 1, "slots": 1}, {"type": "cue", "name": "step", "frame": 1, "count": 1}]}
"""#,
      failure: nil),
    SpecExample(
      name: "range-basics",
      script: Array(#"""
# timeline-demo --script range-basics.tl --json --frames 10ms,20ms,0ms,30ms,40ms --loops 2
play
tick 15ms
range 1 3          # while playing: T = 0, still playing; L = 50ms, E = 100ms
tick 25ms
seek-frame 3 1     # inside the range: t = 1*50ms + 20ms
tick 40ms          # reaches E of the range
range all          # finished becomes stopped
play
tick 15ms
range 3 3          # one frame with d > 0: not static (the provider is not); L = 30ms
tick 50ms          # plays: a loop, no frame event
seek 1s            # E = 2 * 30ms: finished
"""#.utf8),
      expected: #"""
{"line": 2, "cmd": "play", "state": "playing", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 3, "cmd": "tick", "state": "playing", "t": 15000000, "iteration": 0, "frame": 1, "suspended": false, "events": [{"type": "frame", "from": 0, "to": 1, "slots": 1}]}
{"line": 4, "cmd": "range", "state": "playing", "t": 0, "iteration": 0, "frame": 1, "suspended": false, "events": []}
{"line": 5, "cmd": "tick", "state": "playing", "t": 25000000, "iteration": 0, "frame": 3, "suspended": false, "events": [{"type": "frame", "from": 1, "to": 3, "slots": 1}]}
{"line": 6, "cmd": "seek-frame", "state": "playing", "t": 70000000, "iteration": 1, "frame": 3, "suspended": false, "events": []}
{"line": 7, "cmd": "tick", "state": "finished", "t": 100000000, "iteration": 1, "frame": 3, "suspended": false, "events": [{"type": "loop", "completed": 2}, {"type": "finished"}]}
{"line": 8, "cmd": "range", "state": "stopped", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 9, "cmd": "play", "state": "playing", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 10, "cmd": "tick", "state": "playing", "t": 15000000, "iteration": 0, "frame": 1, "suspended": false, "events": [{"type": "frame", "from": 0, "to": 1, "slots": 1}]}
{"line": 11, "cmd": "range", "state": "playing", "t": 0, "iteration": 0, "frame": 3, "suspended": false, "events": []}
{"line": 12, "cmd": "tick", "state": "playing", "t": 50000000, "iteration": 1, "frame": 3, "suspended": false, "events": [{"type": "loop", "completed": 1}]}
{"line": 13, "cmd": "seek", "state": "finished", "t": 60000000, "iteration": 1, "frame": 3, "suspended": false, "events": [{"type": "finished"}]}
"""#,
      failure: nil),
    SpecExample(
      name: "range-seek-frame-outside",
      script: Array(#"""
# timeline-demo --script range-seek-frame-outside.tl --json --frames 10ms,20ms,30ms,40ms
range 1 2
seek-frame 2
seek-frame 1 3
seek-frame 3       # frame 3 is outside the range: invalid
"""#.utf8),
      expected: #"""
{"line": 2, "cmd": "range", "state": "stopped", "t": 0, "iteration": 0, "frame": 1, "suspended": false, "events": []}
{"line": 3, "cmd": "seek-frame", "state": "paused", "t": 20000000, "iteration": 0, "frame": 2, "suspended": false, "events": []}
{"line": 4, "cmd": "seek-frame", "state": "paused", "t": 150000000, "iteration": 3, "frame": 1, "suspended": false, "events": []}
"""#,
      failure: (5, .model(.frameOutOfRange))),
    SpecExample(
      name: "static-range-invalid",
      script: Array(#"""
# timeline-demo --script static-range-invalid.tl --json --frames 40ms,0ms,0ms --loops 3
cue glint 0        # a cue is fine on a static timeline (m = 1); no tick reaches a slot
play
tick 1s            # static: nothing moves
range all          # a still image has no segments: every range line is invalid, even this one
"""#.utf8),
      expected: #"""
{"line": 2, "cmd": "cue", "state": "stopped", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 3, "cmd": "play", "state": "playing", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 4, "cmd": "tick", "state": "playing", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
"""#,
      failure: (5, .model(.staticTimeline))),
    SpecExample(
      name: "static-then-invalid",
      script: Array(#"""
# timeline-demo --script static-then-invalid.tl --json --frames 1s
play
tick 2s            # static (one frame): nothing moves, it never finishes
then 0 0 1         # every then line is invalid on a static timeline
"""#.utf8),
      expected: #"""
{"line": 2, "cmd": "play", "state": "playing", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 3, "cmd": "tick", "state": "playing", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
"""#,
      failure: (4, .model(.staticTimeline))),
    SpecExample(
      name: "then-all",
      script: Array(#"""
# timeline-demo --script then-all.tl --json --frames 10ms,20ms,30ms --loops 1
range 2 2          # one frame, one loop: E = 30ms
then all 2 alternate   # then every frame, 2 loops, alternating: L = 60ms, E = 120ms
cue x 0
cue y 2
play
tick 40ms          # switches: X = 10ms into [0, 2], frame 1; reaches frame 0 at 0
tick 50ms          # T = 60ms: iteration 1 is reversed and begins with frame 2 again
tick 1s            # finishes at E = 120ms on frame 0
"""#.utf8),
      expected: #"""
{"line": 2, "cmd": "range", "state": "stopped", "t": 0, "iteration": 0, "frame": 2, "suspended": false, "events": []}
{"line": 3, "cmd": "then", "state": "stopped", "t": 0, "iteration": 0, "frame": 2, "suspended": false, "events": []}
{"line": 4, "cmd": "cue", "state": "stopped", "t": 0, "iteration": 0, "frame": 2, "suspended": false, "events": []}
{"line": 5, "cmd": "cue", "state": "stopped", "t": 0, "iteration": 0, "frame": 2, "suspended": false, "events": []}
{"line": 6, "cmd": "play", "state": "playing", "t": 0, "iteration": 0, "frame": 2, "suspended": false, "events": []}
{"line": 7, "cmd": "tick", "state": "playing", "t": 10000000, "iteration": 0, "frame": 1, "suspended": false, "events": [{"type": "frame", "from": 2, "to": 1, "slots": 2}, {"type": "cue", "name": "x", "frame": 0, "count": 1}, {"type": "loop", "completed": 1}, {"type": "range", "from": 0, "to": 2}]}
{"line": 8, "cmd": "tick", "state": "playing", "t": 60000000, "iteration": 1, "frame": 2, "suspended": false, "events": [{"type": "frame", "from": 1, "to": 2, "slots": 2}, {"type": "cue", "name": "y", "frame": 2, "count": 2}, {"type": "loop", "completed": 1}]}
{"line": 9, "cmd": "tick", "state": "finished", "t": 120000000, "iteration": 1, "frame": 0, "suspended": false, "events": [{"type": "frame", "from": 2, "to": 0, "slots": 2}, {"type": "cue", "name": "x", "frame": 0, "count": 1}, {"type": "loop", "completed": 2}, {"type": "finished"}]}
"""#,
      failure: nil),
    SpecExample(
      name: "then-direction",
      script: Array(#"""
# timeline-demo --script then-direction.tl --json --frames 10ms,20ms,30ms,40ms --loops 1
range 0 1
then 2 3 2 reverse
play
tick 20ms
tick 50ms          # switches: 40ms into frames 2..3, reversed, 2 loops
then 0 1 1 forward
tick 1s            # switches, and the new range (1 loop) finishes in the same tick
play               # the current range restarts; the queue is empty now
tick 100ms
"""#.utf8),
      expected: #"""
{"line": 2, "cmd": "range", "state": "stopped", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 3, "cmd": "then", "state": "stopped", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 4, "cmd": "play", "state": "playing", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 5, "cmd": "tick", "state": "playing", "t": 20000000, "iteration": 0, "frame": 1, "suspended": false, "events": [{"type": "frame", "from": 0, "to": 1, "slots": 1}]}
{"line": 6, "cmd": "tick", "state": "playing", "t": 40000000, "iteration": 0, "frame": 2, "suspended": false, "events": [{"type": "frame", "from": 1, "to": 2, "slots": 2}, {"type": "loop", "completed": 1}, {"type": "range", "from": 2, "to": 3}]}
{"line": 7, "cmd": "then", "state": "playing", "t": 40000000, "iteration": 0, "frame": 2, "suspended": false, "events": []}
{"line": 8, "cmd": "tick", "state": "finished", "t": 30000000, "iteration": 0, "frame": 1, "suspended": false, "events": [{"type": "frame", "from": 2, "to": 1, "slots": 4}, {"type": "loop", "completed": 2}, {"type": "range", "from": 0, "to": 1}, {"type": "loop", "completed": 1}, {"type": "finished"}]}
{"line": 9, "cmd": "play", "state": "playing", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 10, "cmd": "tick", "state": "finished", "t": 30000000, "iteration": 0, "frame": 1, "suspended": false, "events": [{"type": "frame", "from": 0, "to": 1, "slots": 1}, {"type": "loop", "completed": 1}, {"type": "finished"}]}
"""#,
      failure: nil),
    SpecExample(
      name: "tick-on-frame-start",
      script: Array(#"""
# timeline-demo --script tick-on-frame-start.tl --json --frames 10ms,20ms,30ms
cue a 1
cue b 2
play
tick 10ms          # lands exactly on frame 1's start: the frame event and cue a in the same tick
tick 5ms           # frame 1 was reached already: nothing
tick 15ms          # T = 30ms, frame 2's start: frame event and cue b
tick 30ms          # T = 60ms: iteration 1, frame 0
direction reverse  # a command: frame 2 is shown now, with no event and no cue
tick 30ms          # reversed, frame 1 starts at 60 + (60 - 30) = 90ms: lands on it, cue a
"""#.utf8),
      expected: #"""
{"line": 2, "cmd": "cue", "state": "stopped", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 3, "cmd": "cue", "state": "stopped", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 4, "cmd": "play", "state": "playing", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 5, "cmd": "tick", "state": "playing", "t": 10000000, "iteration": 0, "frame": 1, "suspended": false, "events": [{"type": "frame", "from": 0, "to": 1, "slots": 1}, {"type": "cue", "name": "a", "frame": 1, "count": 1}]}
{"line": 6, "cmd": "tick", "state": "playing", "t": 15000000, "iteration": 0, "frame": 1, "suspended": false, "events": []}
{"line": 7, "cmd": "tick", "state": "playing", "t": 30000000, "iteration": 0, "frame": 2, "suspended": false, "events": [{"type": "frame", "from": 1, "to": 2, "slots": 1}, {"type": "cue", "name": "b", "frame": 2, "count": 1}]}
{"line": 8, "cmd": "tick", "state": "playing", "t": 60000000, "iteration": 1, "frame": 0, "suspended": false, "events": [{"type": "frame", "from": 2, "to": 0, "slots": 1}, {"type": "loop", "completed": 1}]}
{"line": 9, "cmd": "direction", "state": "playing", "t": 60000000, "iteration": 1, "frame": 2, "suspended": false, "events": []}
{"line": 10, "cmd": "tick", "state": "playing", "t": 90000000, "iteration": 1, "frame": 1, "suspended": false, "events": [{"type": "frame", "from": 2, "to": 1, "slots": 1}, {"type": "cue", "name": "a", "frame": 1, "count": 1}]}
"""#,
      failure: nil),
  ]
}
