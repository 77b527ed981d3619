// A match of CNPJScanner: where it is, what it is, how sure, its bytes as
// written, and how redaction hides it.

extension CNPJScanner {
    /// One CNPJ (or mistyped CNPJ) found in the text.
    ///
    /// ```swift
    /// let match = CNPJScanner.matches(in: "CNPJ 12.ABC.345/01DE-35".utf8)[0]
    /// match.range        // 5..<23
    /// match.characters   // "12ABC34501DE35"
    /// match.text         // "12.ABC.345/01DE-35"
    /// match.confidence   // .high
    /// match.isValid      // true
    /// ```
    public struct Match: Hashable, Sendable {
        /// Where it is written: byte offsets from the start of the input,
        /// from its first character to just past its last.
        public let range: Range<Int>
        /// How sure the scanner is that it is a CNPJ.
        public let confidence: CPFScanner.Confidence
        /// Whether its check digits are right; `false` for a mistyped CNPJ
        /// (`CNPJ 11.222.333/0001-82`), reported with confidence `.high`.
        public let isValid: Bool
        /// Whether a CNPJ keyword (`CNPJ`, `C.N.P.J.`, `CNPJ/MF`…) applies to it.
        public let followsKeyword: Bool
        /// The 14 characters, upper-cased.
        internal let characterBytes: [UInt8]
        /// The offsets of the 14 characters from `range.lowerBound`.
        internal let characterOffsets: [UInt8]
        /// The bytes as written.
        internal let written: [UInt8]

        internal init(
            range: Range<Int>, confidence: CPFScanner.Confidence, isValid: Bool, followsKeyword: Bool,
            characterBytes: [UInt8], characterOffsets: [UInt8], written: [UInt8]
        ) {
            self.range = range
            self.confidence = confidence
            self.isValid = isValid
            self.followsKeyword = followsKeyword
            self.characterBytes = characterBytes
            self.characterOffsets = characterOffsets
            self.written = written
        }

        /// The same match, `distance` bytes further into the input (a
        /// match found in one name of a path, placed in the whole path).
        internal func shifted(by distance: Int) -> Match {
            Match(
                range: (range.lowerBound + distance)..<(range.upperBound + distance), confidence: confidence,
                isValid: isValid, followsKeyword: followsKeyword, characterBytes: characterBytes,
                characterOffsets: characterOffsets, written: written)
        }

        /// The CNPJ, or `nil` for a mistyped one (``isValid`` false).
        ///
        /// ```swift
        /// CNPJScanner.matches(in: "cnpj 11 222 333 0001 81".utf8, minimumConfidence: .low)[0].cnpj
        /// // 11.222.333/0001-81
        /// ```
        public var cnpj: CNPJ? {
            isValid ? CNPJ(values: characterBytes.map { Int($0) - 48 }) : nil
        }

        /// Its 14 characters, upper-cased (`"12ABC34501DE35"`), valid or not.
        ///
        /// ```swift
        /// CNPJScanner.matches(in: "12.abc.345/01de-35".utf8)[0].characters   // "12ABC34501DE35"
        /// ```
        public var characters: String { String(decoding: characterBytes, as: UTF8.self) }

        /// The match as written in the text (`"12.ABC.345/01DE-35"`, `"11222333000181"`).
        ///
        /// ```swift
        /// CNPJScanner.matches(in: "id 11222333000181".utf8)[0].text   // "11222333000181"
        /// ```
        public var text: String { String(decoding: written, as: UTF8.self) }

        /// Whether the match is written across a line break
        /// (`"40.782.414/\n0002-15"`), which a tool that works line by line cannot see whole.
        ///
        /// ```swift
        /// CNPJScanner.matches(in: "CNPJ 11.222.333/\n0001-81".utf8)[0].spansLineBreak   // true
        /// ```
        public var spansLineBreak: Bool { written.contains(0x0A) }

        /// Where its 14 characters are, as offsets from `range.lowerBound`:
        /// what redaction overwrites, the separators kept.
        ///
        /// ```swift
        /// CNPJScanner.matches(in: "11.222.333/0001-81".utf8)[0].characterPositions
        /// // [0, 1, 3, 4, 5, 7, 8, 9, 11, 12, 13, 14, 16, 17]
        /// ```
        public var characterPositions: [Int] { characterOffsets.map(Int.init) }

