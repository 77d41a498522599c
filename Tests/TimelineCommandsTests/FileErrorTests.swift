#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import TimelineCommands

/// Files the demo reads and writes: errors give the C library's text for
/// `errno`, never a bare number or Foundation's error domains, and only
/// regular files are read (points 2, 3 and 9 of issue 12).
@Suite struct FileErrorTests {
  /// Text that must never reach the user.
  static func looksRaw(_ text: String) -> Bool {
    text.contains("errno") || text.contains("NSCocoaErrorDomain") || text.contains("Error Domain")
      || text.contains("error 512")
  }

  @Test func readErrorsGiveTheSystemText() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let missing = directory.file("missing.gif")
    for words in [["info", missing], ["frames", missing, "--out", directory.file("out")], ["--ticks", "1", "--gif", missing]] {
      let run = CommandRun(words)
      #expect(run.errorText == "error: \(missing): No such file or directory\n", "\(words)")
    }
    // A path through a regular file: ENOTDIR.
    let through = directory.gif + "/x.gif"
    #expect(CommandRun(["info", through]).errorText == "error: \(through): Not a directory\n")
  }

  /// Writing into a missing folder, through a file, or onto a directory:
  /// the path and `strerror`'s text, nothing from Foundation.
  @Test func writeErrorsGiveTheSystemText() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try FileSystem.createDirectories(FilePath(directory.file("folder.png")))
    for (out, reason) in [
      (directory.file("missing/x.png"), "cannot write: No such file or directory"),
      (directory.gif + "/x.png", "cannot write: Not a directory"),
      (directory.file("folder.png"), "not a regular file (a directory)"),
    ] {
      let run = CommandRun(["frame", directory.gif, "--index", "0", "--out", out])
      #expect(run.status == 2, "\(out)")
      #expect(!Self.looksRaw(run.errorText), "\(out): \(run.errorText)")
      #expect(run.errorText == "error: \(out): \(reason)\n", "\(out): \(run.errorText)")
    }
    // frames: a folder that cannot be made, or a file where it should be.
    let inFile = CommandRun(["frames", directory.gif, "--out", directory.gif + "/frames"])
    #expect(inFile.errorText == "error: \(directory.gif)/frames: cannot create directory '\(directory.gif)/frames': Not a directory\n")
    let onFile = CommandRun(["frames", directory.gif, "--out", directory.gif])
    #expect(onFile.errorText == "error: \(directory.gif): not a directory\n")
    let empty = CommandRun(["frames", directory.gif, "--out", ""])
    #expect(empty.status == 2 && empty.firstErrorLine == "error: the directory name is empty")
  }

  /// Devices are neither read nor written, even through a symbolic link
  /// with an image extension (here to /dev/full).
  @Test func devicesAreNeitherReadNorWritten() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let link = directory.file("full.png")
    #expect(symlink("/dev/full", link) == 0)
    let run = CommandRun(["frame", directory.gif, "--index", "0", "--out", link])
    #expect(run.errorText == "error: \(link): not a regular file (a device)\n")
    for words in [["info", "/dev/null"], ["--script", "/dev/zero", "--frames", "10ms"], ["play", "/dev/null"]] {
      let device = CommandRun(words)
      #expect(device.status == 2)
      #expect(device.errorText.hasSuffix(": not a regular file (a device)\n"), "\(words): \(device.errorText)")
    }
  }

  /// A named pipe or a directory is refused before it is opened: `info`
  /// on a pipe used to wait forever for a writer.
  @Test func onlyRegularFilesAreRead() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let pipe = directory.file("pipe.gif")
    #expect(mkfifo(pipe, 0o600) == 0)
    // Hold both ends open, so that a regression that opens and reads the
    // pipe fails this test instead of hanging it.
    let held = open(pipe, O_RDWR | O_NONBLOCK)
    #expect(held >= 0)
    defer { close(held) }
    let folder = directory.file("folder.gif")
    try FileSystem.createDirectories(FilePath(folder))
    for (path, kind) in [(pipe, "a named pipe"), (folder, "a directory")] {
      for words in [
        ["info", path], ["frame", path, "--index", "0", "--out", directory.file("x.png")],
        ["frames", path, "--out", directory.file("frames")], ["play", path],
        ["--ticks", "5", "--gif", path], ["--script", path, "--frames", "10ms"],
        ["--script", directory.gif, "--gif", path], ["bench", "decode", path, "--allow-debug"],
      ] {
        let run = CommandRun(words)
        #expect(run.status == 2, "\(words)")
        #expect(run.errorText == "error: \(path): not a regular file (\(kind))\n", "\(words): \(run.errorText)")
      }
    }
    // Writing onto a pipe is refused too (opening it would wait for a reader).
    let out = directory.file("pipe.png")
    #expect(mkfifo(out, 0o600) == 0)
    let write = CommandRun(["frame", directory.gif, "--index", "0", "--out", out])
    #expect(write.errorText == "error: \(out): not a regular file (a named pipe)\n")
  }

  /// The size limit is checked before reading.
  @Test func oversizedFilesAreRefused() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    #expect(throws: CommandError.self) { try FileSystem.contents(ofFile: FilePath(directory.gif), limit: SampleGIF.bytes.count - 1) }
    #expect(try FileSystem.contents(ofFile: FilePath(directory.gif), limit: SampleGIF.bytes.count) == SampleGIF.bytes)
  }
}
