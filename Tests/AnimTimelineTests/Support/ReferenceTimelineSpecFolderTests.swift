import Foundation
import Testing

/// The reference model against every worked example in the shared spec
/// folder (`../shared/spec/examples` next to the package root), read from
/// disk: sections 1 to 7 (the folder itself), 8 (`ranges/`) and 9
/// (`reverse/`). Each `.tl` runs on the model line by line
/// (``ReferenceTimelineRangesTests/check(_:)``) against its
/// `.expected.jsonl`; where an `.expected.err` names a line, that line must
/// be rejected (by the model or by the runner's parser) after every
/// earlier line matched.
///
/// A user's clone has no `../shared`: the test then prints why it checked
/// nothing and passes. The section 8 and 9 examples are also compiled in
/// (`SpecExample.ranges`, `SpecExample.reverse`), so they run everywhere.
@Suite struct ReferenceTimelineSpecFolderTests {
  /// The shared folder, found as ``ReverseExamplesTests`` finds it.
  static var examplesDirectory: String { specExamplesDirectory }

  /// The examples of `folder` (relative to ``examplesDirectory``), or `nil`
  /// when the folder is absent.
  static func examples(in folder: String) throws -> [SpecExample]? {
    let directory = folder.isEmpty ? examplesDirectory : examplesDirectory + "/" + folder
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return nil }
    return try names.filter { $0.hasSuffix(".tl") }.sorted().map { file in
      let base = directory + "/" + file.dropLast(3)
      guard let script = readFile(directory + "/" + file), let expected = readFile(base + ".expected.jsonl") else {
        throw ExampleRunner.Malformed(description: "\(base): unreadable")
      }
      var failure: (line: Int, reason: SpecExample.Failure)?
      if let err = readFile(base + ".expected.err") {
        // `exit 2` then `error: line N: ...`.
        let text = String(decoding: err, as: UTF8.self)
        guard let range = text.range(of: "error: line "),
              let line = Int(text[range.upperBound...].prefix { $0.isASCII && $0.isNumber })
        else { throw ExampleRunner.Malformed(description: "\(base).expected.err: no line number") }
        failure = (line, .any)
      }
      return SpecExample(
        name: (folder.isEmpty ? "" : folder + "/") + file, script: script,
        expected: String(decoding: expected, as: UTF8.self), failure: failure)
    }
  }

  @Test(arguments: ["", "ranges", "reverse"])
  func everyExampleOfTheFolder(_ folder: String) throws {
    guard let examples = try Self.examples(in: folder) else {
      print("ReferenceTimelineSpecFolderTests: skipped, no folder \(Self.examplesDirectory)/\(folder)")
      return
    }
    #expect(!examples.isEmpty, "no .tl file in \(folder)")
    for example in examples { try ReferenceTimelineRangesTests.check(example) }
    print("ReferenceTimelineSpecFolderTests: \(examples.count) example(s) of '\(folder)' checked")
  }
}
