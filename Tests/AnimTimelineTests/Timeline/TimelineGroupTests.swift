import Testing
@testable import AnimTimeline
@testable import TimelineDemo

/// A group must behave exactly like its members ticked one by one.
@Suite struct TimelineGroupTests {
  @Test func groupEqualsMembersTickedAlone() {
    let gen = Gen.array(of: ScriptGen.scripts(maxCommands: 40), count: 1...5)
    forAll("TimelineGroupTests.groupEqualsMembersTickedAlone", gen: gen, iterations: 600) { scripts in
      var singles = scripts.compactMap { try? $0.makeEngine() }
      guard singles.count == scripts.count else { return true }
      var group = TimelineGroup(singles)
      let rounds = scripts.map(\.commands.count).max() ?? 0
      for round in 0..<rounds {
        var shared: (Int64, String?)?
        for (i, script) in scripts.enumerated() where round < script.commands.count {
          let command = script.commands[round]
          if case let .tick(d, mode) = command {
            if shared == nil { shared = (d, mode) }
            continue
          }
          var member = group[i]
          guard member.apply(command) == singles[i].apply(command) else { return false }
          group[i] = member
        }
        guard let (d, mode) = shared else { continue }
        let runMode = RunMode(mode ?? "default")
        if d < 0 {
          // Rejected before any member changes, as each member rejects it.
          do { try group.tick(by: d, mode: runMode); return false } catch {}
          continue
        }
        var expected: [[TimelineEvent]] = []
        for i in singles.indices {
          expected.append(Array((try? singles[i].tick(by: d, mode: runMode)) ?? TickEvents()))
        }
        var got = Array(repeating: [TimelineEvent](), count: singles.count)
        try group.tick(by: d, mode: runMode) { i, events in got[i] = Array(events) }
        guard got == expected else { return false }
        for i in singles.indices where Observation(group[i]) != Observation(singles[i]) { return false }
      }
      return true
    }
  }

  @Test func negativeTickThrowsAndChangesNothing() throws {
    var timeline = try Timeline(provider: SyntheticFrameProvider(durations: [10, 20]))
    timeline.play()
    var group = TimelineGroup([timeline])
    _ = try group.tick(by: 5)
    #expect(throws: TimelineError.self) { try group.tick(by: -1) }
    #expect(group[0].position == 5)
  }

  @Test func idleAndSuspendedMembersStayPut() throws {
    let provider = try SyntheticFrameProvider(durations: [10_000_000, 20_000_000])
    var paused = try Timeline(provider: provider)
    paused.pause()
    var tracking = try Timeline(provider: provider, configuration: .init(modes: RunModes(["tracking"])))
    tracking.play()
    var group = TimelineGroup([paused, tracking])
    var reported: [Int] = []
    try group.tick(by: 16_000_000) { index, events in
      reported.append(index)
      #expect(events.didSuspend)
    }
    #expect(reported == [1])
    #expect(group[0].position == 0 && group[1].position == 0)
    // In tracking mode the paused default-mode member suspends, and the
    // tracking member resumes and advances.
    try group.tick(by: 16_000_000, mode: .tracking) { index, _ in reported.append(index) }
    #expect(reported == [1, 0, 1])
    #expect(group[0].isSuspended && group[0].position == 0)
    #expect(group[1].position == 16_000_000)
  }
}
