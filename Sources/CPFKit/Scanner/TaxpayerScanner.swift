// CPFs and CNPJs in one pass: CPFScanner and CNPJScanner side by side,
// their matches merged in offset order, for `cpf find` and `cpf redact`
// with `--document cnpj|any`.

/// Finds the CPFs, the CNPJs, or both, written inside free text given as
/// bytes in pieces of any size: ``CPFScanner`` and ``CNPJScanner`` run side
/// by side and their matches come out in offset order, each of its own
/// ``TaxpayerID/Kind``. A CPF match that overlaps a CNPJ match is dropped:
/// a CNPJ is never reported as a CPF.
///
/// ```swift
/// var scanner = TaxpayerScanner(accepting: .any)
/// var found: [TaxpayerScanner.Match] = []
/// Array("CPF 390.533.447-05, CNPJ 12.ABC.345/01DE-35".utf8).withUnsafeBytes {
///     scanner.feed($0) { found.append($0) }
/// }
/// scanner.finish { found.append($0) }
/// found.map(\.kind)   // [.cpf, .cnpj]
/// ```
///
/// - Complexity: O(*n*) time in the bytes fed, O(1) memory: a match waits
///   only until neither scanner can still report one before its end.
public struct TaxpayerScanner: Sendable {
    /// One CPF or CNPJ found.
    ///
    /// ```swift
    /// let match = TaxpayerScanner.matches(in: "CNPJ 12.ABC.345/01DE-35".utf8, accepting: .any)[0]
    /// match.kind         // .cnpj
    /// match.characters   // "12ABC34501DE35"
    /// if case .cnpj(let cnpj) = match { cnpj.cnpj }   // 12.ABC.345/01DE-35
    /// ```
    public enum Match: Hashable, Sendable {
        /// A CPF (or mistyped CPF), as ``CPFScanner`` reports it.
        case cpf(CPFScanner.Match)
        /// A CNPJ (or mistyped CNPJ), as ``CNPJScanner`` reports it.
        case cnpj(CNPJScanner.Match)

        /// Which kind of number it is.
        public var kind: TaxpayerID.Kind {
            switch self {
            case .cpf: .cpf
            case .cnpj: .cnpj
            }
        }

        /// Where it is written, in bytes from the start of the input.
        public var range: Range<Int> {
            switch self {
            case .cpf(let match): match.range
            case .cnpj(let match): match.range
            }
        }

        /// How sure the scanner of its kind is.
        public var confidence: CPFScanner.Confidence {
            switch self {
            case .cpf(let match): match.confidence
            case .cnpj(let match): match.confidence
            }
        }

        /// Whether its check digits are right.
        public var isValid: Bool {
            switch self {
            case .cpf(let match): match.isValid
            case .cnpj(let match): match.isValid
            }
        }

        /// Whether the match is written across a line break.
        public var spansLineBreak: Bool {
            switch self {
            case .cpf(let match): match.spansLineBreak
            case .cnpj(let match): match.spansLineBreak
            }
        }

        /// The match as written.
        public var text: String {
            switch self {
            case .cpf(let match): match.text
            case .cnpj(let match): match.text
            }
        }

        /// Its digits or characters, as reported (`"39053344705"`, `"12ABC34501DE35"`).
        public var characters: String {
            switch self {
            case .cpf(let match): match.digits
            case .cnpj(let match): match.characters
            }
        }
    }

    /// The kinds looked for.
    public let accepted: TaxpayerID.Accepted
    /// For a scanner made with ``init(accepting:hidingFrom:)``: the lowest
    /// confidence reported.
    public let hidingFrom: CPFScanner.Confidence?
    private var cpfScanner: CPFScanner
    private var cnpjScanner = CNPJScanner()
    /// Matches reported by each scanner, not yet passed on.
    private var waitingCPFs: [CPFScanner.Match] = []
    private var waitingCNPJs: [CNPJScanner.Match] = []
    /// The end of the last CNPJ passed on, to drop a CPF overlapping it.
    private var lastCNPJEnd = 0

    /// Makes a scanner of the kinds `accepted`.
    ///
    /// ```swift
    /// var scanner = TaxpayerScanner(accepting: .cnpj)
    /// ```
    public init(accepting accepted: TaxpayerID.Accepted) {
        self.accepted = accepted
        hidingFrom = nil
        cpfScanner = CPFScanner()
    }

