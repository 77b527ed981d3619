import CPFKit
import CPFSystem

/// Writes a ``CPFExplanation`` as aligned text or as one JSON object.
enum InfoWriter {
    /// - Parameter input: The argument as given, echoed escaped and cut at
    ///   64 KiB (the explanation holds it as text).
    static func writeText(_ info: CPFExplanation, input: RawText, language: Language = .english, to out: OutputBuffer) {
        func text(_ message: Message, _ arguments: String...) -> String {
            Message.fill(language == .english ? message.templates.english : message.templates.portuguese, arguments)
        }
        // Values start one column after the longest label (15 in English).
        let labels: [Message] = [
            .infoInput, .infoValid, .infoMasked, .infoDigits, .infoCheckDigits, .infoRegion, .infoLGPD, .infoDidYouMean,
        ]
        let column = labels.map { text($0).count }.max()! + 2
        func row(_ label: Message, _ value: String) {
            let label = text(label)
            out.write(label + ":" + String(repeating: " ", count: max(1, column - 1 - label.count)) + value + "\n")
        }
        let inputLabel = text(.infoInput)
        out.write(inputLabel + ":" + String(repeating: " ", count: column - 1 - inputLabel.count))
        out.write(Escaping.readable(input))
        out.write("\n")
        if let error = info.error {
            row(.infoValid, text(.infoNo, Message.reason(error, language), error.code))
        } else {
            row(.infoValid, text(.infoYes))
        }
        if let masked = info.formatted, let bare = info.digits, let found = info.foundCheckDigits,
            let expected = info.expectedCheckDigits, let region = info.fiscalRegion, let lgpd = info.lgpdMasked
        {
            row(.infoMasked, masked)
            row(.infoDigits, bare)
            row(
                .infoCheckDigits,
                found == expected ? text(.infoRight, "\(found)") : text(.infoExpected, "\(found)", "\(expected)"))
            row(.infoRegion, "\(region.digit): \(region.states.joined(separator: ", "))")
            row(.infoLGPD, lgpd)
        }
        if !info.isValid {
            if info.suggestions.isEmpty {
                row(.infoDidYouMean, text(info.digits == nil ? .infoNeedsDigits : .infoNothingClose))
            } else {
                row(
                    .infoDidYouMean,
                    info.suggestions.map(\.formatted).joined(separator: "\n" + String(repeating: " ", count: column)))
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
            let expected = info.expectedCheckDigits, let region = info.fiscalRegion, let lgpd = info.lgpdMasked
        {
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
