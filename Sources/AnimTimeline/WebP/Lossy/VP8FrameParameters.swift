/// What a VP8 key frame's first partition says about the whole frame
/// (RFC 6386 sections 9.3 to 9.11): segmentation, the loop filter, the
/// dequantization factors of each segment and the skip probability, as
/// libwebp reads and derives them. The token probabilities are read into
/// a buffer of the caller's.
struct VP8FrameParameters {
  /// Whether macroblocks carry a segment number (`update_mb_segmentation_map`).
  var updatesSegmentMap = false
  /// Whether segmentation is on.
  var usesSegments = false
  /// Whether segment values replace (rather than add to) the frame's.
  var segmentValuesAreAbsolute = true
  /// Each segment's quantizer index (or delta) and loop filter level (or
  /// delta).
  var segmentQuantizer = SIMD4<Int32>(repeating: 0)
  var segmentFilterLevel = SIMD4<Int32>(repeating: 0)
  /// The probabilities of the segment number tree.
  var segmentProbabilities = SIMD4<UInt32>(repeating: 255)

  /// The loop filter: 0 none, 1 simple, 2 normal (none when the frame's
  /// level is 0, whatever the segments say).
  var filterType = 0
  var filterLevel = 0
  var sharpness = 0
  var usesFilterDeltas = false
  /// The reference frame deltas (only the intra one, index 0, applies to
  /// key frames) and mode deltas (only B_PRED's, index 0).
  var referenceFilterDelta = SIMD4<Int32>(repeating: 0)
  var modeFilterDelta = SIMD4<Int32>(repeating: 0)

  /// Dequantization factors per segment: luma DC and AC, Y2 DC and AC,
  /// chroma DC and AC.
  var y1DC = SIMD4<Int32>(repeating: 0), y1AC = SIMD4<Int32>(repeating: 0)
  var y2DC = SIMD4<Int32>(repeating: 0), y2AC = SIMD4<Int32>(repeating: 0)
  var uvDC = SIMD4<Int32>(repeating: 0), uvAC = SIMD4<Int32>(repeating: 0)

  /// Whether macroblocks carry a skip flag, and its probability.
  var usesSkipFlag = false
  var skipProbability: UInt32 = 0

  /// Per segment (`2 * segment + (is4x4 ? 1 : 0)`): the edge limit
  /// (0: not filtered), interior limit and high edge variance threshold.
  var filterLimit = SIMD8<Int32>(repeating: 0)
  var filterInterior = SIMD8<Int32>(repeating: 0)
  var filterVarianceThreshold = SIMD8<Int32>(repeating: 0)

  /// Reads the segmentation header.
  mutating func readSegmentation(_ reader: inout VP8BoolDecoder) {
    usesSegments = reader.readBit(128)
    guard usesSegments else { return }
    updatesSegmentMap = reader.readBit(128)
    if reader.readBit(128) {
      segmentValuesAreAbsolute = reader.readBit(128)
      for s in 0..<4 { segmentQuantizer[s] = Int32(reader.readOptionalSigned(7)) }
      for s in 0..<4 { segmentFilterLevel[s] = Int32(reader.readOptionalSigned(6)) }
    }
    if updatesSegmentMap {
      for s in 0..<3 {
        segmentProbabilities[s] = reader.readBit(128) ? UInt32(reader.readLiteral(8)) : 255
      }
    }
  }

  /// Reads the loop filter header.
  mutating func readFilter(_ reader: inout VP8BoolDecoder) {
    let simple = reader.readBit(128)
    filterLevel = reader.readLiteral(6)
    sharpness = reader.readLiteral(3)
    usesFilterDeltas = reader.readBit(128)
    if usesFilterDeltas && reader.readBit(128) {
      for i in 0..<4 where reader.readBit(128) { referenceFilterDelta[i] = Int32(reader.readSignedLiteral(6)) }
      for i in 0..<4 where reader.readBit(128) { modeFilterDelta[i] = Int32(reader.readSignedLiteral(6)) }
    }
    filterType = filterLevel == 0 ? 0 : simple ? 1 : 2
  }

