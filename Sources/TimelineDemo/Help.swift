/// The `--help` text: every option, each with an example.
enum Help {
  static let text = """
  timeline-demo: simulate, script and inspect AnimTimeline timelines.

  USAGE
    timeline-demo --ticks N [options]        simulate N ticks of a manual clock
    timeline-demo --script FILE [options]    run a timeline script (spec section 7)
    timeline-demo info FILE.gif [--json] [--crc]
    timeline-demo frames FILE.gif --out DIR [--format pam|png]
    timeline-demo frame FILE.gif (--at TIME | --index N) --out FILE [--format png|pam]
    timeline-demo play FILE.gif [--loops K|inf] [--duration D]
    timeline-demo bench tick|many|seek|decode|access ...   (release builds)
    timeline-demo --help

  FRAMES (for --ticks and --script; --ticks defaults to the bundled sample GIF)
    --frames LIST        frame durations          --frames 100ms,50ms,70ms
    --gif FILE           frames of a GIF file     --gif anim.gif
    --loops K|inf        total plays              --loops 3

  TIMELINE (starting configuration)
    --rate R             playback rate            --rate 1.5
    --direction D        forward|reverse|alternate|alternate-reverse
                                                  --direction alternate
    --max-step D|none    longest tick             --max-step 250ms
    --policy P           skip|noskip              --policy noskip
    --modes A,B          active run modes         --modes default,tracking

  --ticks
    --hz F               ticks per second         --hz 120
    --jitter SEED        seeded jitter and stalls --jitter 7
    --json               one JSON object per tick, then a summary object
    --summary            only the closing summary

  --script
    --json               one JSON object per command line

  play
    --duration D         stop after D             --duration 10s
    (q or Ctrl-C quits; timeline options above apply)

  bench (each prints one key=value line; --json for one JSON object)
    bench tick --count N [--frames LIST] [--step D]
                                                  bench tick --count 10000000 --step 16.666667ms
    bench many --timelines N --ticks T [--separate-tables]
                                                  bench many --timelines 1000000 --ticks 60
    bench seek --frames N --count K [--zero-every K]
                                                  bench seek --frames 1000000
    bench decode FILE.gif --repeat N              bench decode anim.gif --repeat 20
    bench access FILE.gif --count K --seed S      bench access anim.gif --count 2000 --seed 1

  Durations: digits[.digits][ns|us|ms|s] (no unit: seconds), e.g. 16.666667ms.
  Errors print 'error: ...' and exit with status 2 (1 for an undecodable GIF).

  EXAMPLES
    timeline-demo --ticks 600
    timeline-demo --ticks 5184000 --hz 60 --jitter 7 --summary
    timeline-demo --script demo.tl --frames 100ms,50ms --loops 2 --json
    timeline-demo info anim.gif --json --crc
  """
}