        /// The indices (0 to 13) of the characters that `style` hides:
        /// `.full` every one (`**.***.***/****-**`); `.lgpd` the first five
        /// and the two check digits (`**.***.345/01DE-**`), the CNPJ
        /// counterpart of ``CPF/lgpdMasked``'s `***.533.447-**`: the groups
        /// at both ends hidden, the middle kept.
        ///
        /// ```swift
        /// CNPJScanner.Match.hiddenIndices(.lgpd)   // [0, 1, 2, 3, 4, 12, 13]
        /// ```
        public static func hiddenIndices(_ style: CPFScanner.RedactionStyle) -> [Int] {
            switch style {
            case .full: Array(0..<14)
            case .lgpd: [0, 1, 2, 3, 4, 12, 13]
            }
        }

        /// Writes `*` over the characters that `style` hides in `buffer`,
        /// which holds the match as written (its first ``range``.count
        /// bytes): how `cpf redact` hides a CNPJ where it stands.
        ///
        /// ```swift
        /// var bytes = Array("CNPJ 12.ABC.345/01DE-35".utf8)
        /// let match = CNPJScanner.matches(in: bytes)[0]
        /// bytes.withUnsafeMutableBytes { match.hideCharacters(in: UnsafeMutableRawBufferPointer(rebasing:
        /// $0[match.range]), style: .lgpd) }
        /// String(decoding: bytes, as: UTF8.self)   // "CNPJ **.***.345/01DE-**"
        /// ```
        public func hideCharacters(in buffer: UnsafeMutableRawBufferPointer, style: CPFScanner.RedactionStyle) {
            precondition(buffer.count >= range.count, "hideCharacters(in:style:) needs range.count bytes")
            for index in Self.hiddenIndices(style) {
                buffer[Int(characterOffsets[index])] = UInt8(ascii: "*")
            }
        }

        /// The match as written with the characters `style` hides as `*`.
        ///
        /// ```swift
        /// CNPJScanner.matches(in: "11.222.333/0001-81".utf8)[0].hiddenText(style: .full)   // "**.***.***/****-**"
        /// ```
        public func hiddenText(style: CPFScanner.RedactionStyle) -> String {
            var bytes = written
            bytes.withUnsafeMutableBytes { hideCharacters(in: $0, style: style) }
            return String(decoding: bytes, as: UTF8.self)
        }

        /// Character `index` (0 to 13) as it stands in `written` (the match's
        /// bytes as written or hidden), upper-cased: `*` for a hidden one.
        /// For the command-line tool (how `find --hide` fills JSON's `cnpj`).
        ///
        /// ```swift
        /// let match = CNPJScanner.matches(in: "12.abc.345/01de-35".utf8)[0]
        /// Array("12.abc.345/01de-35".utf8).withUnsafeBytes { match.writtenCharacter(2, in: $0) }   // "A"
        /// ```
        package func writtenCharacter(_ index: Int, in written: UnsafeRawBufferPointer) -> UInt8 {
            let byte = written[Int(characterOffsets[index])]
            return byte &- UInt8(ascii: "a") < 26 ? byte - 0x20 : byte
        }
    }

    /// Every match in `bytes` of at least `minimumConfidence`, in order; the
    /// mistyped CNPJs too with `includeInvalid`.
    ///
    /// ```swift
    /// CNPJScanner.matches(in: "CNPJ 12.ABC.345/01DE-35".utf8).map(\.text)   // ["12.ABC.345/01DE-35"]
    /// CNPJScanner.matches(in: "id 12ABC34501DE35".utf8).count              // 0: confidence low
    /// CNPJScanner.matches(in: "CNPJ 11.222.333/0001-82".utf8, includeInvalid: true)[0].isValid   // false
    /// ```
    ///
    /// - Complexity: O(*n*) in the number of bytes.
    public static func matches(
        in bytes: some Sequence<UInt8>, minimumConfidence: CPFScanner.Confidence = .medium,
        includeInvalid: Bool = false
    ) -> [Match] {
        var scanner = CNPJScanner()
        return scanner.wholeInputMatches(
            in: bytes, minimumConfidence: minimumConfidence, includeInvalid: includeInvalid)
    }
}
