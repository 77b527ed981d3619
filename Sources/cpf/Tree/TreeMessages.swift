/// Every sentence the tree scan (`-r`, `--in-place`, `--stats`, the
/// progress line) shows, in one place, to be translated as a whole.
enum TreeMessages {
    /// A FIFO, socket or device met below a directory argument.
    static let notRegularFile = "not a regular file, skipped"
    /// A file that `redact --in-place` rewrote.
    static func redacted(_ name: String, count: Int) -> String {
        "redacted \(name) (\(count) hidden)"
    }
    /// The `--stats` summary: what was read.
    static func statsFiles(files: Int, withCPFs: Int, bytes: Int, seconds: Double) -> String {
        "\(files) files (\(withCPFs) with CPFs), \(bytes) bytes, \(formatSeconds(seconds))"
    }
    /// The `--stats` summary: what was found.
    static func statsCPFs(high: Int, medium: Int, low: Int, mistyped: Int) -> String {
        "CPFs: \(high) high, \(medium) medium, \(low) low, \(mistyped) mistyped"
    }
    /// The progress line.
    static func progress(files: Int, totalFiles: Int, bytes: Int, totalBytes: Int, rate: Double, secondsLeft: Double?) -> String {
        var line = "\(files)/\(totalFiles) files, \(formatBytes(bytes))/\(formatBytes(totalBytes)), \(formatBytes(Int(rate)))/s"
        if let secondsLeft { line += ", \(Int(secondsLeft.rounded())) s left" }
        return line
    }

    /// `12.3 MB`, `980 kB`, `15 B` (powers of 1000).
    static func formatBytes(_ count: Int) -> String {
        let units = ["B", "kB", "MB", "GB", "TB"]
        var value = Double(count)
        var unit = 0
        while value >= 1000, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        if unit == 0 { return "\(count) B" }
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) \(units[unit])"
    }

    /// `0.84 s`, `75 s`.
    static func formatSeconds(_ seconds: Double) -> String {
        if seconds >= 10 { return "\(Int(seconds.rounded())) s" }
        let hundredths = Int((seconds * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction) s"
    }
}
