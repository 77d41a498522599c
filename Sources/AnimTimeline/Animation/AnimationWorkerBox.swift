/// A worker (``AnimationWorker``) held by reference, so that handing it
/// from the idle ones to a request and back moves a pointer, not the
/// worker.
///
/// A box is reachable from one place at a time: the shared state's idle
/// list, under the provider's lock, or the one request that took it out
/// of that list, until it gives the box back under the lock. Taking and
/// giving back under the lock orders every access to the worker between
/// two threads, as it did when the worker itself was moved.
// bench decode of a 4x4 APNG --reopen: moving the worker (392 bytes with
// a PNG drawer) in and out of the idle list, an optional and the plan was
// eight copies a request, a tenth of a play's instructions (callgrind).
final class AnimationWorkerBox<Drawer: AnimationFrameDrawer>: @unchecked Sendable {
  // @unchecked: see above; one holder at a time, handed over under a lock.
  /// The worker. Unchecked: its one holder already makes each access
  /// exclusive, and the runtime's check would run on every access.
  @exclusivity(unchecked) var worker: AnimationWorker<Drawer>

  /// A box holding `worker`.
  init(_ worker: consuming AnimationWorker<Drawer>) {
    self.worker = worker
  }
}
