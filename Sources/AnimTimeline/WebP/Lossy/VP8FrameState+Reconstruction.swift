extension VP8FrameState {
  /// Reads macroblock `column`'s coefficients (its modes are in
  /// ``records``) from `tokens`, unless its skip flag is set, and returns
  /// their transform classes (see ``readResiduals(_:column:segment:is4x4:)``).
  /// A check stops here; decoding goes on with
  /// ``reconstructMacroblock(row:column:classes:)``.
  ///
  /// - Complexity: O(1) (one macroblock).
  mutating func readMacroblock(_ tokens: inout VP8BoolDecoder, column: Int) -> UInt64 {
    let record = records + column * Self.recordSize
    let is4x4 = record[Self.is4x4Field] != 0
    if record[Self.skipField] != 0 {
      skipResiduals(column: column, is4x4: is4x4)
      return 0
    }
    return readResiduals(&tokens, column: column, segment: Int(record[Self.segmentField] & 3), is4x4: is4x4)
  }

  /// Predicts and reconstructs macroblock (`column`, `row`), whose
  /// coefficients ``readMacroblock(_:column:)`` just read, in the
  /// workspace, copies it into the planes, keeps its last sample row for
  /// the row below, and notes its loop filter settings in ``filterInfo``.
  ///
  /// - Complexity: O(1) (one macroblock).
  func reconstructMacroblock(row: Int, column: Int, classes: UInt64) {
    let record = records + column * Self.recordSize
    let segment = Int(record[Self.segmentField] & 3)
    let is4x4 = record[Self.is4x4Field] != 0
    if parameters.filterType > 0 {
      let index = 2 * segment + (is4x4 ? 1 : 0)
      let info = filterInfo + 4 * column
      info[0] = UInt8(truncatingIfNeeded: parameters.filterLimit[index])
      info[1] = UInt8(truncatingIfNeeded: parameters.filterInterior[index])
      info[2] = UInt8(truncatingIfNeeded: parameters.filterVarianceThreshold[index])
      info[3] = is4x4 || classes != 0 ? 1 : 0
    }
    reconstruct(row: row, column: column, record: record, classes: classes)
  }

  /// Adds luma block `block`'s residual (of transform class `classes >>
  /// 2n`) to the 4x4 samples at `dst`, with the transform libwebp runs for
  /// that class.
  @inline(__always)
  private func addLumaResidual(_ classes: UInt64, block: Int, to dst: UnsafeMutablePointer<UInt8>) {
    let input = UnsafePointer(coefficients + 16 * block)
    switch (classes &>> UInt64(2 * block)) & 3 {
    case 0: return
    case 1: VP8InverseTransform.addDC(input[0], to: dst, stride: VP8Prediction.stride)
    case 2: VP8InverseTransform.addTransformAC3(input, to: dst, stride: VP8Prediction.stride)
    default: VP8InverseTransform.addTransform(input, to: dst, stride: VP8Prediction.stride)
    }
  }

  /// Adds the residuals of the four chroma blocks from `firstBlock` to the
  /// 8x8 samples at `dst`: all through the full transform when any has AC
  /// coefficients, else the DC of each that has one (libwebp's grouping).
  @inline(__always)
  private func addChromaResiduals(_ classes: UInt64, firstBlock: Int, to dst: UnsafeMutablePointer<UInt8>) {
    let planeClasses = (classes &>> UInt64(2 * firstBlock)) & 0xFF
    if planeClasses == 0 { return }
    let hasAC = planeClasses & 0xAA != 0
    for k in 0..<4 {
      let input = UnsafePointer(coefficients + 16 * (firstBlock + k))
      let target = dst + (k >> 1) * 4 * VP8Prediction.stride + (k & 1) * 4
      if hasAC {
        VP8InverseTransform.addTransform(input, to: target, stride: VP8Prediction.stride)
      } else if input[0] != 0 {
        VP8InverseTransform.addDC(input[0], to: target, stride: VP8Prediction.stride)
      }
    }
  }

  /// Predicts the macroblock and adds its residuals in the workspace, then
  /// stores it.
  private func reconstruct(row: Int, column: Int, record: UnsafeMutablePointer<UInt8>, classes: UInt64) {
    let s = VP8Prediction.stride
    let y = workspace + Self.lumaOrigin
    let u = workspace + Self.uOrigin
    let v = workspace + Self.vOrigin
    if column > 0 {
      // The left border (and corner) from the previous macroblock.
      for j in -1..<16 { (y + j * s - 4).update(from: y + j * s + 12, count: 4) }
      for j in -1..<8 {
        (u + j * s - 4).update(from: u + j * s + 4, count: 4)
        (v + j * s - 4).update(from: v + j * s + 4, count: 4)
      }
    }
    if row > 0 {
      (y - s).update(from: aboveLuma + 16 * column, count: 16)
      (u - s).update(from: aboveU + 8 * column, count: 8)
      (v - s).update(from: aboveV + 8 * column, count: 8)
    }
    if record[Self.is4x4Field] != 0 {
      // The four samples above and to the right of the macroblock, which
      // the right column of subblocks uses on every subblock row.
      let aboveRight = y - s + 16
      if row > 0 {
        if column >= columns - 1 {
          aboveRight.update(repeating: aboveLuma[16 * column + 15], count: 4)
        } else {
          aboveRight.update(from: aboveLuma + 16 * (column + 1), count: 4)
        }
      }
      for k in 1...3 { (aboveRight + 4 * k * s).update(from: aboveRight, count: 4) }
      for block in 0..<16 {
        let dst = y + (block >> 2) * 4 * s + (block & 3) * 4
        VP8Prediction.predictSubblock(dst, mode: Int(record[block]))
        addLumaResidual(classes, block: block, to: dst)
      }
    } else {
      VP8Prediction.predictBlock(y, size: 16, mode: Int(record[0]), hasAbove: row > 0, hasLeft: column > 0)
      if classes & 0xFFFF_FFFF != 0 {
        for block in 0..<16 {
          addLumaResidual(classes, block: block, to: y + (block >> 2) * 4 * s + (block & 3) * 4)
        }
      }
    }
    let chromaMode = Int(record[Self.chromaModeField])
    VP8Prediction.predictBlock(u, size: 8, mode: chromaMode, hasAbove: row > 0, hasLeft: column > 0)
    VP8Prediction.predictBlock(v, size: 8, mode: chromaMode, hasAbove: row > 0, hasLeft: column > 0)
    addChromaResiduals(classes, firstBlock: 16, to: u)
    addChromaResiduals(classes, firstBlock: 20, to: v)

    // Store, and keep the last rows for the macroblock row below.
    let lumaStride = self.lumaStride
    let chromaStride = self.chromaStride
    let lumaOut = luma + row * 16 * lumaStride + column * 16
    for j in 0..<16 { (lumaOut + j * lumaStride).update(from: y + j * s, count: 16) }
    let uOut = chromaU + row * 8 * chromaStride + column * 8
    let vOut = chromaV + row * 8 * chromaStride + column * 8
    for j in 0..<8 {
      (uOut + j * chromaStride).update(from: u + j * s, count: 8)
      (vOut + j * chromaStride).update(from: v + j * s, count: 8)
    }
    if row < rows - 1 {
      (aboveLuma + 16 * column).update(from: y + 15 * s, count: 16)
      (aboveU + 8 * column).update(from: u + 7 * s, count: 8)
      (aboveV + 8 * column).update(from: v + 7 * s, count: 8)
    }
  }

  /// Runs the loop filter over macroblock row `row` of the planes, in
  /// macroblock order (each macroblock: its left edge, inner vertical
  /// edges, top edge, inner horizontal edges), as libwebp does. Each call
  /// filters 16 positions: a luma edge's two halves, or the same chroma
  /// edge of U and V together.
  ///
  /// - Complexity: O(`columns`).
  func filterRow(_ row: Int) {
    let type = parameters.filterType
    guard type > 0 else { return }
    let lumaStride = self.lumaStride
    let chromaStride = self.chromaStride
    let lumaHalf = 8 * lumaStride
    for column in 0..<columns {
      let info = filterInfo + 4 * column
      let limit = Int(info[0])
      if limit == 0 { continue }
      let interior = Int(info[1])
      let variance = Int(info[2])
      let inner = info[3] != 0
      let y = luma + row * 16 * lumaStride + column * 16
      if type == 1 {
        if column > 0 { VP8LoopFilter.edge(y, y + lumaHalf, stride: lumaStride, .vertical, .simple, limit: limit + 4) }
        if inner {
          for k in 1...3 {
            VP8LoopFilter.edge(y + 4 * k, y + 4 * k + lumaHalf, stride: lumaStride, .vertical, .simple, limit: limit)
          }
        }
        if row > 0 { VP8LoopFilter.edge(y, y + 8, stride: lumaStride, .horizontal, .simple, limit: limit + 4) }
        if inner {
          for k in 1...3 {
            let edge = y + 4 * k * lumaStride
            VP8LoopFilter.edge(edge, edge + 8, stride: lumaStride, .horizontal, .simple, limit: limit)
          }
        }
        continue
      }
      let u = chromaU + row * 8 * chromaStride + column * 8
      let v = chromaV + row * 8 * chromaStride + column * 8
      if column > 0 {
        VP8LoopFilter.edge(
          y, y + lumaHalf, stride: lumaStride, .vertical, .macroblock, limit: limit + 4, interior: interior,
          hevThreshold: variance)
        VP8LoopFilter.edge(
          u, v, stride: chromaStride, .vertical, .macroblock, limit: limit + 4, interior: interior,
          hevThreshold: variance)
      }
      if inner {
        for k in 1...3 {
          VP8LoopFilter.edge(
            y + 4 * k, y + 4 * k + lumaHalf, stride: lumaStride, .vertical, .inner, limit: limit, interior: interior,
            hevThreshold: variance)
        }
        VP8LoopFilter.edge(
          u + 4, v + 4, stride: chromaStride, .vertical, .inner, limit: limit, interior: interior,
          hevThreshold: variance)
      }
      if row > 0 {
        VP8LoopFilter.edge(
          y, y + 8, stride: lumaStride, .horizontal, .macroblock, limit: limit + 4, interior: interior,
          hevThreshold: variance)
        VP8LoopFilter.edge(
          u, v, stride: chromaStride, .horizontal, .macroblock, limit: limit + 4, interior: interior,
          hevThreshold: variance)
      }
      if inner {
        for k in 1...3 {
          let edge = y + 4 * k * lumaStride
          VP8LoopFilter.edge(
            edge, edge + 8, stride: lumaStride, .horizontal, .inner, limit: limit, interior: interior,
            hevThreshold: variance)
        }
        let offset = 4 * chromaStride
        VP8LoopFilter.edge(
          u + offset, v + offset, stride: chromaStride, .horizontal, .inner, limit: limit, interior: interior,
          hevThreshold: variance)
      }
    }
  }
}
