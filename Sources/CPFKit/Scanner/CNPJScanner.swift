// The text scanner behind `cpf find --document cnpj|any` and `cpf redact
// --document cnpj|any`: finds CNPJs, numeric and alphanumeric, inside free
// text, given as bytes in pieces of any size, in constant memory.
//
// Files: CNPJScanner.swift (this type: the rule and the streaming),
// +Match (what is found, and how redaction hides it).

/// Finds the CNPJs written inside free text, numeric (`11.222.333/0001-81`)
/// and alphanumeric (`12.ABC.345/01DE-35`), given as bytes in pieces of any
/// size, in constant memory, each with a ``CPFScanner/Confidence``.
///
/// A **candidate** is 14 ASCII characters in groups of 2, 3, 3, 4 and 2: the
/// first twelve `0`–`9` or `A`–`Z`, the last two digits. Between two groups
/// stands nothing, the mask's separator (`.`, `.`, `/`, `-`) or one space,
/// which a line break (LF or CRLF; a CR alone is not one) may follow or
/// stand for, once per gap (text extracted from PDFs: `40.782.414/\n0002-15`).
/// Lowercase letters are read (as uppercase) only in the full mask
/// `XX.XXX.XXX/XXXX-DD`; elsewhere a lowercase letter is a word character
/// and no candidate holds one (bare lowercase words ending in two digits
/// are too common in text). Invisible characters and fullwidth characters
/// are not read inside a CNPJ (a known limit).
///
/// A candidate that **touches another word or number** is never reported:
/// the character before its first character is a letter or a digit, or a
/// `.`, `/` or dash with a letter or digit before it, or — when the candidate
/// uses spaces — a space with a digit (or a `*`, a character already
/// hidden) before it; likewise after its last, except that a `.` then a
/// letter after it joins nothing (`11.222.333/0001-81.txt`, a sentence's end).
/// A `/` or a dash with a letter beyond it (a URL's path, `/ficha/…`, or a
/// file name, `export-…`) joins only what the shape leaves in doubt: a
/// candidate with valid check digits written as the full mask or in digits
/// only is read there (its confidence as anywhere else), one with a letter
/// outside the full mask, or wrong check digits, is not.
///
/// A candidate with valid check digits (the rule of ``Swift/StringProtocol/isValidCNPJ``),
/// not fourteen repeated digits, is a CNPJ: `.high` confidence after a CNPJ
/// keyword (`CNPJ`, `CNPJs`, `C.N.P.J.`, `C.N.P.J`, `CNPJ/MF`; it ends at
/// most 40 bytes before the candidate with no digit, `*` or line feed
/// between, and stands as a word) or written as the full mask; `.low` when,
/// with no keyword, it holds a letter outside the full mask or only spaces
/// separate its groups; `.medium` otherwise (14 bare digits, partial masks).
/// One with wrong check digits (or repeated digits) written as the full mask
/// or after a CNPJ keyword is a mistyped CNPJ (``Match/isValid`` false,
/// confidence `.high`).
///
/// Feed the input in order with ``feed(_:onMatch:)``, then call
/// ``finish(onMatch:)``: every match is reported, in order, with byte
/// offsets from the start of the input, the same however the input is cut.
/// Only the last 96 bytes are carried from one piece to the next.
///
/// ```swift
/// var scanner = CNPJScanner()
/// var found: [CNPJScanner.Match] = []
/// for piece in ["CNPJ: 12.ABC.3", "45/01DE-35; CPF 390.533.447-05"] {
///     Array(piece.utf8).withUnsafeBytes { scanner.feed($0) { found.append($0) } }
/// }
/// scanner.finish { found.append($0) }
/// found.count              // 1
/// found[0].range           // 6..<24
/// found[0].characters      // "12ABC34501DE35"
/// found[0].confidence      // .high
/// ```
///
/// - Complexity: O(*n*) time in the bytes fed, O(1) memory.
public struct CNPJScanner: Sendable {
    /// The bytes carried from one piece to the next: the longest candidate
    /// (26 bytes) and the two after it, and the keyword reach before it.
    internal static let carryCapacity = 96
    /// The furthest a keyword may end before a candidate, in bytes.
    internal static let keywordReach = 40
    /// The CNPJ keywords, lowercase, longest first.
    internal static let keywords: [[UInt8]] = ["c.n.p.j.", "cnpj/mf", "c.n.p.j", "cnpjs", "cnpj"].map {
        Array($0.utf8)
    }
    /// The separator of the mask after each of the first four groups.
    internal static let maskSeparators: [UInt8] = [0x2E, 0x2E, 0x2F, 0x2D]
    internal static let groupSizes = [2, 3, 3, 4, 2]

