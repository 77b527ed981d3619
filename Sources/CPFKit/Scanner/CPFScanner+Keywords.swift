// The keywords of CPFScanner and the confidence they give a match.
//
// The keyword lists, the one place they are written down:
//
// CPF keywords (a CPF is meant: confidence `high`, and a number with wrong
// check digits is a mistyped CPF):
//     CPF, CPFs, C.P.F., C.P.F, CPF/MF, CIC,
//     Cadastro de Pessoa Física, Cadastro de Pessoas Física,
//     Cadastro de Pessoa Físicas, Cadastro de Pessoas Físicas
// Other-document keywords (another number that may pass the checksum:
// confidence `low`):
//     phones: tel, telefone, telefones, fone, cel, celular, celulares,
//             whatsapp, wpp, zap, fax
//     documents: PIS, PASEP, PIS/PASEP, NIS, NIT, CNH, RENAVAM, título,
//             título de eleitor, CNS, RG, CNPJ, inscrição, matrícula, processo,
//             processos
//     orders and money: pedido, pedidos, protocolo, protocolos, nota, NF,
//             conta, contas, agência, agências, banco
//     network: IP
//
// A keyword applies to the first number after it on the same line: it ends
// at most 40 bytes before the candidate's first digit with no digit, no `*`
// and no line feed between. It is matched ignoring case and accents (ASCII
// letters and the Latin-1 letters of UTF-8: `FÍSICA`, `física`, `fisica`),
// as a word: the character before it is not a letter, a digit or `*`, and
// the one after it not a letter (it may be glued to the number:
// `cpf39053344705`). A space inside a keyword is one ASCII space. When
// several keywords come before a number, the nearest decides.

extension CPFScanner {
    /// How sure the scanner is that a match is a CPF; `low < medium < high`.
    ///
    /// ```swift
    /// CPFScanner.matches(in: "CPF 39053344705".utf8)[0].confidence     // .high: a CPF keyword
    /// CPFScanner.matches(in: "id 39053344705".utf8)[0].confidence      // .medium: bare digits
    /// CPFScanner.Confidence(rawValue: "low")! < .medium                // true
    /// ```
    public enum Confidence: String, Comparable, Hashable, Sendable, CaseIterable {
        /// An other-document keyword applies (`tel 11987654374`), or, with no
        /// keyword, spaces or dots only separate it (`200.147.123.45`).
        case low
        /// Bare digits, partial masks, other separators (`39053344705`, `390533447/05`).
        case medium
        /// A CPF keyword applies (`CPF 39053344705`), or it is the full mask
        /// `DDD.DDD.DDD-DD`; every mistyped CPF too.
        case high

        private var rank: Int {
            switch self {
            case .low: 0
            case .medium: 1
            case .high: 2
            }
        }

        /// Orders by certainty: `.low < .medium`, `.medium < .high`.
        public static func < (lhs: Confidence, rhs: Confidence) -> Bool { lhs.rank < rhs.rank }
    }

    /// The keyword that decided a match's confidence.
    ///
    /// ```swift
    /// let keyword = CPFScanner.matches(in: "Tel: 11987654374".utf8, minimumConfidence: .low)[0].keyword
    /// keyword?.name   // "tel"
    /// keyword?.kind   // .otherDocument
    /// ```
    public struct Keyword: Hashable, Sendable {
        /// What a keyword says the number is.
        public enum Kind: Hashable, Sendable {
            /// A CPF (`CPF`, `CIC`, `Cadastro de Pessoas Físicas`…).
            case cpf
            /// Another document or number (`tel`, `PIS`, `CNH`, `pedido`…).
            case otherDocument
        }

        @usableFromInline internal let index: UInt8
        /// Whether it names a CPF (kept here: read for every match).
        @usableFromInline internal let namesCPF: Bool

        internal init(index: Int, namesCPF: Bool) {
            self.index = UInt8(index)
            self.namesCPF = namesCPF
        }

        /// The keyword as listed, lowercase without accents (`"cpf"`,
        /// `"cadastro de pessoas fisicas"`, `"titulo"`), whatever the text's spelling.
        public var name: String { String(decoding: CPFScanner.keywordTable[Int(index)].pattern, as: UTF8.self) }

        /// Whether it names a CPF or another document.
        public var kind: Kind { namesCPF ? .cpf : .otherDocument }
    }

