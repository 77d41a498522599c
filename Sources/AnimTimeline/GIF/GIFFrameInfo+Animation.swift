extension GIFFrameInfo {
  /// The frame's rectangle on the logical screen (it may reach past the
  /// canvas).
  public var rectangle: PixelRect { PixelRect(x: x, y: y, width: width, height: height) }

  /// What the frame's stored ``disposal`` does to the canvas: 2 clears the
  /// frame's rectangle; 3 and 4 (which browsers treat as 3) restore the
  /// canvas from before the frame; 0, 1 and the reserved 5, 6, 7 keep it.
  public var disposalMethod: AnimationDisposal {
    switch disposal {
    case 2: .clearRectangle
    case 3, 4: .restorePrevious
    default: .keep
    }
  }

  /// Whether the frame can draw no pixel at all: an empty rectangle, or a
  /// minimum code size outside `1...8`.
  var drawsNothing: Bool {
    width == 0 || height == 0 || !(1...8).contains(lzwMinimumCodeSize)
  }

  /// The frame's playing duration in nanoseconds under `policy`.
  func duration(under policy: AnimationDelayPolicy) -> Int64 {
    let centiseconds = Int64(delayCentiseconds)
    return policy.duration(raw: centiseconds * 10_000_000, browserMilliseconds: centiseconds * 10)
  }

  /// Whether the frame decodes whole, as far as is known without decoding:
  /// a frame of zero size is complete (it draws nothing); one with a
  /// minimum code size outside `1...8`, incomplete.
  var knownCompleteness: AnimationFrameCompleteness {
    if width == 0 || height == 0 { return .complete }
    return (1...8).contains(lzwMinimumCodeSize) ? .unknown : .incomplete
  }

  /// The frame as the animation engine sees it, its delay read under
  /// `policy`.
  func animationFrame(under policy: AnimationDelayPolicy) -> AnimationFrame {
    AnimationFrame(
      rectangle: rectangle, disposal: disposalMethod, drawsNothing: drawsNothing, duration: duration(under: policy),
      knownCompleteness: knownCompleteness)
  }
}
