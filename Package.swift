// swift-tools-version:6.0
import PackageDescription

/// Invariant checks (`_checkInvariants()`) are compiled in only when this
/// flag is defined, as in swift-collections. Debug builds and `swift test`
/// define it; release builds (benchmarks, users) do not pay for it.
let internalChecks: [SwiftSetting] = [
  .define("ANIMTIMELINE_INTERNAL_CHECKS", .when(configuration: .debug)),
]

let package = Package(
  name: "AnimTimeline",
  // The lowest versions the API needs: `Duration`, `Clock` and
  // `ContinuousClock`. Scripts/check-availability.py (run by CI) keeps the
  // code from using anything newer.
  platforms: [.iOS(.v16), .macOS(.v13), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  products: [
    .library(name: "AnimTimeline", targets: ["AnimTimeline"]),
    .executable(name: "timeline-demo", targets: ["TimelineDemo"]),
  ],
  dependencies: [],
  targets: [
    .target(
      name: "AnimTimeline",
      swiftSettings: internalChecks
    ),
    // The timeline script language (commands, their parser and number
    // syntax, the runner), the seeded generator and the thread helper
    // shared by the demo, the tests and the fuzz targets. Internal: not a
    // product.
    .target(
      name: "TimelineScript",
      dependencies: ["AnimTimeline"]
    ),
    // What the tests of every provider share: the provider conformance
    // checker. Internal: not a product.
    .target(
      name: "AnimTimelineTestSupport",
      dependencies: ["AnimTimeline", "TimelineScript"]
    ),
    .target(
      name: "TimelineCommands",
      dependencies: ["AnimTimeline", "TimelineScript"]
    ),
    .executableTarget(
      name: "TimelineDemo",
      dependencies: ["TimelineCommands"]
    ),
    .testTarget(
      name: "AnimTimelineTests",
      dependencies: ["AnimTimeline", "TimelineScript", "AnimTimelineTestSupport"],
      swiftSettings: internalChecks
    ),
    .testTarget(
      name: "TimelineScriptTests",
      dependencies: ["AnimTimeline", "TimelineScript"]
    ),
    .testTarget(
      name: "TimelineCommandsTests",
      dependencies: ["AnimTimeline", "TimelineScript", "TimelineCommands"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