    /// The keywords, lowercase, without accents.
    internal static let keywordTable: [(pattern: [UInt8], kind: Keyword.Kind)] = {
        let cpf = [
            "cpf", "cpfs", "c.p.f.", "c.p.f", "cpf/mf", "cic",
            "cadastro de pessoa fisica", "cadastro de pessoas fisica",
            "cadastro de pessoa fisicas", "cadastro de pessoas fisicas",
        ]
        let other = [
            "tel", "telefone", "telefones", "fone", "cel", "celular", "celulares", "whatsapp", "wpp", "zap", "fax",
            "pis", "pasep", "pis/pasep", "nis", "nit", "cnh", "renavam", "titulo", "titulo de eleitor", "cns", "rg",
            "cnpj", "inscricao", "matricula", "processo",
            "pedido", "pedidos", "protocolo", "protocolos", "nota", "nf", "conta", "contas", "agencia", "agencias",
            "banco", "processos",
            "ip",
        ]
        // Longest first: the longest keyword ending at a position is the one taken.
        let cpfWords = cpf.map { (Array($0.utf8), Keyword.Kind.cpf) }
        return cpfWords
            + other.map { (Array($0.utf8), Keyword.Kind.otherDocument) }
            .sorted { $0.0.count > $1.0.count }
    }()

    /// The furthest a keyword may end before a number, in bytes.
    internal static let keywordReach = 40
    /// The most bytes a keyword takes in UTF-8 (each unaccented letter may be
    /// written accented, two bytes) and the character before it.
    internal static let keywordLookBack: Int = keywordReach + 2 * keywordTable.map(\.pattern.count).max()! + 2

    /// The letter a Latin-1 letter written `C3 byte` is, lowercase and
    /// without its accent, or 0 when `byte` is no letter (`×`, `÷`).
    @inline(__always)
    internal static func latin1Letter(_ byte: UInt8) -> UInt8 {
        if byte == 0x9F { return UInt8(ascii: "s") }  // ß
        return switch byte | 0x20 {  // 0x80-0x9E capitals, 0xA0-0xBE small letters
        case 0xA0...0xA5: UInt8(ascii: "a")
        case 0xA7: UInt8(ascii: "c")
        case 0xA8...0xAB: UInt8(ascii: "e")
        case 0xAC...0xAF: UInt8(ascii: "i")
        case 0xB1: UInt8(ascii: "n")
        case 0xB2...0xB6, 0xB8: UInt8(ascii: "o")
        case 0xB9...0xBC: UInt8(ascii: "u")
        case 0xBD, 0xBF: UInt8(ascii: "y")
        case 0xA6: UInt8(ascii: "a")  // æ
        case 0xB0: UInt8(ascii: "d")  // ð
        case 0xBE: UInt8(ascii: "t")  // þ
        default: 0
        }
    }

    /// Whether the byte is an ASCII letter.
    @inline(__always)
    internal static func isASCIILetter(_ byte: UInt8) -> Bool { (byte | 0x20) &- UInt8(ascii: "a") < 26 }

    /// Whether a letter starts at `index` (ASCII, or Latin-1 in UTF-8), within `text`.
    @inline(__always)
    internal static func letterStarts(_ text: Text, at index: Int) -> Bool {
        let byte = text.base[index]
        if isASCIILetter(byte) { return true }
        return byte == 0xC3 && index + 1 < text.count && latin1Letter(text.base[index + 1]) != 0
    }

