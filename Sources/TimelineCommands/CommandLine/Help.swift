/// The `--help` texts: the overview (`timeline-demo --help`) and the
/// sections the subcommands' own help texts share.
enum Help {
  /// The version `timeline-demo --version` prints: the package's.
  static let version = "0.7.0"

  /// What `timeline-demo` without words prints (on standard error, exit
  /// status 2).
  static let shortUsage = """
  usage: timeline-demo SUBCOMMAND [OPTIONS]   (\(Dispatcher.names))
  try:   timeline-demo --ticks 600
  more:  timeline-demo --help
  """

  /// `timeline-demo --help`: every subcommand and option, each with an example.
  static let text = """
  timeline-demo: simulate, script and inspect AnimTimeline timelines.

  USAGE
    \(TicksCommand.usage)
    \(ScriptFileCommand.usage)
    \(InfoCommand.usage)
    \(indented(FramesCommand.usage))
    \(indented(FrameCommand.usage))
    \(indented(ConvertCommand.usage))
    \(indented(PlayCommand.usage))
    \(SheetCommand.usage)
    \(BenchCommand.usage)
    timeline-demo help [SUBCOMMAND]          this text, or a subcommand's (also SUBCOMMAND --help)
    timeline-demo --version                  the version

  \(frameOptions)

  \(timelineOptions)

  \(TicksCommand.options)

  \(ScriptFileCommand.options)

  \(PlayCommand.options)

  \(BenchCommand.options)

  \(durations)
  \(exitStatuses)

  EXAMPLES
    timeline-demo --ticks 600
    timeline-demo --ticks 5184000 --hz 60 --jitter 7 --summary
    timeline-demo --script demo.tl --frames 100ms,50ms --loops 2 --json
    timeline-demo --ticks 60 --frames 100ms,100ms,100ms --loops 1 --reverse-at 0.5s
    timeline-demo info anim.gif --json --crc
    timeline-demo convert anim.webp --size 64x64 --rate 2 --out thumb.gif
    timeline-demo sheet hero.json
    timeline-demo --ticks 120 --aseprite hero.json --clip attack --then 0-3 --json
  """

  /// Where frames come from (`--ticks`, `--script`).
  static let frameOptions = """
  FRAMES (for --ticks and --script; --ticks defaults to the bundled sample GIF)
    --frames LIST        frame durations          --frames 100ms,50ms,70ms
    --image FILE         a GIF, APNG, PNG or WebP file, told apart by content
                         (--gif FILE: the same)   --image anim.png
    --aseprite FILE      an Aseprite JSON export  --aseprite hero.json
    --loops K|inf        total plays              --loops 3
  \(asepriteOptions)
  """

  /// `--aseprite` and `--clip` (`--ticks`, `--script`, `frame`, `frames`,
  /// `play`).
  static let asepriteOptions = """
  ASEPRITE (--aseprite FILE.json: frames 0, 1, ... are the display list:
  the sheet frames, then the ping-pong sequences; see the sheet subcommand)
    --clip NAME          the tag NAME, played exactly as Aseprite plays it
                                                  --clip walk
                         (#N: tag N, from 0, where tags share a name)
    --clip sets the tag's frames, repeat (0: forever) and direction, as
    play(clip:) does, with any --then queued after it; so it does not go
    with --range, --loops or --direction. The timeline is left stopped at
    the clip's start: --ticks and play start it; a script needs its own
    'play' line. The readable --ticks lines name Aseprite's frame numbers
    (frame 3 -> 2); with --ticks --json, "frame" is the display-list entry
    and "sheet_frame" Aseprite's frame number shown. The sheet image (frame, frames, play)
    is meta.image, found from the JSON file's folder (a Windows path by
    its file name there).
  """

  /// The timeline's starting configuration (`--ticks`, `--script`, `play`).
  static let timelineOptions = """
  TIMELINE (starting configuration)
    --rate R             playback rate; negative plays backward
                                                  --rate 1.5, --rate -1
    --direction D        forward|reverse|alternate|alternate-reverse
                                                  --direction alternate
    --max-step D|none    longest tick             --max-step 250ms
    --policy P           skip|noskip              --policy noskip
    --modes A,B          active run modes         --modes default,tracking
    --range A-B          play frames A..B only    --range 2-5
    --then A-B[:K]       then switch to A..B, K plays (default inf)
                                                  --then 4-7:inf
    --cue NAME@J         a cue on frame J (repeatable)
                                                  --cue step@5
  """

  /// The number syntax of every option, and the rules every option follows.
  static let durations = """
  Durations: digits[.digits][ns|us|ms|s] (no unit: seconds), e.g. 16.666667ms.
  Counts and rates: ASCII digits (a rate may have a fraction and, for --rate,
  a leading '-'), e.g. 3, 1.5, -1.
  Frames are numbered from 0 everywhere (--index, --range, --cue, info, play,
  frame-000.png). An option's value is the next word, never a word starting
  with '--' (write ./--name for such a file); each option is given once
  (--cue may repeat). Input files must be regular files.
  """

  /// The exit statuses, the same for every subcommand.
  static let exitStatuses = """
  Errors print 'error: ...' on standard error. Exit status: 0 success; 2 any
  error (unknown option, missing or bad value, a file that cannot be read,
  decoded or written; for --script also a bad line, Docs/ScriptFormat.md).
  """

  /// `usage` with its lines after the first indented as the overview's
  /// USAGE lines are.
  static func indented(_ usage: String) -> String {
    usage.split(separator: "\n").joined(separator: "\n  ")
  }

  /// The help text of a subcommand: its usage, `sections`, the number
  /// syntax and its exit statuses.
  static func subcommand(usage: String, _ sections: [String], exitStatuses: String = exitStatuses) -> String {
    "usage: " + usage.split(separator: "\n").joined(separator: "\n       ") + "\n\n"
      + sections.joined(separator: "\n\n") + "\n\n" + durations + "\n" + exitStatuses
  }
}
