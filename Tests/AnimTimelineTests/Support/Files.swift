import Foundation

/// Writes `bytes` to `path`; false on failure.
func writeFile(_ path: String, _ bytes: [UInt8]) -> Bool {
  FileManager.default.createFile(atPath: path, contents: Data(bytes))
}

/// Removes `path`, ignoring errors.
func removeFile(_ path: String) {
  try? FileManager.default.removeItem(atPath: path)
}

/// The folder of the GIF conformance corpus (`../shared/corpus/gif` next to
/// the package root), found from this file's path.
let corpusDirectory: String = {
  var url = URL(fileURLWithPath: #filePath)
  // Support/ -> AnimTimelineTests/ -> Tests/ -> package root
  for _ in 0..<4 { url.deleteLastPathComponent() }
  return url.deletingLastPathComponent().appendingPathComponent("shared/corpus/gif").path
}()

/// Whether the corpus folder exists; corpus tests are skipped without it.
let corpusAvailable: Bool = {
  var isDirectory: ObjCBool = false
  return FileManager.default.fileExists(atPath: corpusDirectory, isDirectory: &isDirectory) && isDirectory.boolValue
}()

/// The corpus GIF names, sorted.
func corpusFiles() -> [String] {
  let names = (try? FileManager.default.contentsOfDirectory(atPath: corpusDirectory)) ?? []
  return names.filter { $0.hasSuffix(".gif") }.sorted()
}

func readFile(_ path: String) -> [UInt8]? {
  FileManager.default.contents(atPath: path).map { [UInt8]($0) }
}