    /// Bytes fed since the start of the input.
    private var bytesFed = 0
    /// The next offset to look at; when `isPending`, the first character of
    /// a candidate the bytes fed so far do not decide.
    private var resume = 0
    private var isPending = false
    /// The last bytes fed, at most ``carryCapacity``.
    private var carry: [UInt8] = []

    /// Makes a scanner at the start of an input: `var scanner = CNPJScanner()`.
    public init() {}

    /// Bytes fed since the start of the input.
    ///
    /// ```swift
    /// var scanner = CNPJScanner()
    /// Array("abc".utf8).withUnsafeBytes { scanner.feed($0) { _ in } }
    /// scanner.offset   // 3
    /// ```
    public var offset: Int { bytesFed }

    /// The offset up to which the input is settled: no match reported later
    /// covers a byte before it (how `cpf redact` streams). It is ``offset``
    /// except while the last bytes fed may still be a CNPJ, at most 28 bytes back.
    ///
    /// ```swift
    /// var scanner = CNPJScanner()
    /// Array("id 11.222.333/0001-8".utf8).withUnsafeBytes { scanner.feed($0) { _ in } }
    /// scanner.settledOffset   // 3
    /// ```
    public var settledOffset: Int { isPending ? resume : bytesFed }

    /// Reads the next piece of the input (any size, empty included) and
    /// calls `onMatch` with each match now decided, in order.
    ///
    /// ```swift
    /// var scanner = CNPJScanner()
    /// Array("CNPJ 11.222.333/0001-81 e".utf8).withUnsafeBytes { bytes in
    ///     scanner.feed(bytes) { print($0.range, $0.text) }   // 5..<23 11.222.333/0001-81
    /// }
    /// ```
    ///
    /// - Complexity: O(*n*) in the number of bytes.
    public mutating func feed(_ bytes: UnsafeRawBufferPointer, onMatch: (Match) -> Void) {
        guard !bytes.isEmpty else { return }
        let end = bytesFed + bytes.count
        carry.withUnsafeBytes { carried in
            let view = View(carry: carried, piece: bytes, start: bytesFed - carried.count, end: end, isFinal: false)
            (resume, isPending) = Self.scan(view, from: resume, onMatch: onMatch)
        }
        bytesFed = end
        // Carry the last bytes.
        if bytes.count >= Self.carryCapacity {
            carry = Array(bytes.suffix(Self.carryCapacity))
        } else {
            let kept = Swift.min(carry.count, Self.carryCapacity - bytes.count)
            carry.removeFirst(carry.count - kept)
            carry.append(contentsOf: bytes)
        }
    }

    /// Ends the input: a candidate still open is decided (the end counts as
    /// a character that is neither a letter nor a digit), and the scanner is
    /// reset for a new input starting at offset 0.
    ///
    /// ```swift
    /// var scanner = CNPJScanner()
    /// Array("CNPJ 11222333000181".utf8).withUnsafeBytes { scanner.feed($0) { _ in } }   // nothing yet
    /// scanner.finish { print($0.text) }   // 11222333000181
    /// ```
    public mutating func finish(onMatch: (Match) -> Void) {
        if isPending {
            carry.withUnsafeBytes { carried in
                let view = View(
                    carry: carried, piece: UnsafeRawBufferPointer(start: nil, count: 0),
                    start: bytesFed - carried.count, end: bytesFed, isFinal: true)
                _ = Self.scan(view, from: resume, onMatch: onMatch)
            }
        }
        self = CNPJScanner()
    }

