import CPFKit
import CPFSystem

/// What `redact --stats` adds up over the files, from every worker: how
/// each file ended, and how many values were hidden.
///
/// ```swift
/// let stats = RedactStats()
/// stats.add(bytes: 120, outcome: .rewritten, hidden: 2)
/// stats.add(bytes: 40, outcome: .nothingToHide, hidden: 0)
/// stats.rewritten  // 1
/// ```
final class RedactStats: @unchecked Sendable {
    /// How one file ended.
    enum Outcome: Sendable {
        /// Read whole: nothing in it was to be hidden; left untouched.
        case nothingToHide
        /// Copied to standard output with values hidden.
        case copied
        /// Rewritten in place, after the file written was read back and
        /// held none of what was to be hidden.
        case rewritten
        /// Left as it was: not searched completely, not rewritten (a
        /// refusal, a failed read-back) or not read.
        case leftAsItWas
    }

    private let monitor = Monitor()
    private(set) var files = 0
    private(set) var bytes = 0
    private(set) var nothingToHide = 0
    private(set) var copied = 0
    private(set) var rewritten = 0
    private(set) var leftAsItWas = 0
    private(set) var hidden = 0
    private let start = system_monotonicSeconds()

    /// Adds one file: its size, how it ended and the values hidden in what
    /// was written (none when it was left as it was).
    func add(bytes: Int, outcome: Outcome, hidden: Int) {
        monitor.locked {
            files += 1
            self.bytes += bytes
            switch outcome {
            case .nothingToHide: nothingToHide += 1
            case .copied: copied += 1
            case .rewritten: rewritten += 1
            case .leftAsItWas: leftAsItWas += 1
            }
            if outcome == .copied || outcome == .rewritten { self.hidden += hidden }
        }
    }

    /// The summary on standard error: the files and how they ended, then
    /// the values hidden, named by what was asked for (`CPFs`, `CNPJs`).
    func write(
        to errors: OutputBuffer, inPlace: Bool, accepted: TaxpayerID.Accepted, notSearched: Int = 0,
        language: Language = .english
    ) {
        monitor.locked {
            let seconds = system_monotonicSeconds() - start
            errors.write(
                TreeMessages.redactStatsFiles(
                    files: files, bytes: bytes, seconds: seconds, language,
                    outcomes: inPlace
                        ? Message.redactStatsInPlace.text(
                            language, "\(rewritten)", "\(leftAsItWas)", "\(nothingToHide)")
                        : Message.redactStatsCopied.text(
                            language, "\(copied)", "\(leftAsItWas)", "\(nothingToHide)")) + "\n")
            let what =
                switch accepted {
                case .cpf: "CPFs"
                case .cnpj: "CNPJs"
                case .any: language == .english ? "CPFs and CNPJs" : "CPFs e CNPJs"
                }
            errors.write(Message.redactStatsHidden.text(language, what, "\(hidden)") + "\n")
            if notSearched > 0 { errors.write(Message.statsNotSearched.text(language, "\(notSearched)") + "\n") }
        }
        errors.flush()
    }
}