    /// Makes a scanner of the kinds `accepted` that reports only what
    /// `redact` hides at `minimum`: the matches of that confidence or more,
    /// mistyped ones included (they are `.high`). A CPF or CNPJ not hidden
    /// still keeps a CPF that overlaps it from being reported, as with
    /// ``init(accepting:)``; with CPFs alone, they are the matches of
    /// ``CPFScanner/init(hidingFrom:)``.
    ///
    /// ```swift
    /// var scanner = TaxpayerScanner(accepting: .any, hidingFrom: .high)
    /// Array("CNPJ 11.222.333/0001-81, id 11222333000181 ".utf8).withUnsafeBytes { bytes in
    ///     scanner.feed(bytes) { print($0.range) }   // 5..<23: the bare number is of medium confidence
    /// }
    /// ```
    public init(accepting accepted: TaxpayerID.Accepted, hidingFrom minimum: CPFScanner.Confidence) {
        self.accepted = accepted
        hidingFrom = minimum
        // Beside CNPJs, every CPF is looked at: one not hidden still overlaps a CNPJ.
        cpfScanner = accepted == .cpf ? CPFScanner(hidingFrom: minimum) : CPFScanner()
    }

    /// A scanner as this one was made, at the start of a new input.
    private var fresh: TaxpayerScanner {
        if let hidingFrom {
            TaxpayerScanner(accepting: accepted, hidingFrom: hidingFrom)
        } else {
            TaxpayerScanner(accepting: accepted)
        }
    }

    /// Bytes fed since the start of the input.
    ///
    /// ```swift
    /// var scanner = TaxpayerScanner(accepting: .any)
    /// Array("abc".utf8).withUnsafeBytes { scanner.feed($0) { _ in } }
    /// scanner.offset   // 3
    /// ```
    public var offset: Int { accepted == .cnpj ? cnpjScanner.offset : cpfScanner.offset }

    /// The offset up to which the input is settled: no match passed on
    /// later covers a byte before it.
    ///
    /// ```swift
    /// var scanner = TaxpayerScanner(accepting: .any)
    /// Array("id 11.222.333/0001-8".utf8).withUnsafeBytes { scanner.feed($0) { _ in } }
    /// scanner.settledOffset   // 3
    /// ```
    public var settledOffset: Int {
        var settled = scannersSettled
        if let first = waitingCPFs.first { settled = Swift.min(settled, first.range.lowerBound) }
        if let first = waitingCNPJs.first { settled = Swift.min(settled, first.range.lowerBound) }
        return settled
    }

    private var scannersSettled: Int {
        switch accepted {
        case .cpf: cpfScanner.settledOffset
        case .cnpj: cnpjScanner.settledOffset
        case .any: Swift.min(cpfScanner.settledOffset, cnpjScanner.settledOffset)
        }
    }

    /// Reads the next piece of the input and calls `onMatch` with each match
    /// now decided, in offset order.
    ///
    /// ```swift
    /// var scanner = TaxpayerScanner(accepting: .any)
    /// Array("CNPJ 11.222.333/0001-81 e CPF 390.533.447-05 e".utf8).withUnsafeBytes { bytes in
    ///     scanner.feed(bytes) { print($0.kind, $0.text) }   // cnpj 11.222.333/0001-81, cpf 390.533.447-05
    /// }
    /// ```
    @inline(__always)
    public mutating func feed(_ bytes: UnsafeRawBufferPointer, onMatch: (Match) -> Void) {
        // CPFs alone need no merging: each is passed on as CPFScanner reports it.
        if accepted == .cpf { return cpfScanner.feed(bytes) { onMatch(.cpf($0)) } }
        if accepted != .cnpj { cpfScanner.feed(bytes) { waitingCPFs.append($0) } }
        cnpjScanner.feed(bytes) { waitingCNPJs.append($0) }
        passOn(upTo: scannersSettled, onMatch: onMatch)
    }

    /// Ends the input: every match still waiting is passed on, and the
    /// scanner is reset for a new input.
    ///
    /// ```swift
    /// var scanner = TaxpayerScanner(accepting: .cnpj)
    /// Array("CNPJ 11222333000181".utf8).withUnsafeBytes { scanner.feed($0) { _ in } }   // nothing yet
    /// scanner.finish { print($0.text) }   // 11222333000181
    /// ```
    public mutating func finish(onMatch: (Match) -> Void) {
        if accepted == .cpf {
            cpfScanner.finish { onMatch(.cpf($0)) }
        } else {
            if accepted != .cnpj { cpfScanner.finish { waitingCPFs.append($0) } }
            cnpjScanner.finish { waitingCNPJs.append($0) }
            passOn(upTo: .max, onMatch: onMatch)
        }
        self = fresh
    }

