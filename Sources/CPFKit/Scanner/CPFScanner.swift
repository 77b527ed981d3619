// The text scanner behind `cpf find` and `cpf redact`: finds CPFs inside free
// text, given as bytes in pieces of any size, in constant memory.
//
// Files: CPFScanner.swift (this type: streaming), +Match (what is found),
// +Keywords (the keyword lists and the confidence), +Characters (characters
// from their UTF-8 bytes), +Candidate (the candidate rule on bytes),
// +ASCIICandidate (its quick parse on ASCII), +FastSkip (eight bytes at a
// time), +Convenience (whole inputs and strings).

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

    /// Scans the number starts in `from..<limit` of `text`, whose index 0 is
    /// the offset `origin`: the index where scanning goes on, and whether a
    /// candidate starting there waits for more bytes.
    @inline(__always)
    internal static func scan<Sink: MatchSink>(
        _ text: Text, origin: Int, from start: Int, limit: Int, hidingFrom: Confidence? = nil, reportedEnd: inout Int,
        into sink: inout Sink
    ) -> (next: Int, pending: Bool) {
        let base = text.base
        var index = start
        // OCR readings are `.medium`: not looked for when hiding from `.high`.
        let readsOCR = hidingFrom != .high
        // Blocks of 64 positions judged from the bit masks of those 64
        // bytes and of the 64 after them (a candidate starting near the end
        // of a block ends in the next), each block's masks computed once.
        blocks: while limit - index >= 64, text.count - index >= 128 {
            // Most blocks of most text hold no digit: passed over a few
            // instructions a byte.
            while !mayStartNumber(base + index) {
                index += 64
                guard limit - index >= 64, text.count - index >= 128 else { break blocks }
            }
            var current = BlockMasks(base + index)
            var digitBefore = index > 0 && base[index - 1] &- 0x30 < 10
            // Past the first block, the 64 bytes before were passed over: no digit.
            var runsBefore = index == start ? runsOfThree(text, before: index, current.digits) : 0
            var writtenBefore = UInt64.max
            repeat {
                let next = BlockMasks(base + index + 64)
                var starts = possibleStarts(current, next, digitBefore: digitBefore)
                let wide = wideRuns(current, next)
                if wide != 0 { starts |= wideDigitStarts(base + index, leads: wide) }
                // Where the full mask's shape is, with letters among its digits;
                // and letters beside three digits, for bare readings after a keyword.
                var readings: UInt64 = 0
                let runs =
                    current.digits & funnel(current.digits, next.digits, 1) & funnel(current.digits, next.digits, 2)
                // Every reading holds three digits in a row (its one or two
                // letters leave one of its groups whole, or split its nine
                // digits or more in at most three runs), starting at most
                // eight bytes after its first and ending at most three
                // before a letter that may be its trigger: none in this
                // block, the three bytes before it or the 13 after it, no
                // reading to look for.
                if readsOCR,
                    runs != 0 || runsBefore >> 61 != 0
                        || next.digits & next.digits >> 1 & next.digits >> 2 & 0x1FFF != 0
                {
                    readings =
                        possibleOCRStarts(current, next, starts: starts)
                        | possibleKeywordOCRLetters(
                            current, next, runs: runs, runsBefore: runsBefore, writtenBefore: writtenBefore)
                }
                runsBefore = runs
                writtenBefore = current.digits | ~current.inCandidate
                var positions = starts | readings
                while positions != 0 {
                    let position = positions.trailingZeroBitCount
                    let first = index + position
                    positions &= positions &- 1
                    if readings >> UInt64(position) & 1 != 0 {
                        if ocrDigit(base[first]) != nil {
                            let (reading, readingStart) = keywordOCRReading(text, letter: first)
                            switch reading {
                            case .starved: return (Swift.max(readingStart, start), true)
                            case .none: break
                            case .candidate(let candidate):
                                judge(
                                    text, candidate, at: readingStart, origin: origin, hidingFrom: hidingFrom,
                                    reportedEnd: &reportedEnd, into: &sink)
                            }
                        }
                        switch ocrCandidate(text, at: first) {
                        case .starved: return (first, true)
                        case .none: break
                        case .candidate(let candidate):
                            judge(
                                text, candidate, at: first, origin: origin, hidingFrom: hidingFrom,
                                reportedEnd: &reportedEnd, into: &sink)
                            continue
                        }
                        // A reading with no letter, or none: a number may still start here.
                        if starts >> UInt64(position) & 1 == 0 { continue }
                    }
                    if funnel(current.nonASCII, next.nonASCII, position) & 0xFFFF_FFFF == 0 {
                        // The next 32 bytes are ASCII: the quick parse decides.
                        let known = funnel(current.digits, next.digits, position) & 0xFF_FFFF
                        // Eleven digits within 22 bytes, and not twelve in a row.
                        guard (known & 0x3F_FFFF).nonzeroBitCount >= 11, known & 0xFFF != 0xFFF else { continue }
                        if let candidate = asciiCandidate(base, at: first, digits: known),
                            !touchesBefore(text, first, usesSpaces: candidate.usesSpaces)
                        {
                            judge(
                                text, candidate, at: first, origin: origin, hidingFrom: hidingFrom,
                                reportedEnd: &reportedEnd, into: &sink)
                        }
                        continue
                    }
                    if text.startsNumber(first) {
                        switch parse(text, at: first) {
                        case .starved: return (first, true)
                        case .none: break
                        case .candidate(let candidate):
                            judge(
                                text, candidate, at: first, origin: origin, hidingFrom: hidingFrom,
                                reportedEnd: &reportedEnd, into: &sink)
                        }
                    }
                }
                digitBefore = current.digits >> 63 != 0
                current = next
                index += 64
                // A block with no digit, nor one in the 8 bytes after it (a
                // reading starts at most two bytes before its first digit),
                // starts nothing: back to the quick pass after it.
                if current.digits == 0, text.count - index >= 72,
                    current.nonASCII & (current.nonASCII >> 1 | 1 << 63) & (current.nonASCII >> 2 | 3 << 62) == 0,
                    DigitWord.digitBits(DigitWord.load(base + index + 64)) == 0,
                    DigitWord.bytesEqual(DigitWord.load(base + index + 64), 0xEF) == 0
                {
                    index += 64
                    continue blocks
                }
            } while limit - index >= 64 && text.count - index >= 128
        }
        // The first position where an OCR reading is still to be tried, and
        // the first where a letter beside three digits is.
        var ocrFrom = index
        var keywordFrom = index
        // Where to go on when the bytes fed so far do not decide at `at`: a
        // bare reading after a keyword that holds `at` may start before it.
        @inline(__always) func pending(_ at: Int) -> (next: Int, pending: Bool) {
            (readsOCR ? Swift.max(keywordReadingStart(text, before: at), start) : at, true)
        }
        // The bare reading after a keyword holding the letter at `letter`, tried once.
        @inline(__always) func tryKeywordReading(_ letter: Int) -> (next: Int, pending: Bool)? {
            keywordFrom = letter + 1
            // keywordOCRReading checks this too, out of line: most bytes here
            // fail it, and are passed over without the call.
            guard ocrDigit(base[letter]) != nil, isKeywordOCRTrigger(text, at: letter) else { return nil }
            let (reading, readingStart) = keywordOCRReading(text, letter: letter)
            switch reading {
            case .starved: return (Swift.max(readingStart, start), true)
            case .none: return nil
            case .candidate(let candidate):
                judge(
                    text, candidate, at: readingStart, origin: origin, hidingFrom: hidingFrom,
                    reportedEnd: &reportedEnd, into: &sink)
                return nil
            }
        }
        // A letter where this pass starts, after digits the blocks above had.
        if readsOCR, index < limit, index < text.count, let stop = tryKeywordReading(index) { return stop }
        while true {
            index = firstDigit(base, from: index, limit: limit, count: text.count)
            // An OCR reading starts at most two bytes before its first digit
            // (or before the end of the bytes fed so far, where that digit
            // may yet come): tried once, in order, each start below `limit`.
            if readsOCR, index >= text.count || base[index] &- 0x30 < 10 {
                var first = Swift.max(Swift.min(index, text.count) - 2, ocrFrom)
                while first <= index, first < limit {
                    switch ocrCandidate(text, at: first) {
                    case .starved: return pending(first)
                    case .none: break
                    case .candidate(let candidate):
                        judge(
                            text, candidate, at: first, origin: origin, hidingFrom: hidingFrom,
                            reportedEnd: &reportedEnd, into: &sink)
                    }
                    first += 1
                }
                ocrFrom = first
                // A letter just before these digits.
                if index < text.count, index - 1 >= keywordFrom, index - 1 < limit,
                    let stop = tryKeywordReading(index - 1)
                {
                    return stop
                }
            }
            // The next scan goes on at `limit`: OCR readings starting from there are its own.
            if index >= limit {
                // Digits and look-alike letters at the end of the bytes fed
                // so far may yet become a bare reading after a keyword.
                if readsOCR, !text.final, limit >= text.count {
                    let trailing = Swift.max(keywordReadingStart(text, before: text.count), start)
                    if trailing < text.count { return (trailing, true) }
                }
                return (limit, false)
            }
            if base[index] >= 0x80 {
                // Byte 0xEF: a fullwidth digit, or not.
                switch text.next(index, limit: index + maximumSpan).0 {
                case .starved: return pending(index)
                case .digit:
                    if text.startsNumber(index) {
                        switch parse(text, at: index) {
                        case .starved: return pending(index)
                        case .none: break
                        case .candidate(let candidate):
                            judge(
                                text, candidate, at: index, origin: origin, hidingFrom: hidingFrom,
                                reportedEnd: &reportedEnd, into: &sink)
                        }
                    }
                default: break
                }
                index += 1
                continue
            }
            // Numbers do not start inside this run of digits.
            let runEnd = endOfDigits(base, from: index + 1, count: text.count)
            // A candidate's first run of digits has 3, 6, 9 or 11 of them,
            // unless an invisible character (not ASCII) ends it.
            let length = runEnd - index
            let worthParsing =
                length < 12
                && (length == 3 || length == 6 || length == 9 || length == 11 || runEnd == text.count
                    || base[runEnd] >= 0x80)
            if worthParsing, text.startsNumber(index) {
                switch parse(text, at: index) {
                case .starved: return pending(index)
                case .none: break
                case .candidate(let candidate):
                    judge(
                        text, candidate, at: index, origin: origin, hidingFrom: hidingFrom, reportedEnd: &reportedEnd,
                        into: &sink)
                }
            }
            // A letter just after these digits.
            if readsOCR, runEnd < limit, runEnd < text.count, runEnd >= keywordFrom,
                let stop = tryKeywordReading(runEnd)
            {
                return stop
            }
            index = runEnd
        }
    }

    /// Reports the match a candidate that touches nothing is, if any
    /// (built right in the call, never copied).
    @inline(__always)
    internal static func judge<Sink: MatchSink>(
        _ text: Text, _ candidate: Candidate, at first: Int, origin: Int, hidingFrom: Confidence? = nil,
        reportedEnd: inout Int, into sink: inout Sink
    ) {
        let packed = candidate.packed
        guard !DigitWord.isRepeated(packed: packed) else { return }
        let (check1, check2) = DigitWord.checkDigits(ofPacked: packed >> 8)
        let isValid = packed & 0xFF == UInt64(check1) << 4 | UInt64(check2)
        let keyword: Keyword?
        let confidence: Confidence
        if candidate.isOCRReading {
            // An OCR reading must pass the checksum; it is the full mask's
            // `.high` lowered one level.
            guard isValid else { return }
            keyword = hidingFrom == .low ? nil : self.keyword(text, before: first)
            confidence = .medium
        } else {
            // Hiding from `.low`, a valid CPF is hidden whatever its keyword.
            keyword = isValid && hidingFrom == .low ? nil : self.keyword(text, before: first)
            if keyword?.kind == .cpf || candidate.isFullMask {
                confidence = .high
            } else if !isValid {
                return
            } else if keyword != nil || candidate.usesSpaces || candidate.isDotsOnly {
                confidence = .low
            } else {
                confidence = .medium
            }
        }
        // What the full scan reports, at any confidence: an OCR reading
        // starting inside it is none (`CPF 310996 133.72O.622-99` is a
        // mistyped CPF, then letters).
        if candidate.isOCRReading, origin + first < reportedEnd { return }
        reportedEnd = origin + candidate.end
        if let hidingFrom, confidence < hidingFrom { return }
        sink.take(
            text, candidate, at: first, origin: origin, confidence: confidence, isValid: isValid, keyword: keyword)
    }
}

