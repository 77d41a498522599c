// imagetool: the library's image code driven from the command line, for
// the comparison scripts in Benchmarks/ (png_vs_zlib.py,
// resize_vs_pillow.py, png_decode_vs_pillow.py). Public API only.
//
//   imagetool corpus-png GIFDIR OUTDIR [--repeat N] [--shrink F]
//       every composited frame of every GIF in GIFDIR (with --shrink, its
//       thumbnail within width/F × height/F, made before the timing),
//       encoded with RGBAImage.pngData() N times (default 3); writes
//       OUTDIR/NNNNNN.png
//       and prints one line per frame:
//       id<TAB>file<TAB>frame<TAB>width<TAB>height<TAB>png_bytes<TAB>min_ns
//   imagetool decode LIST [--repeat N]
//       LIST has lines "IN.png OUT.pam"; decodes each with
//       RGBAImage(pngData:) and writes the pixels as PAM; prints
//       "ok<TAB>min_ns" or "error<TAB>description" per line
//   imagetool resize LIST [--repeat N]
//       LIST has lines "IN.pam OUT.pam W H"; writes resized(toFit: W×H);
//       prints "ok<TAB>width<TAB>height<TAB>min_ns" per line
import AnimTimeline

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

func fail(_ message: String) -> Never {
  print("imagetool: \(message)")
  exit(2)
}

func now() -> UInt64 {
  var spec = timespec()
  clock_gettime(CLOCK_MONOTONIC, &spec)
  return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
}

func readFile(_ path: String) -> [UInt8]? {
  guard let file = fopen(path, "rb") else { return nil }
  defer { fclose(file) }
  var bytes: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 1 << 16)
  while true {
    let count = fread(&chunk, 1, chunk.count, file)
    if count <= 0 { break }
    bytes += chunk[0..<count]
  }
  return bytes
}

func writeFile(_ path: String, _ bytes: [UInt8]) {
  guard let file = fopen(path, "wb") else { fail("cannot write \(path)") }
  defer { fclose(file) }
  if !bytes.isEmpty && fwrite(bytes, 1, bytes.count, file) != bytes.count { fail("short write \(path)") }
}

/// Reads a PAM written by pamData() (or any P7 RGB_ALPHA, maxval 255).
func readPAM(_ bytes: [UInt8]) -> RGBAImage? {
  guard let end = (0..<max(0, bytes.count - 7)).first(where: { bytes[$0..<$0 + 7] == Array("ENDHDR\n".utf8)[...] })
  else { return nil }
  let header = String(decoding: bytes[0..<end], as: UTF8.self)
  var width = 0
  var height = 0
  for line in header.split(separator: "\n") {
    let words = line.split(separator: " ")
    if words.count == 2 && words[0] == "WIDTH" { width = Int(words[1]) ?? 0 }
    if words.count == 2 && words[0] == "HEIGHT" { height = Int(words[1]) ?? 0 }
  }
  let pixels = Array(bytes[(end + 7)...])
  guard width > 0, height > 0, pixels.count == width * height * 4 else { return nil }
  return RGBAImage(width: width, height: height, pixels: pixels)
}

/// The image as PAM (images read or made here are consistent).
func pam(_ image: RGBAImage) -> [UInt8] {
  do {
    return try image.pamData()
  } catch {
    fail("PAM: \(error)")
  }
}

func listDirectory(_ path: String) -> [String] {
  guard let directory = opendir(path) else { fail("cannot list \(path)") }
  defer { closedir(directory) }
  var names: [String] = []
  while let entry = readdir(directory) {
    let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
      String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
    }
    if name.hasSuffix(".gif") { names.append(name) }
  }
  return names.sorted()
}

func lines(_ path: String) -> [[String]] {
  guard let bytes = readFile(path) else { fail("cannot read \(path)") }
  return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
}

func number(_ word: String) -> Int {
  guard let value = Int(word) else { fail("not a number: \(word)") }
  return value
}

var arguments = Array(CommandLine.arguments.dropFirst())
var repeats = 3
if let index = arguments.firstIndex(of: "--repeat"), index + 1 < arguments.count {
  repeats = max(1, number(arguments[index + 1]))
  arguments.removeSubrange(index...index + 1)
}
var shrink = 1
if let index = arguments.firstIndex(of: "--shrink"), index + 1 < arguments.count {
  shrink = max(1, number(arguments[index + 1]))
  arguments.removeSubrange(index...index + 1)
}
guard let command = arguments.first else { fail("usage: imagetool corpus-png|decode|resize ...") }

switch command {
case "corpus-png":
  guard arguments.count == 3 else { fail("usage: imagetool corpus-png GIFDIR OUTDIR [--repeat N] [--shrink F]") }
  let directory = arguments[1]
  let output = arguments[2]
  var id = 0
  for name in listDirectory(directory) {
    guard let provider = try? GIFFrameProvider(contentsOfFile: directory + "/" + name) else { continue }
    for frame in 0..<provider.frameCount {
      guard var image = try? provider.frame(at: frame) else { break }
      if shrink > 1 {
        let bound = ImageSize(width: max(1, image.width / shrink), height: max(1, image.height / shrink))
        do {
          image = try image.resized(toFit: bound)
        } catch {
          fail("\(name) frame \(frame): \(error)")
        }
      }
      var best = UInt64.max
      var file: [UInt8] = []
      for _ in 0..<repeats {
        let start = now()
        do {
          file = try image.pngData()
        } catch {
          fail("\(name) frame \(frame): \(error)")
        }
        best = min(best, now() - start)
      }
      let idText = String(id)
      let padded = String(repeating: "0", count: max(0, 6 - idText.count)) + idText
      writeFile(output + "/" + padded + ".png", file)
      print("\(padded)\t\(name)\t\(frame)\t\(image.width)\t\(image.height)\t\(file.count)\t\(best)")
      id += 1
    }
  }
case "decode":
  guard arguments.count == 2 else { fail("usage: imagetool decode LIST [--repeat N]") }
  for words in lines(arguments[1]) where words.count == 2 {
    guard let bytes = readFile(words[0]) else { fail("cannot read \(words[0])") }
    var best = UInt64.max
    var outcome: Result<RGBAImage, PNGError> = .failure(.truncated(offset: 0))
    for _ in 0..<repeats {
      let start = now()
      outcome = Result { () throws(PNGError) in try RGBAImage(pngData: bytes) }
      best = min(best, now() - start)
    }
    switch outcome {
    case .success(let image):
      writeFile(words[1], pam(image))
      print("ok\t\(best)")
    case .failure(let error):
      print("error\t\(error)")
    }
  }
case "resize":
  guard arguments.count == 2 else { fail("usage: imagetool resize LIST [--repeat N]") }
  for words in lines(arguments[1]) where words.count == 4 {
    guard let bytes = readFile(words[0]), let image = readPAM(bytes) else { fail("cannot read PAM \(words[0])") }
    let bounds = ImageSize(width: number(words[2]), height: number(words[3]))
    var best = UInt64.max
    var result = image
    for _ in 0..<repeats {
      let start = now()
      do {
        result = try image.resized(toFit: bounds)
      } catch {
        fail("\(words[0]): \(error)")
      }
      best = min(best, now() - start)
    }
    writeFile(words[1], pam(result))
    print("ok\t\(result.width)\t\(result.height)\t\(best)")
  }
default:
  fail("unknown command \(command)")
}
