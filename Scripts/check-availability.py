#!/usr/bin/env python3
"""Checks that the package uses no standard-library API newer than the
platforms it declares.

CI builds on Linux only, where nothing is gated by OS version, so a use of
(say) UInt128 compiles here and fails for an iOS 16 app. This script reads
the floor from Package.swift's `platforms:` and greps the code for the
symbols in SYMBOLS, whose versions come from the availability attributes
of the Swift standard library and its overlays (Swift 6.0-6.3). A use is
allowed on a line that also says `if #available` or carries the comment
`// availability: guarded` (the guard is then the caller's job).

Usage: Scripts/check-availability.py [ROOT]   (exit 1 on any finding)
"""
import pathlib
import re
import sys

# symbol regex -> (iOS, macOS, tvOS, watchOS, visionOS, what it is)
SYMBOLS = {
    r"\bU?Int128\b": ((18, 0), (15, 0), (18, 0), (11, 0), (2, 0), "128-bit integers"),
    r"\bimport Synchronization\b|\bAtomic<|\bMutex<|\bWordPair\b": ((18, 0), (15, 0), (18, 0), (11, 0), (2, 0), "the Synchronization module"),
    r"\bRangeSet\b|\bDiscontiguousSlice\b": ((18, 0), (15, 0), (18, 0), (11, 0), (2, 0), "RangeSet"),
    r"\.attoseconds\b|Duration\(attoseconds:": ((18, 0), (15, 0), (18, 0), (11, 0), (2, 0), "Duration's Int128 attoseconds"),
    r"String\(validating:": ((18, 0), (15, 0), (18, 0), (11, 0), (2, 0), "String(validating:as:)"),
    r"\bwithTaskExecutorPreference\b|\bTaskExecutor\b|\bglobalConcurrentExecutor\b": ((18, 0), (15, 0), (18, 0), (11, 0), (2, 0), "task executors"),
    r"\bInlineArray\b|\bUTF8Span\b|\bMutableSpan\b|\bMutableRawSpan\b|\bOutputSpan\b": ((26, 0), (26, 0), (26, 0), (26, 0), (26, 0), "Swift 6.2 containers"),
    r"\bTask\.immediate\b|\bTask\.startSynchronously\b": ((26, 0), (26, 0), (26, 0), (26, 0), (26, 0), "immediate tasks"),
    r"@Observable\b|\bwithObservationTracking\b|\bimport Observation\b": ((17, 0), (14, 0), (17, 0), (10, 0), (1, 0), "Observation"),
    r"\bisIdentical\(to:": ((26, 0), (26, 0), (26, 0), (26, 0), (26, 0), "isIdentical(to:)"),
    # Clock, Duration, ContinuousClock and SuspendingClock are the floor itself.
    r"\bContinuousClock\b|\bSuspendingClock\b|\bDuration\b|\bany Clock\b|: Clock\b": ((16, 0), (13, 0), (16, 0), (9, 0), (1, 0), "Clock and Duration"),
}
PLATFORMS = ["iOS", "macOS", "tvOS", "watchOS", "visionOS"]
SCANNED = ["Sources", "Examples", "README.md"]


def floor(package: str) -> dict:
    block = re.search(r"platforms:\s*\[(.*?)\]", package, re.S)
    if not block:
        sys.exit("error: Package.swift declares no platforms")
    found = {}
    for name, major, minor in re.findall(r"\.(\w+)\(\.v(\d+)(?:_(\d+))?\)", block.group(1)):
        found[name] = (int(major), int(minor or 0))
    missing = [p for p in PLATFORMS if p not in found]
    if missing:
        sys.exit(f"error: Package.swift's platforms lack {', '.join(missing)}")
    return found


def files(root: pathlib.Path):
    for entry in SCANNED:
        path = root / entry
        if path.is_file():
            yield path
        elif path.is_dir():
            for swift in sorted(path.rglob("*.swift")):
                if ".build" not in swift.parts:
                    yield swift


def main() -> int:
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".").resolve()
    declared = floor((root / "Package.swift").read_text())
    findings = 0
    for path in files(root):
        in_code = path.suffix == ".swift"
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if path.suffix == ".md" and line.startswith("```"):
                in_code = not in_code
                continue
            stripped = line.strip()
            if not in_code or stripped.startswith("//") or "availability: guarded" in line or "#available" in line:
                continue
            for pattern, versions in SYMBOLS.items():
                if not re.search(pattern, line):
                    continue
                too_new = [f"{p} {versions[i][0]}.{versions[i][1]}" for i, p in enumerate(PLATFORMS)
                           if versions[i] > declared[p]]
                if too_new:
                    findings += 1
                    print(f"{path.relative_to(root)}:{number}: {versions[5]} needs {', '.join(too_new)}; "
                          f"declared floor is " + ", ".join(f"{p} {declared[p][0]}.{declared[p][1]}" for p in PLATFORMS))
    scanned = sum(1 for _ in files(root))
    if findings:
        print(f"availability: {findings} use(s) newer than the declared platforms", file=sys.stderr)
        return 1
    print(f"availability: {scanned} files checked against " + ", ".join(f"{p} {v[0]}.{v[1]}" for p, v in declared.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