    /// Passes on, in offset order, the waiting matches that end by `settled`
    /// (any match overlapping one of them has been reported by then).
    private mutating func passOn(upTo settled: Int, onMatch report: (Match) -> Void) {
        let hidingFrom = hidingFrom
        // What a hiding scanner does not hide is dropped only here, once it has hidden its overlaps.
        func onMatch(_ match: Match) {
            if let hidingFrom, match.isValid, match.confidence < hidingFrom { return }
            report(match)
        }
        var cpfIndex = 0
        var cnpjIndex = 0
        while true {
            let cpf = cpfIndex < waitingCPFs.count ? waitingCPFs[cpfIndex] : nil
            let cnpj = cnpjIndex < waitingCNPJs.count ? waitingCNPJs[cnpjIndex] : nil
            let takesCNPJ: Bool
            switch (cpf, cnpj) {
            case (nil, nil): takesCNPJ = false
            case (nil, _?): takesCNPJ = true
            case (_?, nil): takesCNPJ = false
            case (let cpf?, let cnpj?): takesCNPJ = cnpj.range.lowerBound <= cpf.range.lowerBound
            }
            if takesCNPJ, let cnpj {
                guard cnpj.range.upperBound <= settled else { break }
                onMatch(.cnpj(cnpj))
                lastCNPJEnd = cnpj.range.upperBound
                cnpjIndex += 1
            } else if let cpf {
                guard cpf.range.upperBound <= settled else { break }
                cpfIndex += 1
                let overlaps =
                    cpf.range.lowerBound < lastCNPJEnd
                    || waitingCNPJs[cnpjIndex...].contains { $0.range.overlaps(cpf.range) }
                if !overlaps { onMatch(.cpf(cpf)) }
            } else {
                break
            }
        }
        waitingCPFs.removeFirst(cpfIndex)
        waitingCNPJs.removeFirst(cnpjIndex)
    }

    /// Every match in `bytes`, of the kinds `accepted`, of at least
    /// `minimumConfidence`, in order; the mistyped ones too with `includeInvalid`.
    ///
    /// ```swift
    /// TaxpayerScanner.matches(in: "CPF 390.533.447-05 CNPJ 12.ABC.345/01DE-35".utf8, accepting: .any)
    ///     .map(\.kind)   // [.cpf, .cnpj]
    /// ```
    public static func matches(
        in bytes: some Sequence<UInt8>, accepting accepted: TaxpayerID.Accepted,
        minimumConfidence: CPFScanner.Confidence = .medium, includeInvalid: Bool = false
    ) -> [Match] {
        var scanner = TaxpayerScanner(accepting: accepted)
        return scanner.wholeInputMatches(
            in: bytes, minimumConfidence: minimumConfidence, includeInvalid: includeInvalid)
    }

    /// Every match in a path of names joined by `/` (an archive member's,
    /// `fichas/11.222.333/0001-81.txt`), as ``matches(in:accepting:minimumConfidence:includeInvalid:)``
    /// gives them, ranges in bytes from the start of the path. The whole
    /// path is read, so a masked CNPJ cut by its own `/` is found whole. A
    /// path's `/` ends a name, so CNPJs are also looked for in each name on
    /// its own and in each two names side by side (a mask holds one `/`):
    /// one after a folder named by a number (`2024/11222333000181.pdf`,
    /// `2024/11.222.333/0001-81.txt`), which the whole path joins to that
    /// number, is found too; one that overlaps a CNPJ found before is not
    /// counted twice. A CPF is found the same either way (a `/` joins nothing
    /// to it), unless it overlaps a CNPJ.
    ///
    /// ```swift
    /// TaxpayerScanner.matches(inPath: "fichas/11.222.333/0001-81.txt".utf8, accepting: .any)
    ///     .map(\.range)   // [7..<25]
    /// TaxpayerScanner.matches(inPath: "2024/11222333000181.pdf".utf8, accepting: .cnpj)
    ///     .map(\.range)   // [5..<19]
    /// ```
    ///
    /// - Complexity: O(*n*) in the number of bytes.
    public static func matches(
        inPath path: some Sequence<UInt8>, accepting accepted: TaxpayerID.Accepted,
        minimumConfidence: CPFScanner.Confidence = .medium, includeInvalid: Bool = false
    ) -> [Match] {
        let bytes = Array(path)
        var found = matches(
            in: bytes, accepting: accepted, minimumConfidence: minimumConfidence, includeInvalid: includeInvalid)
        guard accepted != .cpf else { return found }
        // Where each name starts, and the end of the path after the last.
        var starts = [0]
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "/") { starts.append(index + 1) }
        starts.append(bytes.count + 1)
        var cnpjs = found.filter { $0.kind == .cnpj }.map(\.range)
        var added: [Match] = []
        for (index, start) in starts.dropLast().enumerated() {
            // The name alone, then with the next one.
            for end in [starts[index + 1] - 1, starts[Swift.min(index + 2, starts.count - 1)] - 1] {
                let window = bytes[start..<end]
                let inWindow = CNPJScanner.matches(
                    in: window, minimumConfidence: minimumConfidence, includeInvalid: includeInvalid)
                for match in inWindow.map({ $0.shifted(by: start) })
                where !cnpjs.contains(where: { $0.overlaps(match.range) }) {
                    cnpjs.append(match.range)
                    added.append(.cnpj(match))
                }
            }
        }
        guard !added.isEmpty else { return found }
        // A CNPJ is never reported as a CPF.
        found.removeAll { match in match.kind == .cpf && added.contains { $0.range.overlaps(match.range) } }
        return (found + added).sorted { $0.range.lowerBound < $1.range.lowerBound }
    }
}
