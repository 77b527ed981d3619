import CPFKit

/// Writes a ``CPFExplanation`` as aligned text or as one JSON object.
enum InfoWriter {
    /// - Parameter input: The argument as given, echoed escaped and cut at
    ///   64 KiB (the explanation holds it as text).
    static func writeText(_ info: CPFExplanation, input: RawText, to out: OutputBuffer) {
        func row(_ label: String, _ value: String) {
            out.write(label + ":" + String(repeating: " ", count: max(1, 14 - label.count)) + value + "\n")
        }
        out.write("Input:         ")
        out.write(Escaping.readable(input))
        out.write("\n")
        if let error = info.error {
            row("Valid", "no: \(error) (\(error.code))")
        } else {
            row("Valid", "yes")
        }
        if let masked = info.formatted, let bare = info.digits, let found = info.foundCheckDigits,
           let expected = info.expectedCheckDigits, let region = info.fiscalRegion, let lgpd = info.lgpdMasked {
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

    static func writeJSON(_ info: CPFExplanation, input: RawText, to out: OutputBuffer) {
        var object = JSONObjectWriter(to: out)
        input.withBytes { bytes in
            let cut = UnsafeRawBufferPointer(rebasing: bytes[..<min(bytes.count, Escaping.echoLimit)])
            object.string("input", cut, isTruncated: bytes.count > Escaping.echoLimit)
        }
        object.bool("valid", info.isValid)
        if let error = info.error {
            object.string("reason", error.code)
            object.string("message", error.description)
        }
        if let bare = info.digits, let masked = info.formatted, let found = info.foundCheckDigits,
           let expected = info.expectedCheckDigits, let region = info.fiscalRegion, let lgpd = info.lgpdMasked {
            object.string("digits", bare)
            object.string("formatted", masked)
            object.string("check_digits", found.description)
            object.string("expected_check_digits", expected.description)
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
