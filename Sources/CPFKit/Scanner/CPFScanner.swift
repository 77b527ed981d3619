// The text scanner behind `cpf find` and `cpf redact`: finds CPFs inside free
// text, given as bytes in pieces of any size, in constant memory.
//
// Files: CPFScanner.swift (this type: streaming), +Scan (the scan of bytes
// in memory, and the judgment of each candidate), +Match (what is found),
// +Keywords (the keyword lists and the confidence), +Characters (characters
// from their UTF-8 bytes), +Candidate (the candidate rule on bytes),
// +ASCIICandidate (its quick parse on ASCII), +FastSkip (eight bytes at a
// time), +OCR (letters read as digits), +Ignorable (the invisible code
// points), +Hiding (redaction in place), +Convenience (whole inputs and
// strings); MatchSink.swift, where the matches go.

/// Finds the CPFs written inside free text (logs, dumps, tickets, e-mails,
/// text extracted from PDFs) given as bytes, in pieces of any size, in
/// constant memory, each with a ``Confidence``.
///
/// A **candidate** is 11 digits (ASCII, or fullwidth U+FF10–FF19, in any mix) in groups of 3, 3, 3 and 2 with, between
/// two groups, nothing or one separator: `.`, a dash (`-`, U+2010–U+2015,
/// U+2212) or a space (U+0020, U+00A0, U+202F, U+2009); before the last group
/// also `/` or a dash with a space on each side (`390.533.447 - 05`). A line
/// break (LF or CRLF; a CR alone is not one) may stand for a separator or
/// follow one, once per gap. Invisible characters (every default-ignorable
/// code point and format character of Unicode 15.0: U+00AD, U+200B–U+200F,
/// U+2060–U+2064, U+FEFF, U+FE00–U+FE0F…) between two digits or separators
/// are ignored and belong to the match. A candidate spans at most 96 bytes from
/// its first digit to its last (a known limit: longer is no candidate).
///
/// A candidate that **touches another number** is never reported: the
/// character before its first digit (invisible characters skipped, looking at
/// most 16 bytes away) is a digit, or a `.` or dash with a digit before it,
/// or — when the candidate uses spaces — a space with a digit (or a `*`, a
/// digit already hidden) before it; likewise after its last digit. `,` `;`
/// `/` `|`, tabs, quotes, `=` and letters join nothing.
///
/// A candidate with valid check digits, not one of the ten repeated numbers,
/// is a CPF: `.high` confidence with a CPF keyword (see the keyword file for
/// the lists) or as the full mask `DDD.DDD.DDD-DD`; `.low` with an
/// other-document keyword, or with no keyword when only spaces or only dots
/// separate it; `.medium` otherwise. One with wrong check digits written as
/// the full mask or with a CPF keyword is a mistyped CPF (``Match/isValid``
/// false, confidence `.high`).
///
/// An **OCR reading** is the full mask `DDD.DDD.DDD-DD` with one or two of
/// its digits written as letters OCR mistakes for them (`O`→0, `l`→1…, the
/// table of docs/reference.md), touching no word or number; or, after a CPF
/// keyword, 11 such characters written bare (`CPF 3l099698588`): when the
/// digits so read are a valid CPF, not repeated, it is reported with
/// confidence `.medium` and ``Match/isOCRReading`` true (`CPF 133.72O.622-99`).
///
/// Feed the input in order with ``feed(_:onMatch:)``, in pieces of any size,
/// then call ``finish(onMatch:)``. Every match is reported, in order, with
/// byte offsets from the start of the input, the same however the input is
/// cut; filter on ``Match/confidence`` and ``Match/isValid`` as needed. Only
/// the last 256 bytes are carried from one piece to the next, so a 1 GB line
/// or a 1 GB run of digits costs no more memory than a short one.
///
/// ```swift
/// var scanner = CPFScanner()
/// var found: [CPFScanner.Match] = []
/// for piece in ["CPF: 390.533", ".447-05; CNPJ 12.345.678/0001-95"] {
///     Array(piece.utf8).withUnsafeBytes { scanner.feed($0) { found.append($0) } }
/// }
/// scanner.finish { found.append($0) }
/// found.count            // 1
/// found[0].range         // 5..<19
/// found[0].confidence    // .high
///
/// CPFScanner.matches(in: "cpf39053344705".utf8).map(\.range)   // [3..<14]
/// "CPF: 390.533.447-05".redactingCPFs(style: .lgpd)          // "CPF: ***.533.447-**"
/// ```
///
/// - Complexity: O(*n*) time in the bytes fed, O(1) memory.
public struct CPFScanner: Sendable {
    /// The bytes carried from one piece to the next.
    internal static let carryCapacity = 256
    typealias Carry = (
        UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
        UInt64, UInt64,
        UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
        UInt64, UInt64
    )

