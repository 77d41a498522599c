/// Canvases of one size, in order, kept as the first canvas and, for each
/// later one, the rectangle where it differs from the canvas before it,
/// with its pixels there: what ``AnimationSequence`` stores and what the
/// encoders' passes walk.
///
/// Consecutive frames of an animation change a little, so this holds a
/// fraction of the whole canvases: `gifplayer-muybridge.gif`'s 380
/// canvases of 472×298 take 213 MB whole and 19 MB so. Holding them whole
/// made `timeline-demo convert` spend more time on the kernel's page
/// faults for fresh canvases (and on giving them back) than on decoding
/// them, and walking 213 MB left every pass of the encoders waiting on
/// memory (see `Docs/Performance.md`).
///
/// Iterating rebuilds the canvases on three running images, applying
/// each rectangle in place (see ``Iterator``).
struct CanvasChain: Hashable, Sendable {
  /// One canvas after the first: where it differs from the one before.
  struct Step: Hashable, Sendable {
    /// The rectangle where the canvas differs from the one before it, or
    /// `nil` when the two are equal.
    var rectangle: PixelRect?
    /// The canvas's pixels inside `rectangle`, RGBA, row by row.
    var pixels: [UInt8]
  }

  /// The first canvas.
  private(set) var first: RGBAImage
  /// The later canvases, each against the one before it.
  private(set) var steps: [Step] = []
  /// The last canvas, whole: what the next one is compared with. It
  /// follows from `first` and `steps`, so equality and hashing leave it
  /// out.
  private(set) var last: RGBAImage

  /// A chain of one canvas, `first` (consistent, not empty).
  init(first: RGBAImage) {
    self.first = first
    self.last = first
  }

  /// The number of canvases.
  var count: Int { steps.count + 1 }

  static func == (lhs: CanvasChain, rhs: CanvasChain) -> Bool {
    lhs.first == rhs.first && lhs.steps == rhs.steps
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(first)
    hasher.combine(steps)
  }

  /// The whole canvas's rectangle.
  var bounds: PixelRect { PixelRect(x: 0, y: 0, width: first.width, height: first.height) }

  /// Appends `canvas` (consistent, of the chain's size) and returns where
  /// it differs from the last canvas (`nil`: nowhere). With `bounds`, the
  /// two are known to be equal outside it, and only it is compared.
  ///
  /// - Complexity: O(*p*) in the pixels compared with the last canvas.
  @discardableResult
  mutating func append(_ canvas: RGBAImage, within bounds: PixelRect? = nil) -> PixelRect? {
    let rectangle = canvas.differingRectangle(from: last, within: bounds ?? self.bounds)
    append(canvas, changing: rectangle)
    return rectangle
  }

  /// Appends the last canvas again.
  mutating func appendLastAgain() {
    steps.append(Step(rectangle: nil, pixels: []))
  }

  /// Appends `canvas`, which differs from the last canvas exactly inside
  /// `rectangle` (`nil`: nowhere), as `differingRectangle(from:)` finds.
  ///
  /// - Complexity: O(*r*) in the rectangle's pixels.
  mutating func append(_ canvas: RGBAImage, changing rectangle: PixelRect?) {
    let step = Step(rectangle: rectangle, pixels: rectangle.map { canvas.cropped(to: $0) } ?? [])
    steps.append(step)
    // The rectangle is written into the chain's own last canvas rather
    // than `canvas` kept: a caller rebuilding canvases in place (a
    // provider, a walk over another chain) then copies none (bench encode
    // gifplayer-muybridge.gif: a canvas copied a frame was 2.5 % of its
    // samples).
    CanvasChain.apply(step, to: &last)
  }
}

extension CanvasChain: Sequence {
  /// A canvas of the walk: the canvas before it (`nil` for the first),
  /// the canvas, and the rectangle where they differ (the first's: the
  /// whole canvas; `nil` when the two are equal).
  struct Element {
    /// The canvas before this one, `nil` for the first.
    var previous: RGBAImage?
    /// The canvas.
    var canvas: RGBAImage
    /// Where `canvas` differs from `previous`: `nil` when they are equal,
    /// the whole canvas for the first.
    var change: PixelRect?
  }

  /// Walks the canvases in order, rebuilding each on three running
  /// images in turn.
  ///
  /// Each canvas is rebuilt on the image that held the canvas three
  /// before it, by applying the three steps since: a walker may keep the
  /// last two canvases it was given (the GIF encoder's frame holds the
  /// canvases before and after it) and no canvas is copied.
  struct Iterator: IteratorProtocol {
    private let chain: CanvasChain
    /// The position of the next canvas.
    private var position = 0
    /// The running images; image `k % 3` holds canvas `k` for the last
    /// three canvases returned.
    private var images: (RGBAImage, RGBAImage, RGBAImage)

    fileprivate init(_ chain: CanvasChain) {
      self.chain = chain
      self.images = (chain.first, chain.first, chain.first)
    }

    /// The next canvas, or `nil` after the last.
    ///
    /// - Complexity: O(*r*) in the pixels of the last three rectangles,
    ///   plus a copy of the canvas when the caller still holds the image
    ///   to rebuild.
    mutating func next() -> Element? {
      defer { position += 1 }
      if position == 0 { return Element(previous: nil, canvas: chain.first, change: chain.bounds) }
      guard position <= chain.steps.count else { return nil }
      // The image to rebuild holds canvas `position - 3` (the first
      // canvas for the first three): the steps after it bring it here.
      let from = Swift.max(1, position - 2)
      switch position % 3 {
      case 0: for step in from...position { CanvasChain.apply(chain.steps[step - 1], to: &images.0) }
      case 1: for step in from...position { CanvasChain.apply(chain.steps[step - 1], to: &images.1) }
      default: for step in from...position { CanvasChain.apply(chain.steps[step - 1], to: &images.2) }
      }
      return Element(previous: image(position - 1), canvas: image(position), change: chain.steps[position - 1].rectangle)
    }

    /// The running image holding canvas `index` (one of the last three).
    private func image(_ index: Int) -> RGBAImage {
      switch index % 3 {
      case 0: images.0
      case 1: images.1
      default: images.2
      }
    }
  }

  /// A walk over the canvases.
  func makeIterator() -> Iterator { Iterator(self) }

  /// The number of canvases.
  var underestimatedCount: Int { count }

  /// Writes `step`'s pixels into `canvas`.
  ///
  /// - Complexity: O(*r*) in the rectangle's pixels.
  static func apply(_ step: Step, to canvas: inout RGBAImage) {
    guard let rectangle = step.rectangle else { return }
    AnimationCanvas.restore(rectangle, width: canvas.width, height: canvas.height, from: step.pixels, canvas: &canvas.pixels)
  }
}
