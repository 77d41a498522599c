import AnimTimeline

/// Runs a timeline script line by line (Docs/ScriptFormat.md): the whole of
/// `timeline-demo --script` but reading the file and choosing the frames.
///
/// The script is bytes (``ScriptLines``); each command line prints one
/// output line (``outputLine(for:events:)``), and the first malformed or
/// invalid line stops the run with a ``ScriptFailure``.
public struct ScriptRunner {
  /// The timeline the commands act on.
  public var timeline: Timeline
  /// One JSON object per command line; otherwise a readable line.
  public var json: Bool

  /// A runner of commands on `timeline`.
  public init(timeline: Timeline, json: Bool) {
    self.timeline = timeline
    self.json = json
  }

  /// Runs `script`, passing one output line per command line to `write`;
  /// stops at the first bad line and returns its failure (`nil` when every
  /// line ran).
  ///
  /// - Complexity: O(*n*) in the script's bytes, plus the commands' own costs.
  public mutating func run(_ script: [UInt8], write: (String) -> Void) -> ScriptFailure? {
    for line in ScriptLines(script) where !line.isBlank {
      do throws(ScriptFailure) {
        write(try run(line))
      } catch {
        return error
      }
    }
    return nil
  }

  /// Runs one command line: parses it and applies its command.
  ///
  /// - Returns: the line's output.
  /// - Throws: ``ScriptFailure`` when the line does not parse or the
  ///   timeline rejects its command (the timeline is then unchanged).
  public mutating func run(_ line: ScriptLine) throws(ScriptFailure) -> String {
    let command: ScriptCommand
    do throws(ScriptCommand.ParseError) {
      command = try ScriptCommand(words: line.words)
    } catch {
      throw ScriptFailure(line: line.number, reason: error.reason)
    }
    let events: TickEvents
    do throws(TimelineError) {
      events = try command.apply(to: &timeline)
    } catch {
      throw ScriptFailure(line: line.number, reason: ScriptFailure.reason(for: error))
    }
    return outputLine(for: line, events: events)
  }
}