    /// The keyword that applies to the number whose first digit is at
    /// `first`: the nearest one ending at most ``keywordReach`` bytes before
    /// it with no digit, `*` or line feed between.
    ///
    /// The bytes before `first` are read eight at a time, from the last
    /// back: where a word may end (a letter, a `.` or the last byte of a
    /// Latin-1 letter, with no ASCII letter after it) and where the search
    /// stops (a digit, `*` or a line feed) are bit masks, and only a word
    /// end whose last two letters end some keyword is looked up.
    internal static func keyword(_ text: Text, before first: Int) -> Keyword? {
        if first - 5 >= text.lowest, isCPFThenSeparator(text.base + (first - 5)) {
            return Keyword(index: 0, namesCPF: true)
        }
        let stop = Swift.max(first - keywordReach, text.lowest + 1)
        let index = keywordIndex
        // The bytes before `end` one at a time, down to `low`: whether the
        // search is over (a keyword ends there, or a digit, `*` or line feed
        // stops it), and the keyword.
        @inline(__always) func oneAtATime(from end: inout Int, downTo low: Int) -> (over: Bool, keyword: Keyword?) {
            while end >= low {
                let byte = text.base[end - 1]
                // A keyword ends with a letter or a `.`, and no letter follows it.
                if (isASCIILetter(byte) || byte == UInt8(ascii: ".") || (byte >= 0x80 && byte < 0xC0))
                    && (end == first || !letterStarts(text, at: end)),
                    let found = keyword(text, endingAt: end, in: index)
                {
                    return (true, found)
                }
                if byte &- 0x30 < 10 || byte == UInt8(ascii: "*") || byte == 0x0A { return (true, nil) }
                end -= 1
            }
            return (false, nil)
        }
        // Most keywords end a byte or two before the number (`CPF 390…`,
        // `cpf=390…`): the first four bytes one at a time.
        var end = first
        let (over, found) = oneAtATime(from: &end, downTo: Swift.max(first - 3, stop))
        if over { return found }
        // The bytes still to look at are `stop - 1 ..< top`.
        var top = end
        // Whether an ASCII letter is at `top` (none at `first`: the number).
        var letterAtTop = top < first && isASCIILetter(text.base[top])
        let endings = index.pointee.endings
        let high = DigitWord.highBits
        while top - 8 >= text.lowest, top > stop - 1 {
            let word = DigitWord.load(UnsafeRawPointer(text.base + (top - 8)))
            let letters = DigitWord.asciiLetterBits(word)
            let stops =
                DigitWord.digitBits(word) | DigitWord.bytesEqual(word, UInt8(ascii: "*"))
                | DigitWord.bytesEqual(word, 0x0A)
            // Bytes 0x80–0xBF: the last byte of a two-byte letter, maybe.
            let continuations = word & ~(word << 1) & high
            let ends =
                (letters | DigitWord.bytesEqual(word, UInt8(ascii: ".")) | continuations)
                & ~(letters >> 8 | (letterAtTop ? 1 << 63 : 0))
            // Only the bytes from `stop - 1` count.
            let below = stop - 1 - (top - 8)
            var marks = (stops | ends) & (below > 0 ? ~0 << UInt64(8 * below) : ~0)
            while marks != 0 {
                let bit = 63 - marks.leadingZeroBitCount
                marks &= ~(1 << UInt64(bit))
                let at = top - 8 + bit >> 3
                if stops >> UInt64(bit) & 1 != 0 { return nil }
                // A Latin-1 letter after it: no word ends here.
                if text.base[at + 1] == 0xC3, at + 2 < text.count, latin1Letter(text.base[at + 2]) != 0,
                    at + 1 < first
                {
                    continue
                }
                // Most word ends are no keyword's: the last two ASCII
                // letters tell, from the table of keyword endings.
                let last = text.base[at]
                let previous = at > text.lowest ? text.base[at - 1] : 0
                if last < 0x80, previous < 0x80,
                    !mayEndKeyword(foldedASCII(last), foldedASCII(previous), endings: endings)
                {
                    continue
                }
                if let found = keyword(text, endingAt: at + 1, in: index) { return found }
            }
            letterAtTop = letters & 0x80 != 0
            top -= 8
        }
        // The first bytes of the text, one at a time.
        end = top
        return oneAtATime(from: &end, downTo: stop).keyword
    }

    /// Whether the five bytes at `bytes` are the commonest way a keyword
    /// comes before a number: `CPF` in any case, between an ASCII byte that
    /// is no letter, digit or `*` and one ASCII byte that is no letter,
    /// digit, `.`, `*` or line feed (`cpf=`, `CPF `, `cpf:`). Then the
    /// keyword is `cpf` (the first of ``keywordTable``), found without the
    /// search.
    @inline(__always)
    internal static func isCPFThenSeparator(_ bytes: UnsafePointer<UInt8>) -> Bool {
        let before = bytes[0]
        let separator = bytes[4]
        guard bytes[1] | 0x20 == UInt8(ascii: "c"), bytes[2] | 0x20 == UInt8(ascii: "p"),
            bytes[3] | 0x20 == UInt8(ascii: "f"), separator < 0x80, before < 0x80
        else { return false }
        @inline(__always) func joinsWord(_ byte: UInt8) -> Bool {
            isASCIILetter(byte) || byte &- 0x30 < 10 || byte == UInt8(ascii: "*")
        }
        return !joinsWord(before) && !joinsWord(separator) && separator != UInt8(ascii: ".") && separator != 0x0A
    }

