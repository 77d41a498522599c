/// An animation to encode: full canvases of one size, each shown for a
/// duration, played a number of times. What ``GIFEncoder`` and
/// ``APNGEncoder`` write, and what ``AnimationSequence/init(provider:timeline:framesPerSecond:size:)``
/// makes from what a timeline shows.
///
/// The frames are whole canvases, as an ``AnimatedImageProvider`` hands
/// them out: the encoders find what changed between consecutive frames
/// themselves.
public struct AnimationSequence: Hashable, Sendable {
  /// One canvas and how long it shows.
  public struct Frame: Hashable, Sendable {
    /// The canvas, as the viewer sees it.
    public var image: RGBAImage
    /// How long the canvas shows, in nanoseconds (at least 0).
    public var duration: Int64

    /// A frame showing `image` for `duration` nanoseconds.
    public init(image: RGBAImage, duration: Int64) {
      self.image = image
      self.duration = duration
    }
  }

  /// The frames, in the order they show; at least one, all of one size.
  public private(set) var frames: [Frame]
  /// How many times the frames play.
  public var loops: LoopCount

  /// The size of every frame.
  public var size: ImageSize { ImageSize(width: frames[0].image.width, height: frames[0].image.height) }

  /// The sum of the frames' durations in nanoseconds, saturating at
  /// `Int64.max`.
  ///
  /// - Complexity: O(*n*) in the number of frames.
  public var duration: Int64 {
    frames.reduce(0) { sum, frame in
      let (total, overflow) = sum.addingReportingOverflow(frame.duration)
      return overflow ? .max : total
    }
  }

  /// An animation of `frames`, played `loops` times.
  ///
  /// - Throws: ``AnimationEncodingError/noFrames``, else the first of
  ///   ``AnimationEncodingError/invalidImage(frame:_:)`` (an inconsistent
  ///   or empty image), ``AnimationEncodingError/sizeMismatch(frame:expected:found:)``
  ///   and ``AnimationEncodingError/negativeDuration(frame:nanoseconds:)``
  ///   in frame order.
  /// - Complexity: O(*n*) in the number of frames.
  public init(frames: [Frame], loops: LoopCount = .infinite) throws(AnimationEncodingError) {
    guard let first = frames.first else { throw .noFrames }
    let size = ImageSize(width: first.image.width, height: first.image.height)
    for (index, frame) in frames.enumerated() {
      let image = frame.image
      do throws(ImageError) {
        try RGBAImage.checkConsistency(width: image.width, height: image.height, byteCount: image.pixels.count)
        guard image.width >= 1 && image.height >= 1 else {
          throw ImageError.emptyImage(width: image.width, height: image.height)
        }
      } catch {
        throw .invalidImage(frame: index, error)
      }
      let found = ImageSize(width: image.width, height: image.height)
      guard found == size else { throw .sizeMismatch(frame: index, expected: size, found: found) }
      guard frame.duration >= 0 else { throw .negativeDuration(frame: index, nanoseconds: frame.duration) }
    }
    self.frames = frames
    self.loops = loops
  }
}
