// The optional tools some tests drive (shells, groff, man): a test that needs
// one is skipped, not failed, where it is missing, as the prompt tests are
// without tmux. `.ci/run` installs every one of them and fails when one is
// missing, so CI never skips.

import Foundation

package enum InstalledTool {
    /// The path of the executable `name` on `PATH` (or in the usual
    /// folders), or `nil` when it is not installed.
    package static func path(_ name: String) -> String? {
        let folders =
            (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
            + ["/usr/bin", "/usr/local/bin", "/opt/homebrew/bin"]
        return folders.lazy.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Whether every tool of `names` is installed.
    package static func areInstalled(_ names: String...) -> Bool {
        names.allSatisfy { path($0) != nil }
    }
}
