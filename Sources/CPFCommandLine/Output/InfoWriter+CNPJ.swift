import CPFKit
import CPFSystem

/// `cpf info --document cnpj|any` on a CNPJ: a ``CNPJExplanation`` as
/// aligned text or as one JSON object.
extension InfoWriter {
    static func writeText(
        _ info: CNPJExplanation, input: RawText, language: Language = .english, to out: OutputBuffer
    ) {
        func text(_ message: Message, _ arguments: String...) -> String {
            Message.fill(language == .english ? message.templates.english : message.templates.portuguese, arguments)
        }
        let labels: [Message] = [
            .infoInput, .infoDocument, .infoValid, .infoMasked, .infoDigits, .infoCheckDigits, .infoRoot, .infoBranch,
        ]
        let column = labels.map { text($0).count }.max()! + 2
        func row(_ label: Message, _ value: String) {
            let label = text(label)
            out.write(label + ":" + String(repeating: " ", count: max(1, column - 1 - label.count)) + value + "\n")
        }
        row(.infoInput, Escaping.readable(input))
        if let isAlphanumeric = info.isAlphanumeric {
            row(.infoDocument, text(isAlphanumeric ? .infoKindAlphanumeric : .infoKindNumeric, "CNPJ"))
        } else {
            row(.infoDocument, "CNPJ")
        }
        if let error = info.error {
            let reason = error.description(in: language == .english ? .english : .portuguese)
            row(.infoValid, text(.infoNo, reason, error.code))
        } else {
            row(.infoValid, text(.infoYes))
        }
        if let masked = info.formatted, let bare = info.characters, let found = info.foundCheckDigits,
            let expected = info.expectedCheckDigits, let root = info.root, let branch = info.branch
        {
            row(.infoMasked, masked)
            row(.infoDigits, bare)
            row(
                .infoCheckDigits,
                found == expected ? text(.infoRight, "\(found)") : text(.infoExpected, "\(found)", "\(expected)"))
            row(.infoRoot, root)
            row(.infoBranch, branch == "0001" ? text(.infoHeadOffice, branch) : branch)
        }
    }

    static func writeJSON(_ info: CNPJExplanation, input: RawText, to out: OutputBuffer) {
        var object = JSONObjectWriter(to: out)
        input.withBytes { bytes in
            let cut = UnsafeRawBufferPointer(rebasing: bytes[..<min(bytes.count, Escaping.echoLimit)])
            object.string("input", cut, isTruncated: bytes.count > Escaping.echoLimit)
        }
        object.string("document", "cnpj")
        object.bool("valid", info.isValid)
        if let error = info.error {
            object.string("reason", error.code)
            object.string("message", error.description)
        }
        if let bare = info.characters, let masked = info.formatted, let found = info.foundCheckDigits,
            let expected = info.expectedCheckDigits, let root = info.root, let branch = info.branch,
            let isAlphanumeric = info.isAlphanumeric
        {
            object.string("characters", bare)
            object.string("formatted", masked)
            object.string("check_digits", found.description)
            object.string("expected_check_digits", expected.description)
            object.string("root", root)
            object.string("branch", branch)
            object.bool("alphanumeric", isAlphanumeric)
        }
        object.end()
    }
}
