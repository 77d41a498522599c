import Foundation
import Testing
import TimelineScript
@testable import AnimTimeline

/// The spec's worked examples (`../shared/spec/examples`, next to the
/// package root), found from this file's path.
let specExamplesDirectory: String = {
  var url = URL(fileURLWithPath: #filePath)
  // Timeline/ -> AnimTimelineTests/ -> Tests/ -> package root
  for _ in 0..<4 { url.deleteLastPathComponent() }
  return url.deletingLastPathComponent().appendingPathComponent("shared/spec/examples").path
}()

let reverseExamplesAvailable: Bool = {
  var isDirectory: ObjCBool = false
  let path = specExamplesDirectory + "/reverse"
  return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
}()

/// Every worked example of spec section 9 (`examples/reverse/*.tl`) run
/// through the script runner (`ScriptRunner`, what `timeline-demo --script`
/// runs) and compared with its `.expected.jsonl` as parsed JSON (key order
/// and spacing are free), and with its `.expected.err` when there is one
/// (the run stops at that line). The section 8 (`ranges/`) and sections 1
/// to 7 examples go through the same harness, which checks the harness
/// itself. Skipped (with this message) when `../shared` is absent.
@Suite(.enabled(if: reverseExamplesAvailable, "skipped: the spec examples ../shared/spec/examples/reverse are not present"))
struct ReverseExamplesTests {
  static func scripts(in folder: String) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: specExamplesDirectory + "/" + folder)) ?? []
    return names.filter { $0.hasSuffix(".tl") }.sorted().map { folder + "/" + $0 }
  }

  @Test func theReverseFolderHoldsExamples() {
    // So that the parameterized tests below cannot pass by running nothing.
    #expect(Self.scripts(in: "reverse").count >= 10)
  }

  @Test(arguments: scripts(in: "reverse"))
  func reverseExample(_ name: String) throws {
    try ExampleRun.check(name)
  }

  @Test(arguments: scripts(in: "ranges") + scripts(in: "."))
  func earlierSectionsExample(_ name: String) throws {
    try ExampleRun.check(name)
  }
}

/// Runs one example script as its first line says and compares the output.
enum ExampleRun {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// The options of the first line, `# timeline-demo --script NAME.tl
  /// --json --frames D,D,... [--loops K|inf]`: the durations and loops.
  static func options(_ header: String) throws -> (durations: [Int64], loops: LoopCount?) {
    var words = header.split(separator: " ").map(String.init)
    guard words.first == "#", words.dropFirst().first == "timeline-demo" else {
      throw Failure(description: "first line is not a command: \(header)")
    }
    words.removeFirst(2)
    var durations: [Int64]?
    var loops: LoopCount?
    var index = 0
    while index < words.count {
      let word = words[index]
      func value() throws -> String {
        guard index + 1 < words.count else { throw Failure(description: "\(word) needs a value") }
        index += 1
        return words[index]
      }
      switch word {
      case "--script": _ = try value()
      case "--json": break
      case "--frames":
        durations = try value().split(separator: ",").map { text in
          guard let d = NumberSyntax.duration(Array(text.utf8)) else { throw Failure(description: "bad duration \(text)") }
          return d
        }
      case "--loops":
        let text = try value()
        if text == "inf" {
          loops = .infinite
        } else {
          guard let k = NumberSyntax.integer(Array(text.utf8)) else { throw Failure(description: "bad loops \(text)") }
          loops = try .plays(k)
        }
      default: throw Failure(description: "unsupported option \(word)")
      }
      index += 1
    }
    guard let durations else { throw Failure(description: "no --frames") }
    return (durations, loops)
  }

  /// One JSON line in a canonical form: parsed, then written with sorted keys.
  static func canonical(_ line: String) throws -> String {
    let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
    let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    return String(decoding: data, as: UTF8.self)
  }

  static func check(_ name: String) throws {
    let base = specExamplesDirectory + "/" + String(name.dropLast(3))
    let script = try #require(readFile(specExamplesDirectory + "/" + name), "\(name) unreadable")
    let header = String(decoding: script.prefix { $0 != 0x0A }, as: UTF8.self)
    let (durations, loops) = try options(header)
    // A `--frames` provider loops forever unless `--loops` is given (section 7).
    let provider = try SyntheticFrameProvider(durations: durations)
    let timeline = try Timeline(provider: provider, configuration: TimelineConfiguration(loops: loops))

    var runner = ScriptRunner(timeline: timeline, json: true)
    var output: [String] = []
    let failure = runner.run(script) { output.append($0) }

    let expectedText = try #require(readFile(base + ".expected.jsonl"), "\(name): no .expected.jsonl")
    let expected = String(decoding: expectedText, as: UTF8.self).split(separator: "\n").map(String.init)
    #expect(output.count == expected.count, "\(name): \(output.count) lines, expected \(expected.count)")
    for (index, (got, want)) in zip(output, expected).enumerated() {
      let same = try canonical(got) == canonical(want)
      #expect(same, "\(name) output line \(index + 1):\n  got      \(got)\n  expected \(want)")
    }

    if let err = readFile(base + ".expected.err") {
      // "exit 2" and "error: line N: ..." (the wording after N is free).
      let text = String(decoding: err, as: UTF8.self)
      let line = text.split(separator: "\n").first { $0.hasPrefix("error: line ") }
      let number = line.flatMap { Int($0.dropFirst("error: line ".count).prefix { $0 != ":" }) }
      let expectedLine = try #require(number, "\(name): no error line in .expected.err")
      #expect(failure?.line == expectedLine, "\(name): failed at \(String(describing: failure?.line)), expected line \(expectedLine)")
    } else {
      #expect(failure == nil, "\(name): \(failure?.message ?? "")")
    }
  }
}
