/// The working state of one VP8 frame while it decodes: where each
/// scratch buffer lies in the decoder's arena, the frame's parameters, and
/// the contexts carried from macroblock to macroblock.
///
/// Macroblock rows decode in order: first the row's modes from the first
/// partition (``readModes(_:subblockProbabilities:)``), then each macroblock's tokens from
/// its token partition and its reconstruction
/// (``decodeMacroblock(_:row:column:)``), then the row's loop filter
/// (``filterRow(_:)``). Reconstruction predicts from unfiltered samples:
/// the row above's last sample row is kept aside before it is filtered.
///
/// Only valid inside the closures that lend the arena's pointers.
struct VP8FrameState {
  /// Macroblock columns and rows.
  let columns: Int
  let rows: Int
  /// The frame header's parameters.
  let parameters: VP8FrameParameters

  /// The token probabilities (1056 bytes).
  let probabilities: UnsafeMutablePointer<UInt8>
  /// The macroblock workspace, ``VP8Prediction/stride`` bytes a row: a
  /// luma block at ``lumaOrigin`` and chroma blocks at ``uOrigin`` and
  /// ``vOrigin``, each with its border row above and columns to the left
  /// (and, for luma, four columns to the right).
  let workspace: UnsafeMutablePointer<UInt8>
  /// The decoded planes: luma `16 * columns` samples a row, chroma
  /// `8 * columns`.
  let luma: UnsafeMutablePointer<UInt8>
  let chromaU: UnsafeMutablePointer<UInt8>
  let chromaV: UnsafeMutablePointer<UInt8>
  /// The last unfiltered sample row of the macroblock row above.
  let aboveLuma: UnsafeMutablePointer<UInt8>
  let aboveU: UnsafeMutablePointer<UInt8>
  let aboveV: UnsafeMutablePointer<UInt8>
  /// The intra 4x4 modes of the subblocks along the bottom of the row
  /// above (4 a macroblock) and along the right of the macroblock to the
  /// left (4).
  let aboveModes: UnsafeMutablePointer<UInt8>
  let leftModes: UnsafeMutablePointer<UInt8>
  /// Non-zero flags of the blocks along the bottom of the row above (one
  /// byte a macroblock: bits 0-3 luma columns, 4-5 U, 6-7 V) and of its Y2
  /// block.
  let aboveNonZero: UnsafeMutablePointer<UInt8>
  let aboveNonZeroDC: UnsafeMutablePointer<UInt8>
  /// The current row's macroblock records, ``recordSize`` bytes each: 16
  /// luma modes, chroma mode, segment, skip flag, 4x4 flag.
  let records: UnsafeMutablePointer<UInt8>
  /// The current row's loop filter settings, 4 bytes a macroblock: edge
  /// limit (0: none), interior limit, variance threshold, inner edges.
  let filterInfo: UnsafeMutablePointer<UInt8>
  /// The coefficients of one macroblock: 16 luma, 4 U and 4 V blocks of
  /// 16, then 16 for the Y2 block.
  let coefficients: UnsafeMutablePointer<Int16>

  /// Non-zero flags along the right of the macroblock to the left (laid
  /// out as ``aboveNonZero``'s bytes), and its Y2 flag.
  var leftNonZero: UInt8 = 0
  var leftNonZeroDC: UInt8 = 0

  /// Workspace offsets of the three blocks.
  static let lumaOrigin = VP8Prediction.stride + 8
  static let uOrigin = 18 * VP8Prediction.stride + 8
  static let vOrigin = 18 * VP8Prediction.stride + 24
  /// The workspace size in bytes.
  static let workspaceSize = 26 * VP8Prediction.stride
  /// The bytes of a macroblock record and the offsets of its fields.
  static let recordSize = 20
  static let chromaModeField = 16, segmentField = 17, skipField = 18, is4x4Field = 19

  /// The arena bytes a frame of `columns` x `rows` macroblocks needs.
  static func arenaSize(columns: Int, rows: Int) -> Int {
    let planes = 256 * columns * rows + 2 * 64 * columns * rows
    let perColumn = 16 + 8 + 8 + 4 + 1 + 1 + recordSize + 4
    return 1056 + workspaceSize + planes + perColumn * columns + 4
  }

  /// Lays the buffers out in `arena` (at least ``arenaSize(columns:rows:)``
  /// bytes) and `coefficients` (at least 400).
  init(
    columns: Int, rows: Int, parameters: VP8FrameParameters, arena: UnsafeMutablePointer<UInt8>,
    coefficients: UnsafeMutablePointer<Int16>
  ) {
    self.columns = columns
    self.rows = rows
    self.parameters = parameters
    self.coefficients = coefficients
    var next = arena
    func take(_ count: Int) -> UnsafeMutablePointer<UInt8> {
      defer { next += count }
      return next
    }
    probabilities = take(1056)
    workspace = take(Self.workspaceSize)
    luma = take(256 * columns * rows)
    chromaU = take(64 * columns * rows)
    chromaV = take(64 * columns * rows)
    aboveLuma = take(16 * columns)
    aboveU = take(8 * columns)
    aboveV = take(8 * columns)
    aboveModes = take(4 * columns)
    leftModes = take(4)
    aboveNonZero = take(columns)
    aboveNonZeroDC = take(columns)
    records = take(Self.recordSize * columns)
    filterInfo = take(4 * columns)
  }

  /// The row stride of the luma plane.
  var lumaStride: Int { 16 * columns }
  /// The row stride of the chroma planes.
  var chromaStride: Int { 8 * columns }

  /// Resets the contexts for the first row.
  func startFrame() {
    aboveModes.update(repeating: UInt8(VP8Prediction.dc), count: 4 * columns)
    aboveNonZero.update(repeating: 0, count: columns)
    aboveNonZeroDC.update(repeating: 0, count: columns)
  }

  /// Resets the left contexts and the workspace's left and top borders at
  /// the start of macroblock row `row`.
  mutating func startRow(_ row: Int) {
    leftNonZero = 0
    leftNonZeroDC = 0
    leftModes.update(repeating: UInt8(VP8Prediction.dc), count: 4)
    let s = VP8Prediction.stride
    let y = workspace + Self.lumaOrigin
    let u = workspace + Self.uOrigin
    let v = workspace + Self.vOrigin
    for j in 0..<16 { y[j * s - 1] = 129 }
    for j in 0..<8 {
      u[j * s - 1] = 129
      v[j * s - 1] = 129
    }
    if row > 0 {
      y[-s - 1] = 129
      u[-s - 1] = 129
      v[-s - 1] = 129
    } else {
      (y - s - 1).update(repeating: 127, count: 16 + 4 + 1)
      (u - s - 1).update(repeating: 127, count: 8 + 1)
      (v - s - 1).update(repeating: 127, count: 8 + 1)
    }
  }
}
