import Foundation
@testable import TimelineCommands

/// A fresh directory for one test's files, holding the bundled sample GIF
/// as `sample.gif`; removed by ``remove()``.
struct TemporaryDirectory {
  let path: String

  init() throws {
    path = NSTemporaryDirectory() + "animtimeline-demo-\(UInt64.random(in: 0...UInt64.max))"
    try FileSystem.createDirectories(FilePath(path))
    try FileSystem.createFile(FilePath(gif), contents: SampleGIF.bytes)
  }

  /// The sample GIF (32x32, 10 frames).
  var gif: String { path + "/sample.gif" }

  /// `name` inside the directory.
  func file(_ name: String) -> String { path + "/" + name }

  func remove() { try? FileManager.default.removeItem(atPath: path) }
}