    /// The keywords laid out flat for the hot path, built once and never
    /// freed (no reference counting while scanning): each pattern's bytes
    /// reversed, one after another; and, by the pattern's last byte, the
    /// keywords ending with it, longest first, as (table index, start,
    /// length) triples.
    private struct KeywordIndex {
        let bytes: UnsafeMutableBufferPointer<UInt8>
        /// Entries for last byte `b` are `entries[first[b]..<first[b + 1]]`.
        let first: UnsafeMutableBufferPointer<Int32>
        let entries: UnsafeMutableBufferPointer<(number: Int32, start: Int32, length: Int32)>
        /// Each entry's pattern as a word, its first byte lowest (zero for
        /// patterns of more than eight bytes).
        let words: UnsafeMutableBufferPointer<UInt64>
        /// Whether each table entry names a CPF, by its number.
        let namesCPF: UnsafeMutableBufferPointer<Bool>
        /// Each entry's byte before its last, and how far a word holding
        /// eight bytes that end where the pattern ends is shifted right to
        /// hold the pattern's bytes alone (64 for patterns of more than
        /// eight bytes), by slot.
        let previous: UnsafeMutableBufferPointer<UInt8>
        let shifts: UnsafeMutableBufferPointer<UInt8>
        /// Bit `last << 8 | previous` set when some keyword ends with the
        /// two bytes `previous`, `last`: most words in text end with a pair
        /// that no keyword does, and are passed over after one lookup.
        let endings: UnsafeMutableBufferPointer<UInt64>

        init(_ table: [(pattern: [UInt8], kind: Keyword.Kind)]) {
            endings = .allocate(capacity: 1024)
            endings.initialize(repeating: 0)
            for entry in table {
                let pair =
                    Int(entry.pattern[entry.pattern.count - 1]) << 8 | Int(entry.pattern[entry.pattern.count - 2])
                endings[pair >> 6] |= 1 << UInt64(pair & 63)
            }
            bytes = .allocate(capacity: table.reduce(0) { $0 + $1.pattern.count })
            first = .allocate(capacity: 257)
            entries = .allocate(capacity: table.count)
            var starts: [Int] = []
            var offset = 0
            for entry in table {
                starts.append(offset)
                for byte in entry.pattern.reversed() {
                    bytes[offset] = byte
                    offset += 1
                }
            }
            var next = 0
            for last in 0..<256 {
                first[last] = Int32(next)
                for (number, entry) in table.enumerated() where Int(entry.pattern.last!) == last {
                    entries[next] = (Int32(number), Int32(starts[number]), Int32(entry.pattern.count))
                    next += 1
                }
            }
            first[256] = Int32(next)
            namesCPF = .allocate(capacity: table.count)
            for (number, entry) in table.enumerated() { namesCPF[number] = entry.kind == .cpf }
            words = .allocate(capacity: table.count)
            previous = .allocate(capacity: table.count)
            shifts = .allocate(capacity: table.count)
            for slot in 0..<next {
                let pattern = table[Int(entries[slot].number)].pattern
                words[slot] = pattern.count > 8 ? 0 : pattern.reversed().reduce(0) { $0 << 8 | UInt64($1) }
                previous[slot] = pattern[pattern.count - 2]
                shifts[slot] = pattern.count > 8 ? 64 : UInt8(8 * (8 - pattern.count))
            }
        }
    }

    /// The keyword index, where a pointer to it is all a lookup passes on.
    nonisolated(unsafe) private static let keywordIndex: UnsafePointer<KeywordIndex> = {
        let index = UnsafeMutablePointer<KeywordIndex>.allocate(capacity: 1)
        index.initialize(to: KeywordIndex(keywordTable))
        return UnsafePointer(index)
    }()

    /// An ASCII byte folded as the patterns are written: a letter lowercase.
    @inline(__always)
    private static func foldedASCII(_ byte: UInt8) -> UInt8 { isASCIILetter(byte) ? byte | 0x20 : byte }

    /// Whether some keyword ends with the folded characters `previous`,
    /// `last` (``KeywordIndex/endings``).
    @inline(__always)
    private static func mayEndKeyword(
        _ last: UInt8, _ previous: UInt8, endings: UnsafeMutableBufferPointer<UInt64>
    ) -> Bool {
        let pair = Int(last) << 8 | Int(previous)
        return endings[pair >> 6] >> UInt64(pair & 63) & 1 != 0
    }

