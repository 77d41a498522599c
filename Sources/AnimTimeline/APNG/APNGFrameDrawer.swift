/// The APNG format's part of the animation engine: inflates and expands a
/// frame's pixels (``APNGFrameDecoder``) into a buffer of the largest
/// frame's size, then composites them onto the canvas with the frame's
/// blend op (``AnimationCanvas/composite(_:at:blend:width:height:canvas:)``).
/// Opening checks each frame with it (``AnimationFrameChecker``) when it
/// does not draw them all.
struct APNGFrameDrawer: AnimationFrameChecker {
  /// The file and what opening read from it.
  let file: AnimationFile<APNGIndex>
  /// The decoder and its scratch, reused from frame to frame.
  var decoder = APNGFrameDecoder()
  /// The decoded frame, sized once to the largest frame.
  var pixels: [UInt8] = []
  /// Why the last frame that did not decode (drawn or checked) failed.
  var lastFailure: PNGError?

  /// The blend of frame `position`.
  func blend(_ position: Int) -> AnimationBlend {
    file.index.frames[position].blendOp == 0 ? .source : .over
  }

  /// Draws frame `position` (see ``AnimationFrameDrawer``). When its data
  /// does not decode, the frame draws nothing, is incomplete, and
  /// `lastFailure` says why (opening drops such a frame, or plays the
  /// file as its still image, so a provider's frames always decode).
  ///
  /// - Complexity: O(*d* + *p*) for *d* data bytes and *p* pixels of the
  ///   frame.
  mutating func draw(
    _ position: Int, canvas: inout [UInt8], prepare: (inout [UInt8], _ overwritten: Bool) -> Void
  ) -> Bool {
    // Held here, the file's index is read in place: read through `self`,
    // which the calls below mutate, it was copied once a frame (a retain
    // and a release for each of its buffers; callgrind, bench decode of
    // a 4x4 APNG --reopen: 1.1 % of the instructions).
    let file = self.file
    let frame = file.index.frames[position]
    let byteCount = frame.width * frame.height * 4
    if pixels.count < byteCount {
      pixels = [UInt8](zeroed: byteCount)  // grows to the largest frame, once
    }
    var decoded = true
    file.bytes.withUnsafeBytes { bytes in
      pixels.withUnsafeMutableBufferPointer { target in
        do throws(PNGError) {
          try decoder.decode(frame: position, of: file.index, bytes: bytes, into: target)
        } catch {
          decoded = false
          lastFailure = error
        }
      }
    }
    prepare(&canvas, decoded && overwritesCanvas(position))
    guard decoded else { return false }
    let rectangle = PixelRect(x: frame.x, y: frame.y, width: frame.width, height: frame.height)
    pixels.withUnsafeBufferPointer { source in
      AnimationCanvas.composite(
        UnsafeBufferPointer(rebasing: source[0..<byteCount]), at: rectangle, blend: blend(position),
        width: file.index.header.width, height: file.index.header.height, canvas: &canvas)
    }
    return true
  }

  /// Whether frame `position`'s data decodes (see
  /// ``AnimationFrameChecker``): inflated and its filter types checked, as
  /// ``APNGFrameDecoder/check(frame:of:bytes:)`` does, no pixel expanded;
  /// else `lastFailure` says why. The inflated rows stay in the decoder's
  /// scratch (drawing this frame next would not inflate them again).
  ///
  /// - Complexity: O(*d* + *m*) for *d* data bytes and *m* decompressed
  ///   bytes of the frame.
  mutating func check(_ position: Int) -> Bool {
    var decoded = true
    file.bytes.withUnsafeBytes { bytes in
      do throws(PNGError) {
        try decoder.check(frame: position, of: file.index, bytes: bytes)
      } catch {
        decoded = false
        lastFailure = error
      }
    }
    return decoded
  }

  /// Whether frame `position` replaces every pixel: drawn with `SOURCE`
  /// over the whole canvas.
  func overwritesCanvas(_ position: Int) -> Bool {
    let frame = file.index.frames[position]
    let header = file.index.header
    return frame.blendOp == 0 && frame.x == 0 && frame.y == 0 && frame.width == header.width
      && frame.height == header.height
  }

  /// This file's drawer with no scratch yet (see ``AnimationFrameDrawer/spare``).
  var spare: APNGFrameDrawer { APNGFrameDrawer(file: file) }
}