    /// The carried bytes and a piece, read as one text by input offset.
    internal struct View {
        let carry: UnsafeRawBufferPointer
        let piece: UnsafeRawBufferPointer
        /// The input offset of the carry's first byte.
        let start: Int
        /// The input offset just past the piece.
        let end: Int
        /// Whether the input ends at `end`.
        let isFinal: Bool

        /// The byte at input offset `offset`, or nil outside the text.
        @inline(__always)
        subscript(offset: Int) -> UInt8? {
            guard offset >= start, offset < end else { return nil }
            let index = offset - start
            return index < carry.count ? carry[index] : piece[index - carry.count]
        }
    }

    /// What reading a candidate at an offset gave.
    internal enum Reading {
        /// The bytes end before it is decided.
        case starved
        /// No candidate there.
        case none
        /// A match (reported when of any confidence).
        case match(Match)
    }

    /// Scans `view` from the offset `start`: where scanning goes on, and
    /// whether a candidate starting there waits for more bytes.
    internal static func scan(_ view: View, from start: Int, onMatch: (Match) -> Void) -> (Int, Bool) {
        var offset = Swift.max(start, view.start)
        while offset < view.end {
            let byte = view[offset]!
            guard isWordByte(byte), !(view[offset - 1].map(isWordByte) ?? false) else {
                offset += 1
                continue
            }
            switch read(view, at: offset) {
            case .starved: return (offset, true)
            case .none: offset += 1
            case .match(let match):
                onMatch(match)
                offset = match.range.upperBound
            }
        }
        return (offset, false)
    }

    /// Reads the candidate whose first character is at `first` (a letter or
    /// digit with none before it).
    internal static func read(_ view: View, at first: Int) -> Reading {
        // First the shape, allocating nothing: most words fail within a few bytes.
        var offset = first
        var isFullMask = true
        var usesSpaces = false
        var onlySpaces = true
        var hasLowercase = false
        for (group, size) in groupSizes.enumerated() {
            for _ in 0..<size {
                guard let byte = view[offset] else { return view.isFinal ? .none : .starved }
                guard isWordByte(byte), group < 4 || isDigit(byte) else { return .none }
                if byte >= UInt8(ascii: "a") { hasLowercase = true }
                offset += 1
            }
            // Lowercase letters are read only in the full mask.
            if hasLowercase, !isFullMask { return .none }
            guard group < 4 else { break }
            guard let byte = view[offset] else { return view.isFinal ? .none : .starved }
            if byte == maskSeparators[group] {
                onlySpaces = false
                offset += 1
            } else if byte == UInt8(ascii: " ") {
                (isFullMask, usesSpaces) = (false, true)
                offset += 1
            } else {
                (isFullMask, onlySpaces) = (false, false)
            }
            if hasLowercase, !isFullMask { return .none }
            // A line break (LF or CRLF) may follow, or stand for the separator.
            guard let next = view[offset] else { return view.isFinal ? .none : .starved }
            if next == 0x0A {
                offset += 1
            } else if next == 0x0D {
                guard let after = view[offset + 1] else { return view.isFinal ? .none : .starved }
                if after == 0x0A { offset += 2 }
            }
        }
        guard let contact = contact(view, before: first, after: offset, usesSpaces: usesSpaces) else {
            return .starved
        }
        if contact == .joined { return .none }
        // A candidate: its characters, upper-cased, and where they are.
        var characters: [UInt8] = []
        var offsets: [UInt8] = []
        var written: [UInt8] = []
        for index in first..<offset {
            let byte = view[index]!
            written.append(byte)
            guard isWordByte(byte) else { continue }
            characters.append(byte >= UInt8(ascii: "a") ? byte - 0x20 : byte)
            offsets.append(UInt8(index - first))
        }
        let values = characters.map { Int($0) - 48 }
        let expected = values.prefix(12).cnpjCheckDigits
        let isValid =
            expected.first == values[12] && expected.second == values[13] && Set(characters).count > 1
        // Beside a word by a `/` or a dash: only a CNPJ whose shape says so.
        if contact == .word {
            guard isValid, isFullMask || characters.allSatisfy(isDigit) else { return .none }
        }
        let hasKeyword = keywordApplies(view, before: first)
        let confidence: CPFScanner.Confidence
        if hasKeyword || isFullMask || !isValid {
            guard isValid || hasKeyword || isFullMask else { return .none }
            confidence = .high
        } else if characters.contains(where: { $0 > UInt8(ascii: "9") }) || onlySpaces {
            confidence = .low
        } else {
            confidence = .medium
        }
        return .match(
            Match(
                range: first..<offset, confidence: confidence, isValid: isValid, followsKeyword: hasKeyword,
                characterBytes: characters, characterOffsets: offsets, written: written))
    }

