import Testing
@testable import AnimTimeline
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct GIFErrorTests {
  func valid() -> [UInt8] {
    var gif = TestGIFWriter(screenWidth: 2, screenHeight: 2)
    gif.loopCount = 0
    gif.frames = [.init(width: 2, height: 2, fill: 1), .init(width: 2, height: 2, fill: 2)]
    return gif.encode()
  }

  @Test func errors() throws {
    #expect(throws: GIFError.emptyFile) { try GIFFrameProvider(bytes: [UInt8]()) }
    #expect(throws: GIFError.badSignature(offset: 0)) { try GIFFrameProvider(bytes: Array("PNG89a....".utf8)) }
    #expect(throws: GIFError.badSignature(offset: 4)) { try GIFFrameProvider(bytes: Array("GIF88a".utf8)) }
    #expect(throws: GIFError.truncatedHeader(offset: 4)) { try GIFFrameProvider(bytes: Array("GIF8".utf8)) }
    #expect(throws: GIFError.truncatedHeader(offset: 10)) { try GIFFrameProvider(bytes: Array(valid().prefix(10))) }
    #expect(throws: GIFError.truncatedGlobalColorTable(offset: 20)) { try GIFFrameProvider(bytes: Array(valid().prefix(20))) }

    let header = Array(valid().prefix(13 + 24))  // header, screen, 8-entry table
    #expect(throws: GIFError.truncatedBeforeFirstImage(offset: header.count)) { try GIFFrameProvider(bytes: header) }
    #expect(throws: GIFError.badBlock(introducer: 0x99, offset: header.count)) { try GIFFrameProvider(bytes: header + [0x99]) }
    #expect(throws: GIFError.noFrames(offset: header.count)) { try GIFFrameProvider(bytes: header + [0x3B]) }

    var badCode = TestGIFWriter(screenWidth: 1, screenHeight: 1)
    badCode.frames = [.init(width: 1, height: 1)]
    for size: UInt8 in [0, 9, 12] {
      badCode.frames[0].minimumCodeSize = size
      badCode.frames[0].rawData = [0]
      #expect(throws: GIFError.badLZWMinimumCodeSize(size, offset: 13 + 24 + 8 + 10)) {
        try GIFFrameProvider(bytes: badCode.encode())
      }
    }

    var empty = TestGIFWriter(screenWidth: 0, screenHeight: 0)
    empty.frames = [.init(width: 0, height: 0)]
    #expect(throws: GIFError.emptyCanvas(width: 0, height: 0)) { try GIFFrameProvider(bytes: empty.encode()) }

    #expect(throws: GIFError.fileTooLarge(bytes: valid().count, limit: 10)) {
      try GIFFrameProvider(bytes: valid(), options: GIFOptions(maxFileBytes: 10))
    }
    #expect(throws: GIFError.fileReadFailed(path: "/nonexistent/x.gif", operation: "open", errno: 2)) {
      try GIFFrameProvider(contentsOfFile: "/nonexistent/x.gif")
    }
    // The system's words, not a bare errno.
    #expect(GIFError.fileReadFailed(path: "x.gif", operation: "open", errno: 2).description
      == "cannot open 'x.gif': No such file or directory")
    // A directory (or a named pipe, opened without blocking) is refused.
    #expect(throws: GIFError.notARegularFile(path: "/tmp")) { try GIFFrameProvider(contentsOfFile: "/tmp") }
    // Every description names the problem.
    #expect(GIFError.badBlock(introducer: 0x99, offset: 37).description.contains("0x99"))
    #expect(GIFError.badBlock(introducer: 0x99, offset: 37).description.contains("37"))
    #expect(GIFError.frameIndexOutOfRange(index: 40, count: 40).description == "frame index 40 is out of range 0..<40")
  }

  @Test func hugeCanvasIsRejectedBeforeAllocation() throws {
    var gif = TestGIFWriter(screenWidth: 65535, screenHeight: 65535)
    gif.frames = [.init(width: 1, height: 1)]
    #expect(throws: GIFError.canvasTooLarge(width: 65535, height: 65535, limit: 16_777_216)) {
      try GIFFrameProvider(bytes: gif.encode())
    }
    // Growing through the first frame counts too.
    var grown = TestGIFWriter(screenWidth: 1, screenHeight: 1)
    var frame = TestGIFWriter.Frame(width: 1, height: 1)
    frame.x = 65535
    frame.y = 65535
    grown.frames = [frame]
    #expect(throws: GIFError.canvasTooLarge(width: 65536, height: 65536, limit: 16_777_216)) {
      try GIFFrameProvider(bytes: grown.encode())
    }
    var tiny = TestGIFWriter(screenWidth: 1, screenHeight: 1)
    tiny.frames = [.init(width: 1, height: 1)]
    #expect(throws: GIFError.canvasTooLarge(width: 1, height: 1, limit: 0)) {
      try GIFFrameProvider(bytes: tiny.encode(), options: GIFOptions(maxCanvasPixels: 0))
    }
  }

  @Test func fileRoundTrip() throws {
    let path = "/tmp/animtimeline-test-\(valid().count)-\(UInt32.random(in: 0...UInt32.max)).gif"
    let bytes = valid()
    #expect(writeFile(path, bytes))
    defer { removeFile(path) }
    let provider = try GIFFrameProvider(contentsOfFile: path)
    #expect(provider.frameCount == 2)
    #expect(try provider.frame(at: 1).pixel(0, 0) == green)
    #expect(throws: GIFError.fileTooLarge(bytes: bytes.count, limit: 5)) {
      try GIFFrameProvider(contentsOfFile: path, options: GIFOptions(maxFileBytes: 5))
    }
  }

  @Test func everyCutIsHandled() throws {
    var gif = TestGIFWriter(screenWidth: 5, screenHeight: 4)
    gif.loopCount = 0
    gif.frames = [
      .init(width: 5, height: 4, indices: (0..<20).map { UInt8($0 % 8) }),
      .init(x: 1, y: 1, width: 3, height: 2, fill: 2),
      .init(width: 2, height: 2, fill: 3),
    ]
    gif.frames[1].disposal = 3
    gif.frames[1].interlaced = true
    gif.frames[2].transparentIndex = 0
    let whole = gif.encode()
    var firstFrameCount = 0
    for length in 0...whole.count {
      do {
        let provider = try GIFFrameProvider(bytes: Array(whole.prefix(length)))
        if firstFrameCount == 0 { firstFrameCount = length }
        #expect(provider.isTruncated == (length < whole.count))
        for index in 0..<provider.frameCount {
          _ = try provider.frame(at: index)
          _ = try provider.isFrameComplete(index)
        }
        // Random access agrees with sequential decoding.
        let again = try GIFFrameProvider(bytes: Array(whole.prefix(length)))
        for index in (0..<provider.frameCount).reversed() {
          #expect(try again.frame(at: index) == provider.frame(at: index))
        }
      } catch {
        // Header 13, table 24, loop block 19, GCE 8, descriptor 10, then
        // the minimum code size byte counts the first frame.
        #expect(length < 75, "cut at \(length): \(error)")
      }
    }
    #expect(firstFrameCount == 75)
  }
}

extension GIFErrorTests {
  /// Opening a named pipe must not wait for a writer (it used to hang).
  @Test func aNamedPipeIsRefusedWithoutBlocking() throws {
    let path = "/tmp/animtimeline-fifo-\(getpid())"
    try #require(mkfifo(path, 0o600) == 0)
    defer { unlink(path) }
    #expect(throws: GIFError.notARegularFile(path: path)) { try GIFFrameProvider(contentsOfFile: path) }
  }
}
