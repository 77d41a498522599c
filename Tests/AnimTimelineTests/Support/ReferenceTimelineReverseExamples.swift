// Generated from /work/shared/spec/examples/reverse (the spec's worked
// examples for section 9), copied verbatim: each `.tl` script, its
// `.expected.jsonl` and, for a script that ends on an invalid line, the
// line of its `.expected.err` and how the model's runner rejects it.
// Regenerate rather than edit by hand.

extension SpecExample {
  static let reverse: [SpecExample] = [
    SpecExample(
      name: "bad-rates",
      script: Array(#"""
# timeline-demo --script bad-rates.tl --json --frames 10ms,10ms
rate -0            # zero
rate -0.000001     # one millionth, backward
reverse            # forward again
rate --1           # invalid: one sign at most
"""#.utf8),
      expected: #"""
{"line": 2, "cmd": "rate", "state": "stopped", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 3, "cmd": "rate", "state": "stopped", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 4, "cmd": "reverse", "state": "stopped", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
"""#,
      failure: (5, .malformed)),
    SpecExample(
      name: "carry-reverse",
      script: Array(#"""
# timeline-demo --script carry-reverse.tl --json --frames 10ms,10ms --loops 1
rate -0.5
seek 15ms
play
tick 1ns           # 500000 millionths: A = 0, carry = 500000
reverse            # carry = 0
tick 1ns           # 500000 again: A = 0, t stays 15ms (a kept carry would make A = 1)
tick 1ns           # 1000000: A = 1, forward: 15000001
"""#.utf8),
      expected: #"""
{"line": 2, "cmd": "rate", "state": "stopped", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 3, "cmd": "seek", "state": "paused", "t": 15000000, "iteration": 0, "frame": 1, "suspended": false, "events": []}
{"line": 4, "cmd": "play", "state": "playing", "t": 15000000, "iteration": 0, "frame": 1, "suspended": false, "events": []}
{"line": 5, "cmd": "tick", "state": "playing", "t": 15000000, "iteration": 0, "frame": 1, "suspended": false, "events": []}
{"line": 6, "cmd": "reverse", "state": "playing", "t": 15000000, "iteration": 0, "frame": 1, "suspended": false, "events": []}
{"line": 7, "cmd": "tick", "state": "playing", "t": 15000000, "iteration": 0, "frame": 1, "suspended": false, "events": []}
{"line": 8, "cmd": "tick", "state": "playing", "t": 15000001, "iteration": 0, "frame": 1, "suspended": false, "events": []}
"""#,
      failure: nil),
    SpecExample(
      name: "cues-backward",
      script: Array(#"""
# timeline-demo --script cues-backward.tl --json --frames 10ms,10ms,10ms --loops 3
cue step 1
cue b 2
cue a 2
play
tick 1s            # to E = 90ms: finished
reverse
play
tick 5ms           # 85ms: still frame 2 (the slot shown at E), no cue
tick 10ms          # 75ms: slot 7 (frame 1, 70..80): the step cue of the slot entered at its end
tick 30ms          # 45ms: entered slot 6 (frame 0, ends 70), 5 (frame 2, ends 60), 4 (frame 1, ends 50)
tick 1s            # to 0: finished, every slot below counted once
"""#.utf8),
      expected: #"""
{"line": 2, "cmd": "cue", "state": "stopped", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 3, "cmd": "cue", "state": "stopped", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 4, "cmd": "cue", "state": "stopped", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 5, "cmd": "play", "state": "playing", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 6, "cmd": "tick", "state": "finished", "t": 90000000, "iteration": 2, "frame": 2, "suspended": false, "events": [{"type": "frame", "from": 0, "to": 2, "slots": 8}, {"type": "cue", "name": "step", "frame": 1, "count": 3}, {"type": "cue", "name": "a", "frame": 2, "count": 3}, {"type": "cue", "name": "b", "frame": 2, "count": 3}, {"type": "loop", "completed": 3}, {"type": "finished"}]}
{"line": 7, "cmd": "reverse", "state": "finished", "t": 90000000, "iteration": 2, "frame": 2, "suspended": false, "events": []}
{"line": 8, "cmd": "play", "state": "playing", "t": 90000000, "iteration": 2, "frame": 2, "suspended": false, "events": []}
{"line": 9, "cmd": "tick", "state": "playing", "t": 85000000, "iteration": 2, "frame": 2, "suspended": false, "events": [{"type": "loop", "completed": 2}]}
{"line": 10, "cmd": "tick", "state": "playing", "t": 75000000, "iteration": 2, "frame": 1, "suspended": false, "events": [{"type": "frame", "from": 2, "to": 1, "slots": -1}, {"type": "cue", "name": "step", "frame": 1, "count": 1}]}
{"line": 11, "cmd": "tick", "state": "playing", "t": 45000000, "iteration": 1, "frame": 1, "suspended": false, "events": [{"type": "cue", "name": "a", "frame": 2, "count": 1}, {"type": "cue", "name": "b", "frame": 2, "count": 1}, {"type": "cue", "name": "step", "frame": 1, "count": 1}, {"type": "loop", "completed": 1}]}
{"line": 12, "cmd": "tick", "state": "finished", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": [{"type": "frame", "from": 1, "to": 0, "slots": -4}, {"type": "cue", "name": "a", "frame": 2, "count": 1}, {"type": "cue", "name": "b", "frame": 2, "count": 1}, {"type": "cue", "name": "step", "frame": 1, "count": 1}, {"type": "loop", "completed": 0}, {"type": "finished"}]}
"""#,
      failure: nil),
    SpecExample(
      name: "cues-backward-alternate",
      script: Array(#"""
# timeline-demo --script cues-backward-alternate.tl --json --frames 10ms,20ms,0ms,30ms --loops 3
direction alternate
cue a 0
cue b 3
cue c 1
rate -1
play               # T = E = 180ms: iteration 2 (forward) shows frame 3 at E
tick 100ms         # 80ms: down through iteration 2 and into iteration 1 (reversed)
tick 1s            # to 0: finished
"""#.utf8),
      expected: #"""
{"line": 2, "cmd": "direction", "state": "stopped", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 3, "cmd": "cue", "state": "stopped", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 4, "cmd": "cue", "state": "stopped", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 5, "cmd": "cue", "state": "stopped", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 6, "cmd": "rate", "state": "stopped", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 7, "cmd": "play", "state": "playing", "t": 180000000, "iteration": 2, "frame": 3, "suspended": false, "events": []}
{"line": 8, "cmd": "tick", "state": "playing", "t": 80000000, "iteration": 1, "frame": 3, "suspended": false, "events": [{"type": "cue", "name": "c", "frame": 1, "count": 2}, {"type": "cue", "name": "a", "frame": 0, "count": 2}, {"type": "cue", "name": "b", "frame": 3, "count": 1}, {"type": "loop", "completed": 1}]}
{"line": 9, "cmd": "tick", "state": "finished", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": [{"type": "frame", "from": 3, "to": 0, "slots": -3}, {"type": "cue", "name": "b", "frame": 3, "count": 1}, {"type": "cue", "name": "c", "frame": 1, "count": 1}, {"type": "cue", "name": "a", "frame": 0, "count": 1}, {"type": "loop", "completed": 0}, {"type": "finished"}]}
"""#,
      failure: nil),
    SpecExample(
      name: "door",
      script: Array(#"""
# timeline-demo --script door.tl --json --frames 10ms,10ms,10ms,10ms --loops 1
play
tick 25ms          # opening: frame 2
tick 30ms          # open: the end E = 40ms, finished
reverse            # rate -1: nothing moves yet, still finished
play               # finished at E, moving backward: plays back from E
tick 5ms           # 35ms: still the last frame
tick 10ms          # 25ms: frame 2, one slot back
tick 30ms          # past 0: clamped to 0, finished
"""#.utf8),
      expected: #"""
{"line": 2, "cmd": "play", "state": "playing", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 3, "cmd": "tick", "state": "playing", "t": 25000000, "iteration": 0, "frame": 2, "suspended": false, "events": [{"type": "frame", "from": 0, "to": 2, "slots": 2}]}
{"line": 4, "cmd": "tick", "state": "finished", "t": 40000000, "iteration": 0, "frame": 3, "suspended": false, "events": [{"type": "frame", "from": 2, "to": 3, "slots": 1}, {"type": "loop", "completed": 1}, {"type": "finished"}]}
{"line": 5, "cmd": "reverse", "state": "finished", "t": 40000000, "iteration": 0, "frame": 3, "suspended": false, "events": []}
{"line": 6, "cmd": "play", "state": "playing", "t": 40000000, "iteration": 0, "frame": 3, "suspended": false, "events": []}
{"line": 7, "cmd": "tick", "state": "playing", "t": 35000000, "iteration": 0, "frame": 3, "suspended": false, "events": [{"type": "loop", "completed": 0}]}
{"line": 8, "cmd": "tick", "state": "playing", "t": 25000000, "iteration": 0, "frame": 2, "suspended": false, "events": [{"type": "frame", "from": 3, "to": 2, "slots": -1}]}
{"line": 9, "cmd": "tick", "state": "finished", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": [{"type": "frame", "from": 2, "to": 0, "slots": -2}, {"type": "finished"}]}
"""#,
      failure: nil),
    SpecExample(
      name: "infinite-backward",
      script: Array(#"""
# timeline-demo --script infinite-backward.tl --json --frames 10ms,20ms
play
tick 75ms          # infinite loops: iteration 2
reverse
tick 40ms          # back to 35ms
play               # already playing: no change
tick 100ms         # reaches 0: finished, even with infinite loops
play               # infinite and moving backward: no end to play back from, t stays 0
tick 1ms           # finishes again at once
rate 1
play
tick 15ms
"""#.utf8),
      expected: #"""
{"line": 2, "cmd": "play", "state": "playing", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 3, "cmd": "tick", "state": "playing", "t": 75000000, "iteration": 2, "frame": 1, "suspended": false, "events": [{"type": "frame", "from": 0, "to": 1, "slots": 5}, {"type": "loop", "completed": 2}]}
{"line": 4, "cmd": "reverse", "state": "playing", "t": 75000000, "iteration": 2, "frame": 1, "suspended": false, "events": []}
{"line": 5, "cmd": "tick", "state": "playing", "t": 35000000, "iteration": 1, "frame": 0, "suspended": false, "events": [{"type": "frame", "from": 1, "to": 0, "slots": -3}, {"type": "loop", "completed": 1}]}
{"line": 6, "cmd": "play", "state": "playing", "t": 35000000, "iteration": 1, "frame": 0, "suspended": false, "events": []}
{"line": 7, "cmd": "tick", "state": "finished", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": [{"type": "loop", "completed": 0}, {"type": "finished"}]}
{"line": 8, "cmd": "play", "state": "playing", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 9, "cmd": "tick", "state": "finished", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": [{"type": "finished"}]}
{"line": 10, "cmd": "rate", "state": "finished", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 11, "cmd": "play", "state": "playing", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 12, "cmd": "tick", "state": "playing", "t": 15000000, "iteration": 0, "frame": 1, "suspended": false, "events": [{"type": "frame", "from": 0, "to": 1, "slots": 1}]}
"""#,
      failure: nil),
    SpecExample(
      name: "land-on-zero",
      script: Array(#"""
# timeline-demo --script land-on-zero.tl --json --frames 10ms,10ms --loops 1
rate -1
seek 15ms
play
tick 15ms          # exactly 0: finished (T' <= 0)
"""#.utf8),
      expected: #"""
{"line": 2, "cmd": "rate", "state": "stopped", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 3, "cmd": "seek", "state": "paused", "t": 15000000, "iteration": 0, "frame": 1, "suspended": false, "events": []}
{"line": 4, "cmd": "play", "state": "playing", "t": 15000000, "iteration": 0, "frame": 1, "suspended": false, "events": []}
{"line": 5, "cmd": "tick", "state": "finished", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": [{"type": "frame", "from": 1, "to": 0, "slots": -1}, {"type": "finished"}]}
"""#,
      failure: nil),
    SpecExample(
      name: "loops-backward",
      script: Array(#"""
# timeline-demo --script loops-backward.tl --json --frames 10ms,10ms --loops 3
rate -1
play               # T = E = 60ms
tick 5ms           # 55ms: completed falls from 3 to 2
loops 2            # T >= E = 40ms: T = 40ms; a negative rate never finishes here: still playing
tick 5ms           # 35ms: leaving E again, completed 1
pause
loops 1            # paused: T = E = 20ms, still paused, no event
play
tick 20ms          # to 0: finished
"""#.utf8),
      expected: #"""
{"line": 2, "cmd": "rate", "state": "stopped", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 3, "cmd": "play", "state": "playing", "t": 60000000, "iteration": 2, "frame": 1, "suspended": false, "events": []}
{"line": 4, "cmd": "tick", "state": "playing", "t": 55000000, "iteration": 2, "frame": 1, "suspended": false, "events": [{"type": "loop", "completed": 2}]}
{"line": 5, "cmd": "loops", "state": "playing", "t": 40000000, "iteration": 1, "frame": 1, "suspended": false, "events": []}
{"line": 6, "cmd": "tick", "state": "playing", "t": 35000000, "iteration": 1, "frame": 1, "suspended": false, "events": [{"type": "loop", "completed": 1}]}
{"line": 7, "cmd": "pause", "state": "paused", "t": 35000000, "iteration": 1, "frame": 1, "suspended": false, "events": []}
{"line": 8, "cmd": "loops", "state": "paused", "t": 20000000, "iteration": 0, "frame": 1, "suspended": false, "events": []}
{"line": 9, "cmd": "play", "state": "playing", "t": 20000000, "iteration": 0, "frame": 1, "suspended": false, "events": []}
{"line": 10, "cmd": "tick", "state": "finished", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": [{"type": "frame", "from": 1, "to": 0, "slots": -1}, {"type": "loop", "completed": 0}, {"type": "finished"}]}
"""#,
      failure: nil),
    SpecExample(
      name: "noskip-backward",
      script: Array(#"""
# timeline-demo --script noskip-backward.tl --json --frames 10ms,10ms,10ms,10ms,10ms --loops 1
policy noskip
rate -1
play               # t = E = 50ms, frame 4
tick 35ms          # at most one new frame: start of slot 3 = 30ms
tick 1ns           # 29.999999ms: frame 2
tick 1s            # one more frame only: slot 1 starts at 10ms, frame 1
"""#.utf8),
      expected: #"""
{"line": 2, "cmd": "policy", "state": "stopped", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 3, "cmd": "rate", "state": "stopped", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 4, "cmd": "play", "state": "playing", "t": 50000000, "iteration": 0, "frame": 4, "suspended": false, "events": []}
{"line": 5, "cmd": "tick", "state": "playing", "t": 30000000, "iteration": 0, "frame": 3, "suspended": false, "events": [{"type": "frame", "from": 4, "to": 3, "slots": -1}, {"type": "loop", "completed": 0}]}
{"line": 6, "cmd": "tick", "state": "playing", "t": 29999999, "iteration": 0, "frame": 2, "suspended": false, "events": [{"type": "frame", "from": 3, "to": 2, "slots": -1}]}
{"line": 7, "cmd": "tick", "state": "playing", "t": 10000000, "iteration": 0, "frame": 1, "suspended": false, "events": [{"type": "frame", "from": 2, "to": 1, "slots": -1}]}
"""#,
      failure: nil),
    SpecExample(
      name: "pause-play-backward",
      script: Array(#"""
# timeline-demo --script pause-play-backward.tl --json --frames 10ms,10ms,10ms --loops 1
rate -1
play               # T = E = 30ms
tick 12ms          # 18ms
pause
play               # T != 0: no jump, plays back from 18ms
tick 1ms           # 17ms
"""#.utf8),
      expected: #"""
{"line": 2, "cmd": "rate", "state": "stopped", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 3, "cmd": "play", "state": "playing", "t": 30000000, "iteration": 0, "frame": 2, "suspended": false, "events": []}
{"line": 4, "cmd": "tick", "state": "playing", "t": 18000000, "iteration": 0, "frame": 1, "suspended": false, "events": [{"type": "frame", "from": 2, "to": 1, "slots": -1}, {"type": "loop", "completed": 0}]}
{"line": 5, "cmd": "pause", "state": "paused", "t": 18000000, "iteration": 0, "frame": 1, "suspended": false, "events": []}
{"line": 6, "cmd": "play", "state": "playing", "t": 18000000, "iteration": 0, "frame": 1, "suspended": false, "events": []}
{"line": 7, "cmd": "tick", "state": "playing", "t": 17000000, "iteration": 0, "frame": 1, "suspended": false, "events": []}
"""#,
      failure: nil),
    SpecExample(
      name: "play-back-from-end",
      script: Array(#"""
# timeline-demo --script play-back-from-end.tl --json --frames 100ms,100ms,100ms --loops 2
rate -1
play               # stopped at 0, moving backward, finite: starts at E = 600ms
tick 50ms          # 550ms: the last frame, completed falls from 2 to 1
tick 100ms         # 450ms: frame 1
seek 0             # 0 is the end moving backward: finished
play               # plays back from E again
stop
rate 1
play
tick 150ms         # forward as before
"""#.utf8),
      expected: #"""
{"line": 2, "cmd": "rate", "state": "stopped", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 3, "cmd": "play", "state": "playing", "t": 600000000, "iteration": 1, "frame": 2, "suspended": false, "events": []}
{"line": 4, "cmd": "tick", "state": "playing", "t": 550000000, "iteration": 1, "frame": 2, "suspended": false, "events": [{"type": "loop", "completed": 1}]}
{"line": 5, "cmd": "tick", "state": "playing", "t": 450000000, "iteration": 1, "frame": 1, "suspended": false, "events": [{"type": "frame", "from": 2, "to": 1, "slots": -1}]}
{"line": 6, "cmd": "seek", "state": "finished", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": [{"type": "finished"}]}
{"line": 7, "cmd": "play", "state": "playing", "t": 600000000, "iteration": 1, "frame": 2, "suspended": false, "events": []}
{"line": 8, "cmd": "stop", "state": "stopped", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 9, "cmd": "rate", "state": "stopped", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 10, "cmd": "play", "state": "playing", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 11, "cmd": "tick", "state": "playing", "t": 150000000, "iteration": 0, "frame": 1, "suspended": false, "events": [{"type": "frame", "from": 0, "to": 1, "slots": 1}]}
"""#,
      failure: nil),
    SpecExample(
      name: "range-backward",
      script: Array(#"""
# timeline-demo --script range-backward.tl --json --frames 10ms,10ms,10ms,10ms,10ms,10ms --loops 1
then 0 1 inf       # queued: never used moving backward
rate -1
range 3 5          # stopped: stays at 0; play enters the range from its end
play
tick 15ms          # 15ms: frame 4
tick 1s            # 0: finished at frame 3, no switch
rate 1
play               # forward from finished at 0: t = 0
tick 1s            # reaches E: switches to the queued range
"""#.utf8),
      expected: #"""
{"line": 2, "cmd": "then", "state": "stopped", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 3, "cmd": "rate", "state": "stopped", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 4, "cmd": "range", "state": "stopped", "t": 0, "iteration": 0, "frame": 3, "suspended": false, "events": []}
{"line": 5, "cmd": "play", "state": "playing", "t": 30000000, "iteration": 0, "frame": 5, "suspended": false, "events": []}
{"line": 6, "cmd": "tick", "state": "playing", "t": 15000000, "iteration": 0, "frame": 4, "suspended": false, "events": [{"type": "frame", "from": 5, "to": 4, "slots": -1}, {"type": "loop", "completed": 0}]}
{"line": 7, "cmd": "tick", "state": "finished", "t": 0, "iteration": 0, "frame": 3, "suspended": false, "events": [{"type": "frame", "from": 4, "to": 3, "slots": -1}, {"type": "finished"}]}
{"line": 8, "cmd": "rate", "state": "finished", "t": 0, "iteration": 0, "frame": 3, "suspended": false, "events": []}
{"line": 9, "cmd": "play", "state": "playing", "t": 0, "iteration": 0, "frame": 3, "suspended": false, "events": []}
{"line": 10, "cmd": "tick", "state": "playing", "t": 970000000, "iteration": 48, "frame": 1, "suspended": false, "events": [{"type": "frame", "from": 3, "to": 1, "slots": 100}, {"type": "loop", "completed": 1}, {"type": "range", "from": 0, "to": 1}, {"type": "loop", "completed": 48}]}
"""#,
      failure: nil),
    SpecExample(
      name: "rate-rounding-negative",
      script: Array(#"""
# timeline-demo --script rate-rounding-negative.tl --json --frames 10ms,10ms --loops 1
rate -0.0000015    # the magnitude is rounded half up: -2 millionths, the opposite of rate 0.0000015
seek 15ms
play
tick 1ms           # 1000000 ns * 2 millionths: A = 2 ns
reverse
tick 1ms           # +2 ns
"""#.utf8),
      expected: #"""
{"line": 2, "cmd": "rate", "state": "stopped", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 3, "cmd": "seek", "state": "paused", "t": 15000000, "iteration": 0, "frame": 1, "suspended": false, "events": []}
{"line": 4, "cmd": "play", "state": "playing", "t": 15000000, "iteration": 0, "frame": 1, "suspended": false, "events": []}
{"line": 5, "cmd": "tick", "state": "playing", "t": 14999998, "iteration": 0, "frame": 1, "suspended": false, "events": []}
{"line": 6, "cmd": "reverse", "state": "playing", "t": 14999998, "iteration": 0, "frame": 1, "suspended": false, "events": []}
{"line": 7, "cmd": "tick", "state": "playing", "t": 15000000, "iteration": 0, "frame": 1, "suspended": false, "events": []}
"""#,
      failure: nil),
    SpecExample(
      name: "reverse-midway",
      script: Array(#"""
# timeline-demo --script reverse-midway.tl --json --frames 10ms,20ms,30ms --loops 2
play
tick 45ms          # frame 2 (30..60ms) of iteration 0
reverse
tick 20ms          # back to 25ms: frame 1
tick 10ms          # 15ms
reverse            # forward again from here
tick 50ms          # 65ms: iteration 1, frame 0
rate -2
tick 10ms          # 20ms back: 45ms, iteration 0, loop event (completed 0)
"""#.utf8),
      expected: #"""
{"line": 2, "cmd": "play", "state": "playing", "t": 0, "iteration": 0, "frame": 0, "suspended": false, "events": []}
{"line": 3, "cmd": "tick", "state": "playing", "t": 45000000, "iteration": 0, "frame": 2, "suspended": false, "events": [{"type": "frame", "from": 0, "to": 2, "slots": 2}]}
{"line": 4, "cmd": "reverse", "state": "playing", "t": 45000000, "iteration": 0, "frame": 2, "suspended": false, "events": []}
{"line": 5, "cmd": "tick", "state": "playing", "t": 25000000, "iteration": 0, "frame": 1, "suspended": false, "events": [{"type": "frame", "from": 2, "to": 1, "slots": -1}]}
{"line": 6, "cmd": "tick", "state": "playing", "t": 15000000, "iteration": 0, "frame": 1, "suspended": false, "events": []}
{"line": 7, "cmd": "reverse", "state": "playing", "t": 15000000, "iteration": 0, "frame": 1, "suspended": false, "events": []}
{"line": 8, "cmd": "tick", "state": "playing", "t": 65000000, "iteration": 1, "frame": 0, "suspended": false, "events": [{"type": "frame", "from": 1, "to": 0, "slots": 2}, {"type": "loop", "completed": 1}]}
{"line": 9, "cmd": "rate", "state": "playing", "t": 65000000, "iteration": 1, "frame": 0, "suspended": false, "events": []}
{"line": 10, "cmd": "tick", "state": "playing", "t": 45000000, "iteration": 0, "frame": 2, "suspended": false, "events": [{"type": "frame", "from": 0, "to": 2, "slots": -1}, {"type": "loop", "completed": 0}]}
"""#,
      failure: nil),
  ]
}