/// What receives the matches ``CPFScanner`` decides, in order: a closure
/// given each ``CPFScanner/Match`` (``MatchClosure``), or the redaction of a
/// buffer in place, which needs no match built.
internal protocol MatchSink {
    /// Takes the match `candidate` is, written from `first` to
    /// `candidate.end` in `text` (whose index 0 is the input's offset
    /// `origin`), with its confidence, validity and keyword.
    mutating func take(
        _ text: CPFScanner.Text, _ candidate: CPFScanner.Candidate, at first: Int, origin: Int,
        confidence: CPFScanner.Confidence, isValid: Bool, keyword: CPFScanner.Keyword?)
}

/// Gives each match, built as a ``CPFScanner/Match``, to a closure.
internal struct MatchClosure: MatchSink {
    let onMatch: (CPFScanner.Match) -> Void

    @inline(__always)
    mutating func take(
        _ text: CPFScanner.Text, _ candidate: CPFScanner.Candidate, at first: Int, origin: Int,
        confidence: CPFScanner.Confidence, isValid: Bool, keyword: CPFScanner.Keyword?
    ) {
        onMatch(
            CPFScanner.Match(
                range: origin + first..<origin + candidate.end, candidate: candidate, confidence: confidence,
                isValid: isValid, keyword: keyword, bytes: text.base + first, readable: text.count - first))
    }
}
