import Foundation

/// Writes `bytes` to `path`; false on failure.
func writeFile(_ path: String, _ bytes: [UInt8]) -> Bool {
  FileManager.default.createFile(atPath: path, contents: Data(bytes))
}

/// Removes `path`, ignoring errors.
func removeFile(_ path: String) {
  try? FileManager.default.removeItem(atPath: path)
}

/// `relative` inside the `shared` folder next to the package root (the
/// specs and corpora), found from this file's path.
func sharedPath(_ relative: String) -> String {
  var url = URL(fileURLWithPath: #filePath)
  // Support/ -> AnimTimelineTests/ -> Tests/ -> package root
  for _ in 0..<4 { url.deleteLastPathComponent() }
  return url.deletingLastPathComponent().appendingPathComponent("shared").appendingPathComponent(relative).path
}

/// Whether `path` is a folder (a corpus's tests are skipped without it).
func isDirectory(_ path: String) -> Bool {
  var isDirectory: ObjCBool = false
  return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
}

/// The folder of the GIF conformance corpus (`../shared/corpus/gif`).
let corpusDirectory = sharedPath("corpus/gif")

/// Whether the corpus folder exists; corpus tests are skipped without it.
let corpusAvailable = isDirectory(corpusDirectory)

/// The corpus GIF names, sorted.
func corpusFiles() -> [String] {
  let names = (try? FileManager.default.contentsOfDirectory(atPath: corpusDirectory)) ?? []
  return names.filter { $0.hasSuffix(".gif") }.sorted()
}

func readFile(_ path: String) -> [UInt8]? {
  FileManager.default.contents(atPath: path).map { [UInt8]($0) }
}
