import CPFSystem

/// The sentences the tree scan (`-r`, `--in-place`, `--stats`, the
/// progress line) shows, from the catalogue (``Message``), with their
/// numbers laid out for the language.
enum TreeMessages {
    /// A FIFO, socket or device met below a directory argument.
    static func notRegularFile(_ language: Language) -> String {
        Message.notRegularFile.text(language)
    }
    /// A directory replaced during the walk, not entered.
    static func replacedDuringWalk(_ language: Language) -> String {
        Message.replacedDuringWalk.text(language)
    }
    /// Why `redact --in-place` left a file as it was.
    static func notRewritten(_ failure: InPlaceFile.Failure, _ language: Language) -> String {
        let reason =
            switch failure {
            case .system(let error): language == .english ? error.description : error.portugueseDescription
            case .otherNames: Message.hasOtherNames.text(language)
            case .owner(let error):
                Message.cannotKeepOwner.text(
                    language, language == .english ? error.description : error.portugueseDescription)
            case .attribute(let copy):
                Message.cannotKeepAttribute.text(
                    language, Escaping.readable(RawText(copy.name)),
                    language == .english ? copy.error.description : copy.error.portugueseDescription)
            case .changed: Message.changedWhileRewritten.text(language)
            case .openForWriting: Message.openForWriting.text(language)
            case .readBackFound(let count): Message.readBackFound.text(language, "\(count)")
            case .readBackUnreadable(let reason): Message.readBackUnreadable.text(language, reason)
            }
        return Message.notRewritten.text(language, reason)
    }
    /// A file that `redact --in-place` rewrote.
    static func redacted(_ name: String, count: Int, _ language: Language) -> String {
        Message.redactedFile.text(language, name, "\(count)")
    }
    /// The `--stats` summary: what was read.
    static func statsFiles(files: Int, withCPFs: Int, bytes: Int, seconds: Double, _ language: Language) -> String {
        Message.statsFiles.text(language, "\(files)", "\(withCPFs)", "\(bytes)", formatSeconds(seconds, language))
    }
    /// The `--stats` summary: what was found.
    static func statsCPFs(high: Int, medium: Int, low: Int, mistyped: Int, _ language: Language) -> String {
        Message.statsCPFs.text(language, "\(high)", "\(medium)", "\(low)", "\(mistyped)")
    }
    /// `redact --stats`: the files read, and `outcomes`, how they ended.
    static func redactStatsFiles(files: Int, bytes: Int, seconds: Double, _ language: Language, outcomes: String)
        -> String
    {
        Message.redactStatsFiles.text(language, "\(files)", "\(bytes)", formatSeconds(seconds, language), outcomes)
    }
    /// The progress line: files and bytes done, and the rate (the walk
    /// streams, so the totals are not known until the end).
    static func progress(files: Int, bytes: Int, rate: Double, _ language: Language) -> String {
        Message.progress.text(language, "\(files)", formatBytes(bytes, language), formatBytes(Int(rate), language))
    }
    /// The progress line when the number of files is known: files done of
    /// the total, bytes, rate and the time left.
    static func progress(files: Int, of total: Int, bytes: Int, rate: Double, left: Double, _ language: Language)
        -> String
    {
        Message.progressOfTotal.text(
            language, "\(files)", "\(total)", formatBytes(bytes, language), formatBytes(Int(rate), language),
            formatDuration(left))
    }

    /// A time left: `45 s`, `1 min 40 s` (below ten minutes), `12 min`,
    /// `2 h 05 min` (the same in both languages).
    static func formatDuration(_ seconds: Double) -> String {
        let whole = seconds.isNaN ? 0 : Int(min(max(seconds, 0), 1e9).rounded())
        if whole < 60 { return "\(whole) s" }
        if whole < 600 { return "\(whole / 60) min \(whole % 60) s" }
        let minutes = (whole + 30) / 60
        if minutes < 60 { return "\(minutes) min" }
        return "\(minutes / 60) h \(minutes % 60 < 10 ? "0" : "")\(minutes % 60) min"
    }

    /// `12.3 MB`, `980 kB`, `15 B` (powers of 1000).
    /// (`12,3 MB` in Portuguese, whose decimal separator is a comma.)
    static func formatBytes(_ count: Int, _ language: Language = .english) -> String {
        let units = ["B", "kB", "MB", "GB", "TB"]
        var value = Double(count)
        var unit = 0
        while value >= 1000, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        if unit == 0 { return "\(count) B" }
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10)\(language == .english ? "." : ",")\(tenths % 10) \(units[unit])"
    }

    /// `0.84 s`, `75 s`.
    static func formatSeconds(_ seconds: Double, _ language: Language = .english) -> String {
        if seconds >= 10 { return "\(Int(seconds.rounded())) s" }
        let hundredths = Int((seconds * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100)\(language == .english ? "." : ",")\(fraction < 10 ? "0" : "")\(fraction) s"
    }
}