    /// Bytes fed since the start of the input.
    private var bytesFed = 0
    /// The offset where scanning goes on: the next byte not yet looked at, or
    /// (when `isPending`) the first digit of a candidate the bytes fed so far
    /// do not decide.
    private var resume = 0
    private var isPending = false
    /// The last `carryCount` bytes fed (at most ``carryCapacity``).
    private var carry: Carry = (
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
    )
    private var carryCount = 0
    /// The end of the last match the full scan reports, at any confidence
    /// (an OCR reading that would start before it is none).
    private var reportedEnd = 0
    /// For a scanner made with ``init(hidingFrom:)``: the lowest confidence
    /// reported.
    private let hidingFrom: Confidence?

    /// Makes a scanner at the start of an input: `var scanner = CPFScanner()`.
    public init() {
        hidingFrom = nil
    }

    /// Makes a scanner that reports only what `redact` hides at `minimum`:
    /// the matches of that confidence or more, mistyped CPFs included (they
    /// are `.high`), and skips what cannot change that. With `.low`, every
    /// valid CPF is hidden whatever keyword comes before it, so none is
    /// looked for: such a match is reported with the ``Match/confidence`` it
    /// would have with no keyword before it, and no ``Match/keyword``. Use
    /// ``init()`` to know them.
    ///
    /// ```swift
    /// var scanner = CPFScanner(hidingFrom: .low)
    /// Array("CPF 390.533.447-05, tel 11987654374".utf8).withUnsafeBytes { bytes in
    ///     scanner.feed(bytes) { print($0.range) }   // 4..<18, 24..<35
    /// }
    /// ```
    public init(hidingFrom minimum: Confidence) {
        hidingFrom = minimum
    }

    /// Bytes fed since the start of the input: the offset of the next byte
    /// (`0` for a new scanner, `n` after pieces of `n` bytes in all).
    ///
    /// ```swift
    /// var scanner = CPFScanner()
    /// Array("abc".utf8).withUnsafeBytes { scanner.feed($0) { _ in } }
    /// scanner.offset   // 3
    /// ```
    public var offset: Int { bytesFed }

    /// The offset up to which the input is settled: no match reported later
    /// covers a byte before it, so those bytes may be passed on (how `cpf
    /// redact` streams). It is ``offset`` except while the last bytes fed may
    /// still be a match, decided by what follows: then it is that match's
    /// first digit, at most 115 bytes back.
    ///
    /// ```swift
    /// var scanner = CPFScanner()
    /// Array("id 390.533.447-0".utf8).withUnsafeBytes { scanner.feed($0) { _ in } }
    /// scanner.settledOffset   // 3: "390.533.447-0" may yet become a CPF
    /// ```
    public var settledOffset: Int { isPending ? resume : bytesFed }

    /// Reads the next piece of the input (any size, empty included) and
    /// calls `onMatch` with each match now decided, in order.
    ///
    /// ```swift
    /// var scanner = CPFScanner()
    /// Array("390.533.447-05 and 5".utf8).withUnsafeBytes { bytes in
    ///     scanner.feed(bytes) { print($0.range, $0.text) }   // 0..<14 390.533.447-05
    /// }
    /// ```
    ///
    /// - Complexity: O(*n*) in the number of bytes.
    public mutating func feed(_ bytes: UnsafeRawBufferPointer, onMatch: (Match) -> Void) {
        withoutActuallyEscaping(onMatch) { onMatch in
            var sink = MatchClosure(onMatch: onMatch)
            feed(bytes, into: &sink)
        }
    }