    /// The character that ends at `end`, folded as the patterns are
    /// written (an ASCII letter lowercase, a Latin-1 letter without its
    /// accent), and where it starts; `nil` for one no keyword has.
    @inline(__always)
    private static func foldedCharacter(_ text: Text, endingAt end: Int) -> (folded: UInt8, start: Int)? {
        let byte = text.base[end - 1]
        if byte < 0x80 { return (foldedASCII(byte), end - 1) }
        guard end - 2 >= text.lowest, text.base[end - 2] == 0xC3 else { return nil }
        return (latin1Letter(byte), end - 2)
    }

    /// The longest keyword that ends at `end`, as a word (`index` is
    /// ``keywordIndex``, looked up once by the caller).
    private static func keyword(
        _ text: Text, endingAt end: Int, in index: UnsafePointer<KeywordIndex>
    ) -> Keyword? {
        let lowest = text.lowest
        // The last character and the one before it (every keyword has two or more).
        guard let (folded, start) = foldedCharacter(text, endingAt: end), start > lowest,
            let (foldedPrevious, _) = foldedCharacter(text, endingAt: start)
        else { return nil }
        guard mayEndKeyword(folded, foldedPrevious, endings: index.pointee.endings) else { return nil }
        // Most often the eight bytes before `end` and the one before them
        // are ASCII: keywords of up to eight bytes are compared a word at a time.
        if end &- 9 >= lowest {
            let raw = UnsafeRawPointer(text.base + (end &- 9))
            let preceding = DigitWord.load(raw)
            let word = DigitWord.load(raw, at: 1)
            if (preceding | word) & DigitWord.highBits == 0 {
                let foldedWord = word | DigitWord.asciiLetterBits(word) >> 2
                for slot in Int(index.pointee.first[Int(folded)])..<Int(index.pointee.first[Int(folded) &+ 1]) {
                    // Most keywords ending with the same letter differ in the one before.
                    guard index.pointee.previous[slot] == foldedPrevious else { continue }
                    let shift = UInt64(index.pointee.shifts[slot])
                    // Longer keywords, listed first, are compared byte by byte.
                    guard shift < 64 else { return slowKeyword(text, endingAt: end) }
                    guard foldedWord >> shift == index.pointee.words[slot] else { continue }
                    // The character before: not a letter, a digit or `*`.
                    let previous = UInt8(truncatingIfNeeded: preceding >> shift)
                    if previous &- 0x30 < 10 || previous == UInt8(ascii: "*") || isASCIILetter(previous) { continue }
                    let number = Int(index.pointee.entries[slot].number)
                    return Keyword(index: number, namesCPF: index.pointee.namesCPF[number])
                }
                return nil
            }
        }
        return slowKeyword(text, endingAt: end)
    }

    /// ``keyword(_:endingAt:)`` a byte at a time, for the accented letters.
    private static func slowKeyword(_ text: Text, endingAt end: Int) -> Keyword? {
        let lowest = text.lowest
        guard let (folded, _) = foldedCharacter(text, endingAt: end) else { return nil }
        let index = keywordIndex.pointee
        candidates: for slot in Int(index.first[Int(folded)])..<Int(index.first[Int(folded) + 1]) {
            let (number, start, length) = index.entries[slot]
            var at = end
            for position in Int(start)..<Int(start + length) {
                let expected = index.bytes[position]
                guard at > lowest else { continue candidates }
                let byte = text.base[at - 1]
                if byte < 0x80 {
                    guard byte == expected || (isASCIILetter(byte) && byte | 0x20 == expected) else {
                        continue candidates
                    }
                    at -= 1
                } else {
                    guard at - 2 >= lowest, text.base[at - 2] == 0xC3, latin1Letter(byte) == expected else {
                        continue candidates
                    }
                    at -= 2
                }
            }
            // The character before: not a letter, a digit or `*`.
            if at > lowest {
                let byte = text.base[at - 1]
                if byte &- 0x30 < 10 || byte == UInt8(ascii: "*") || isASCIILetter(byte) { continue }
                if byte >= 0x80, at - 2 >= lowest, text.base[at - 2] == 0xC3, latin1Letter(byte) != 0 { continue }
            }
            return Keyword(index: Int(number), namesCPF: index.namesCPF[Int(number)])
        }
        return nil
    }
}
