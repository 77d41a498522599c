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

  /// The canvases, in the order they show (at least one, all of one
  /// size), kept as the first and the rectangles where each later one
  /// changes: an export holds a fraction of its frames' bytes.
  private(set) var canvases: CanvasChain
  /// How long each canvas shows, in nanoseconds (each at least 0).
  private(set) var durations: [Int64]
  /// How many times the frames play.
  public var loops: LoopCount

  /// The frames, in the order they show; at least one, all of one size.
  ///
  /// - Complexity: O(*n* · *p*): every canvas is rebuilt whole. The
  ///   sequence keeps only the first canvas whole and the rectangle where
  ///   each later one changes.
  public var frames: [Frame] {
    zip(canvases, durations).map { element, duration in Frame(image: element.canvas, duration: duration) }
  }

  /// The number of frames.
  public var count: Int { durations.count }

  /// The size of every frame.
  public var size: ImageSize { ImageSize(width: canvases.first.width, height: canvases.first.height) }

  /// The sum of the frames' durations in nanoseconds, saturating at
  /// `Int64.max`.
  ///
  /// - Complexity: O(*n*) in the number of frames.
  public var duration: Int64 {
    durations.reduce(0) { sum, duration in
      let (total, overflow) = sum.addingReportingOverflow(duration)
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
  /// - Complexity: O(*n* · *p*) for *n* frames of *p* pixels: each is
  ///   compared with the one before.
  public init(frames: [Frame], loops: LoopCount = .infinite) throws(AnimationEncodingError) {
    var builder = Builder()
    for (index, frame) in frames.enumerated() {
      try builder.append(frame.image, duration: frame.duration, frame: index)
    }
    try self.init(builder, loops: loops)
  }

  /// The animation `builder` gathered.
  ///
  /// - Throws: ``AnimationEncodingError/noFrames`` when it has none.
  init(_ builder: Builder, loops: LoopCount) throws(AnimationEncodingError) {
    guard let canvases = builder.canvases else { throw .noFrames }
    self.canvases = canvases
    self.durations = builder.durations
    self.loops = loops
  }

  /// Gathers frames one at a time, checking each, into the chain of
  /// canvases a sequence keeps.
  struct Builder {
    private(set) var canvases: CanvasChain?
    private(set) var durations: [Int64] = []

    /// Appends `image` shown for `duration` nanoseconds; `frame` numbers
    /// it in errors.
    ///
    /// - Throws: ``AnimationEncodingError/invalidImage(frame:_:)``,
    ///   ``AnimationEncodingError/sizeMismatch(frame:expected:found:)``
    ///   and ``AnimationEncodingError/negativeDuration(frame:nanoseconds:)``.
    /// - Complexity: O(*p*) in the pixels.
    mutating func append(_ image: RGBAImage, duration: Int64, frame index: Int) throws(AnimationEncodingError) {
      do throws(ImageError) {
        try RGBAImage.checkConsistency(width: image.width, height: image.height, byteCount: image.pixels.count)
        guard image.width >= 1 && image.height >= 1 else {
          throw ImageError.emptyImage(width: image.width, height: image.height)
        }
      } catch {
        throw .invalidImage(frame: index, error)
      }
      let found = ImageSize(width: image.width, height: image.height)
      if let canvases {
        let size = ImageSize(width: canvases.first.width, height: canvases.first.height)
        guard found == size else { throw .sizeMismatch(frame: index, expected: size, found: found) }
      }
      guard duration >= 0 else { throw .negativeDuration(frame: index, nanoseconds: duration) }
      if canvases == nil {
        canvases = CanvasChain(first: image)
      } else {
        canvases?.append(image)
      }
      durations.append(duration)
    }

    /// Appends the last frame again, shown for `duration` nanoseconds;
    /// `frame` numbers it in errors.
    ///
    /// - Throws: ``AnimationEncodingError/negativeDuration(frame:nanoseconds:)``,
    ///   and ``AnimationEncodingError/noFrames`` when there is no frame yet.
    mutating func appendLastAgain(duration: Int64, frame index: Int) throws(AnimationEncodingError) {
      guard canvases != nil else { throw .noFrames }
      guard duration >= 0 else { throw .negativeDuration(frame: index, nanoseconds: duration) }
      canvases?.appendLastAgain()
      durations.append(duration)
    }
  }
}