    /// ``feed(_:onMatch:)`` giving each match to `sink`.
    internal mutating func feed<Sink: MatchSink>(_ bytes: UnsafeRawBufferPointer, into sink: inout Sink) {
        guard let raw = bytes.baseAddress, !bytes.isEmpty else { return }
        let piece = raw.assumingMemoryBound(to: UInt8.self)
        let count = bytes.count
        let origin = bytesFed
        let carried = carryCount
        // Near the start of the piece: the carried bytes and the first
        // bytes of the piece, copied together.
        let head = Swift.min(count, 2 * 128)
        let headLimit = count <= head ? carried + count : carried + 128
        withUnsafeMutableBytes(of: &carry) { carryBytes in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.carryCapacity + 256) { scratch in
                let base = scratch.baseAddress!
                base.initialize(from: carryBytes.baseAddress!.assumingMemoryBound(to: UInt8.self), count: carried)
                (base + carried).initialize(from: piece, count: head)
                let text = Text(base: base, count: carried + head, lowest: 0, final: false)
                let scratchOrigin = origin - carried
                let (next, pending) = Self.scan(
                    text, origin: scratchOrigin, from: resume - scratchOrigin, limit: headLimit, hidingFrom: hidingFrom,
                    reportedEnd: &reportedEnd, into: &sink)
                resume = scratchOrigin + next
                isPending = pending
            }
        }
        // The rest of the piece, in place: 128 bytes or more before each position.
        if !isPending, count > head {
            let text = Text(base: piece, count: count, lowest: 0, final: false)
            let from = Swift.max(resume - origin, headLimit - carried)
            let (next, pending) = Self.scan(
                text, origin: origin, from: from, limit: count, hidingFrom: hidingFrom, reportedEnd: &reportedEnd,
                into: &sink)
            resume = origin + next
            isPending = pending
        }
        bytesFed = origin + count
        if !isPending { resume = Swift.max(resume, bytesFed) }
        // Carry the last bytes.
        withUnsafeMutableBytes(of: &carry) { carryBytes in
            let carryBase = carryBytes.baseAddress!
            if count >= Self.carryCapacity {
                carryBase.copyMemory(from: piece + (count - Self.carryCapacity), byteCount: Self.carryCapacity)
                carryCount = Self.carryCapacity
            } else {
                let kept = Swift.min(carried, Self.carryCapacity - count)
                (carryBase).copyMemory(from: carryBase + (carried - kept), byteCount: kept)
                (carryBase + kept).copyMemory(from: piece, byteCount: count)
                carryCount = kept + count
            }
        }
    }

    /// Ends the input: a match still open at the end is decided (the end
    /// counts as a character that is not a digit), and the scanner is reset
    /// for a new input starting at offset 0.
    ///
    /// ```swift
    /// var scanner = CPFScanner()
    /// Array("cpf 39053344705".utf8).withUnsafeBytes { scanner.feed($0) { _ in } }   // nothing yet
    /// scanner.finish { print($0.text) }   // 39053344705
    /// ```
    public mutating func finish(onMatch: (Match) -> Void) {
        withoutActuallyEscaping(onMatch) { onMatch in
            var sink = MatchClosure(onMatch: onMatch)
            finish(into: &sink)
        }
    }

    /// ``finish(onMatch:)`` giving each match to `sink`.
    internal mutating func finish<Sink: MatchSink>(into sink: inout Sink) {
        if isPending {
            let carried = carryCount
            let origin = bytesFed - carried
            withUnsafeMutableBytes(of: &carry) { carryBytes in
                let text = Text(
                    base: carryBytes.baseAddress!.assumingMemoryBound(to: UInt8.self), count: carried, lowest: 0,
                    final: true)
                _ = Self.scan(
                    text, origin: origin, from: resume - origin, limit: carried, hidingFrom: hidingFrom,
                    reportedEnd: &reportedEnd, into: &sink)
            }
        }
        self = hidingFrom.map { CPFScanner(hidingFrom: $0) } ?? CPFScanner()
    }
}
