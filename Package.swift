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
    .executableTarget(
      name: "TimelineDemo",
      dependencies: ["AnimTimeline"]
    ),
    .testTarget(
      name: "AnimTimelineTests",
      dependencies: ["AnimTimeline", "TimelineDemo"],
      swiftSettings: internalChecks
    ),
  ],
  swiftLanguageModes: [.v6]
)
