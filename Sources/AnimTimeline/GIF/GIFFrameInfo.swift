/// What a GIF stores about one frame, read without decoding its pixels.
public struct GIFFrameInfo: Hashable, Sendable {
  /// The frame rectangle's left edge on the logical screen.
  public var x: Int
  /// The frame rectangle's top edge on the logical screen.
  public var y: Int
  /// The frame rectangle's width.
  public var width: Int
  /// The frame rectangle's height.
  public var height: Int
  /// Whether the rows are stored in the four interlace passes.
  public var isInterlaced: Bool
  /// The stored delay in centiseconds (0 without a Graphic Control
  /// Extension).
  public var delayCentiseconds: UInt16
  /// The stored disposal method, 0...7, as the file writes it (a number,
  /// so that every stored value, reserved ones included, is reported
  /// exactly). The provider gives the numbers three behaviours after the
  /// frame is shown: 2 clears the frame's rectangle to transparent black; 3
  /// and 4 restore the canvas from before the frame; 0, 1, 5, 6 and 7 leave
  /// it as it is (see `Docs/GIFProvider.md`).
  public var disposal: UInt8
  /// The transparent colour index, if the Graphic Control Extension sets one.
  public var transparentIndex: UInt8?
  /// The number of entries of the frame's local colour table, if it has one.
  public var localColorTableCount: Int?
  /// The stored LZW minimum code size.
  public var lzwMinimumCodeSize: UInt8

  /// Byte offset of the local colour table (valid when it exists).
  var localColorTableOffset: Int
  /// Byte offset of the first data sub-block's length byte (just after the
  /// minimum code size byte).
  var dataOffset: Int
}