  /// Reads the quantizer indices and derives each segment's factors.
  mutating func readQuantizers(_ reader: inout VP8BoolDecoder) {
    let base = reader.readLiteral(7)
    let y1DCDelta = reader.readOptionalSigned(4)
    let y2DCDelta = reader.readOptionalSigned(4)
    let y2ACDelta = reader.readOptionalSigned(4)
    let uvDCDelta = reader.readOptionalSigned(4)
    let uvACDelta = reader.readOptionalSigned(4)
    let dcTable = VP8Tables.dcQuantizer
    let acTable = VP8Tables.acQuantizer
    func clamped(_ q: Int, _ most: Int) -> Int { q < 0 ? 0 : q > most ? most : q }
    for s in 0..<4 {
      var q = base
      if usesSegments {
        q = Int(segmentQuantizer[s])
        if !segmentValuesAreAbsolute { q += base }
      }
      y1DC[s] = Int32(dcTable[clamped(q + y1DCDelta, 127)])
      y1AC[s] = Int32(acTable[clamped(q, 127)])
      y2DC[s] = Int32(dcTable[clamped(q + y2DCDelta, 127)]) * 2
      y2AC[s] = max(8, (Int32(acTable[clamped(q + y2ACDelta, 127)]) * 101_581) >> 16)
      uvDC[s] = Int32(dcTable[clamped(q + uvDCDelta, 117)])
      uvAC[s] = Int32(acTable[clamped(q + uvACDelta, 127)])
    }
  }

  /// Reads the token probability updates into `probabilities` (1056
  /// bytes, laid out as ``VP8Tables/defaultCoefficientProbabilities``),
  /// then the skip flag's probability.
  ///
  /// - Complexity: O(1056) bits read.
  mutating func readProbabilities(_ reader: inout VP8BoolDecoder, into probabilities: UnsafeMutablePointer<UInt8>) {
    VP8Tables.coefficientUpdateProbabilities.withUnsafeBufferPointer { updates in
      VP8Tables.defaultCoefficientProbabilities.withUnsafeBufferPointer { defaults in
        for i in 0..<updates.count {
          probabilities[i] =
            reader.readBit(UInt32(updates[i])) ? UInt8(truncatingIfNeeded: reader.readLiteral(8)) : defaults[i]
        }
      }
    }
    usesSkipFlag = reader.readBit(128)
    if usesSkipFlag { skipProbability = UInt32(reader.readLiteral(8)) }
  }

  /// Derives the loop filter limits of each segment and block type
  /// (libwebp's `PrecomputeFilterStrengths`).
  mutating func computeFilterStrengths() {
    guard filterType > 0 else { return }
    for s in 0..<4 {
      var base = filterLevel
      if usesSegments {
        base = Int(segmentFilterLevel[s])
        if !segmentValuesAreAbsolute { base += filterLevel }
      }
      for is4x4 in 0..<2 {
        var level = base
        if usesFilterDeltas {
          level += Int(referenceFilterDelta[0])
          if is4x4 == 1 { level += Int(modeFilterDelta[0]) }
        }
        level = level < 0 ? 0 : level > 63 ? 63 : level
        let index = 2 * s + is4x4
        guard level > 0 else {
          filterLimit[index] = 0
          continue
        }
        var interior = level
        if sharpness > 0 {
          interior >>= sharpness > 4 ? 2 : 1
          if interior > 9 - sharpness { interior = 9 - sharpness }
        }
        if interior < 1 { interior = 1 }
        filterInterior[index] = Int32(interior)
        filterLimit[index] = Int32(2 * level + interior)
        filterVarianceThreshold[index] = level >= 40 ? 2 : level >= 15 ? 1 : 0
      }
    }
  }
}
