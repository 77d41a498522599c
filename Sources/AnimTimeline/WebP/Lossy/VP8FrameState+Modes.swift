extension VP8FrameState {
  /// Reads the modes of every macroblock of one row from the first
  /// partition (RFC 6386 sections 11.2 to 11.4, key frame trees and
  /// fixed probabilities) into ``records``.
  ///
  /// - Complexity: O(`columns`).
  func readModes(_ reader: inout VP8BoolDecoder, subblockProbabilities: UnsafePointer<UInt8>) {
    let p = parameters
    for column in 0..<columns {
      let record = records + column * Self.recordSize
      var segment = 0
      if p.updatesSegmentMap {
        segment =
          !reader.readBit(p.segmentProbabilities[0])
          ? reader.readBitValue(p.segmentProbabilities[1])
          : 2 + reader.readBitValue(p.segmentProbabilities[2])
      }
      record[Self.segmentField] = UInt8(truncatingIfNeeded: segment)
      record[Self.skipField] = p.usesSkipFlag && reader.readBit(p.skipProbability) ? 1 : 0
      let is4x4 = !reader.readBit(145)
      record[Self.is4x4Field] = is4x4 ? 1 : 0
      let above = aboveModes + 4 * column
      if !is4x4 {
        let mode: Int
        if reader.readBit(156) {
          mode = reader.readBit(128) ? VP8Prediction.trueMotion : VP8Prediction.horizontal
        } else {
          mode = reader.readBit(163) ? VP8Prediction.vertical : VP8Prediction.dc
        }
        record[0] = UInt8(truncatingIfNeeded: mode)
        above.update(repeating: UInt8(truncatingIfNeeded: mode), count: 4)
        leftModes.update(repeating: UInt8(truncatingIfNeeded: mode), count: 4)
      } else {
        for y in 0..<4 {
          var left = Int(leftModes[y])
          for x in 0..<4 {
            let probabilities = subblockProbabilities + (Int(above[x]) * 10 + left) * 9
            left = Self.readSubblockMode(&reader, probabilities)
            above[x] = UInt8(truncatingIfNeeded: left)
            record[4 * y + x] = UInt8(truncatingIfNeeded: left)
          }
          leftModes[y] = UInt8(truncatingIfNeeded: left)
        }
      }
      let chroma: Int
      if !reader.readBit(142) {
        chroma = VP8Prediction.dc
      } else if !reader.readBit(114) {
        chroma = VP8Prediction.vertical
      } else {
        chroma = reader.readBit(183) ? VP8Prediction.trueMotion : VP8Prediction.horizontal
      }
      record[Self.chromaModeField] = UInt8(truncatingIfNeeded: chroma)
    }
  }

  /// Reads one intra 4x4 mode with the tree's nine node probabilities.
  private static func readSubblockMode(_ reader: inout VP8BoolDecoder, _ p: UnsafePointer<UInt8>) -> Int {
    if !reader.readBit(UInt32(p[0])) { return VP8Prediction.dc }
    if !reader.readBit(UInt32(p[1])) { return VP8Prediction.trueMotion }
    if !reader.readBit(UInt32(p[2])) { return VP8Prediction.vertical }
    if !reader.readBit(UInt32(p[3])) {
      if !reader.readBit(UInt32(p[4])) { return VP8Prediction.horizontal }
      return reader.readBit(UInt32(p[5])) ? VP8Prediction.verticalRight : VP8Prediction.downRight
    }
    if !reader.readBit(UInt32(p[6])) { return VP8Prediction.downLeft }
    if !reader.readBit(UInt32(p[7])) { return VP8Prediction.verticalLeft }
    return reader.readBit(UInt32(p[8])) ? VP8Prediction.horizontalUp : VP8Prediction.horizontalDown
  }
}
