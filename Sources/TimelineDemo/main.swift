import Foundation

// GIF subcommands (info, frames, frame) live in GIFCommands.swift.
let arguments = Array(CommandLine.arguments.dropFirst())
if let first = arguments.first, GIFCommands.subcommands.contains(first) {
  exit(GIFCommands.run(first, Array(arguments.dropFirst())))
}
print("timeline-demo: under construction")
