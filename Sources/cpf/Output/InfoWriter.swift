import CPFKit

/// Everything `cpf info` tells about one input.
struct CPFExplanation {
    let input: String
    let error: CPFValidationError?
    /// The 11 digits, when the input has them (valid or not).
    let digits: [UInt8]?
    let suggestions: [CPF]

    var isValid: Bool { error == nil }

    init(_ input: String, options: CPF.ParsingOptions) {
        self.input = input
        error = input.cpfValidationError(options: options)
        var found = input.utf8.filter { $0 &- 0x30 < 10 }.map { $0 &- 0x30 }
        let hasOnlyAllowedCharacters: Bool
        switch error {
        case .empty?, .invalidCharacter?, .format?: hasOnlyAllowedCharacters = false
        default: hasOnlyAllowedCharacters = true
        }
        let trimmed = input.utf8.drop { CPF.ParsingOptions.isTrimmed($0) }.reversed().drop { CPF.ParsingOptions.isTrimmed($0) }
        if options.padsLeadingZeros, (1...10).contains(found.count), trimmed.allSatisfy({ $0 &- 0x30 < 10 }) {
            found.insert(contentsOf: repeatElement(0, count: 11 - found.count), at: 0)
        }
        digits = hasOnlyAllowedCharacters && found.count == 11 ? found : nil
        if error != nil, let digits {
            suggestions = CPF.suggestions(for: String(decoding: digits.map { $0 | 0x30 }, as: UTF8.self))
        } else {
            suggestions = []
        }
    }

    /// The digits as text, bare.
    var bare: String? { digits.map { String(decoding: $0.map { $0 | 0x30 }, as: UTF8.self) } }
    var masked: String? { bare.map { CPFMask.apply(to: $0) } }
    var foundCheckDigits: String? { bare.map { String($0.suffix(2)) } }
    var expectedCheckDigits: String? {
        guard let bare, case .success(let digits) = bare.prefix(9).cpfCheckDigits() else { return nil }
        return digits.description
    }
    var region: FiscalRegion? { digits.flatMap { FiscalRegion(digit: Int($0[8])) } }
    var lgpdForm: String? {
        guard var masked = masked.map({ Array($0.utf8) }) else { return nil }
        for index in [0, 1, 2, 12, 13] { masked[index] = UInt8(ascii: "*") }
        return String(decoding: masked, as: UTF8.self)
    }
}

extension CPF.ParsingOptions {
    /// A space, tab or carriage return, trimmed around an input.
    static func isTrimmed(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D }
}

/// Writes a ``CPFExplanation`` as aligned text or as one JSON object.
enum InfoWriter {
    static func writeText(_ info: CPFExplanation, to out: OutputBuffer) {
        func row(_ label: String, _ value: String) {
            out.write(label + ":" + String(repeating: " ", count: max(1, 14 - label.count)) + value + "\n")
        }
        var input = info.input
        out.write("Input:         ")
        input.withUTF8 { Escaping.writeReadable(UnsafeRawBufferPointer($0), quote: nil, to: out) }
        out.write("\n")
        if let error = info.error {
            row("Valid", "no: \(error) (\(error.code))")
        } else {
            row("Valid", "yes")
        }
        if let masked = info.masked, let bare = info.bare, let found = info.foundCheckDigits,
           let expected = info.expectedCheckDigits, let region = info.region, let lgpd = info.lgpdForm {
            row("Masked", masked)
            row("Digits", bare)
            row("Check digits", found == expected ? "\(found) (right)" : "\(found), expected \(expected)")
            row("Fiscal region", "\(region.digit): \(region.states.joined(separator: ", "))")
            row("LGPD display", lgpd)
        }
        if !info.isValid {
            if info.suggestions.isEmpty {
                row("Did you mean", info.digits == nil ? "(needs 11 digits)" : "(nothing one typo away)")
            } else {
                row("Did you mean", info.suggestions.map(\.formatted).joined(separator: "\n" + String(repeating: " ", count: 15)))
            }
        }
    }

    static func writeJSON(_ info: CPFExplanation, to out: OutputBuffer) {
        var object = JSONObjectWriter(to: out)
        object.string("input", info.input)
        object.bool("valid", info.isValid)
        if let error = info.error {
            object.string("reason", error.code)
            object.string("message", error.description)
        }
        if let bare = info.bare, let masked = info.masked, let found = info.foundCheckDigits,
           let expected = info.expectedCheckDigits, let region = info.region, let lgpd = info.lgpdForm {
            object.string("digits", bare)
            object.string("formatted", masked)
            object.string("check_digits", found)
            object.string("expected_check_digits", expected)
            object.object("region") { members in
                members.number("digit", region.digit)
                members.strings("states", region.states)
            }
            object.string("lgpd", lgpd)
        }
        if !info.isValid {
            object.strings("suggestions", info.suggestions.map(\.digits))
        }
        object.end()
    }
}