    /// How a candidate meets the text on either side of it.
    internal enum Contact: Comparable {
        /// Nothing joins it: a space, punctuation, the start or the end.
        case free
        /// A `/` or a dash stands between it and a letter (`/ficha/…`,
        /// `export-…`), and nothing joins it otherwise: a CNPJ when valid and
        /// written as the full mask or in digits only.
        case word
        /// It touches another word or number: never a CNPJ.
        case joined
    }

    /// How the candidate from `first` to just before `end` meets the text
    /// around it (the closer of the two sides); nil when the bytes after it
    /// are not there yet.
    internal static func contact(_ view: View, before first: Int, after end: Int, usesSpaces: Bool) -> Contact? {
        func contact(_ byte: UInt8?, _ next: UInt8?) -> Contact {
            guard let byte else { return .free }
            if isWordByte(byte) { return .joined }
            guard let next else { return .free }
            if byte == UInt8(ascii: ".") { return isWordByte(next) ? .joined : .free }
            if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "-") {
                return isDigit(next) ? .joined : isWordByte(next) ? .word : .free
            }
            return usesSpaces && byte == UInt8(ascii: " ") && (isDigit(next) || next == UInt8(ascii: "*"))
                ? .joined : .free
        }
        let before = contact(view[first - 1], view[first - 2])
        if before == .joined { return .joined }
        guard let after = view[end] else { return view.isFinal ? before : nil }
        if isWordByte(after) { return .joined }
        let beyond = view[end + 1]
        if beyond == nil, !view.isFinal { return nil }
        // A `.` then a letter ends a sentence or starts a file extension.
        if after == UInt8(ascii: "."), let beyond, !isDigit(beyond) { return before }
        return Swift.max(before, contact(after, beyond))
    }

    /// Whether a CNPJ keyword applies to the candidate at `first`.
    internal static func keywordApplies(_ view: View, before first: Int) -> Bool {
        var end = first
        while end >= first - keywordReach, end > view.start {
            if end < first, let byte = view[end], isDigit(byte) || byte == UInt8(ascii: "*") || byte == 0x0A {
                return false
            }
            for keyword in keywords where endsWith(view, keyword, at: end) {
                let after = view[end]
                let afterIsLetter = end < first && after.map { $0 | 0x20 &- UInt8(ascii: "a") < 26 } ?? false
                let before = view[end - keyword.count - 1]
                let beforeJoins = before.map { isWordByte($0) || $0 == UInt8(ascii: "*") } ?? false
                if !afterIsLetter, !beforeJoins { return true }
            }
            end -= 1
        }
        return false
    }

    /// Whether `keyword` (lowercase) ends just before `end`, ignoring case.
    private static func endsWith(_ view: View, _ keyword: [UInt8], at end: Int) -> Bool {
        let start = end - keyword.count
        for (index, expected) in keyword.enumerated() {
            guard let byte = view[start + index] else { return false }
            let lowered = byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
            if lowered != expected { return false }
        }
        return true
    }

    /// `0`–`9`, `A`–`Z` or `a`–`z`.
    @inline(__always)
    internal static func isWordByte(_ byte: UInt8) -> Bool {
        isDigit(byte) || byte | 0x20 &- UInt8(ascii: "a") < 26
    }

    @inline(__always)
    internal static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }
}
