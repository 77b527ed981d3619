import CPFKit
import CPFSystem

/// Writes a ``CPFExplanation`` (and, in `InfoWriter+CNPJ.swift`, a
/// ``CNPJExplanation``) as aligned text or as one JSON object. The rows and
/// fields both numbers have (the input, the verdict, the masked and bare
/// forms, the check digits) are written here, once.
enum InfoWriter {
    /// - Parameter input: The argument as given, echoed escaped and cut at
    ///   64 KiB (the explanation holds it as text).
    static func writeText(_ info: CPFExplanation, input: RawText, language: Language = .english, to out: OutputBuffer) {
        let rows = Rows(
            labels: [
                .infoInput, .infoValid, .infoMasked, .infoDigits, .infoCheckDigits, .infoRegion, .infoLGPD,
                .infoDidYouMean,
            ], language: language, out: out)
        rows.row(.infoInput, Escaping.readable(input))
        rows.validity(info.error.map { (Message.reason($0, language), $0.code) })
        if let masked = info.formatted, let bare = info.digits, let found = info.foundCheckDigits,
            let expected = info.expectedCheckDigits, let region = info.fiscalRegion, let lgpd = info.lgpdMasked
        {
            rows.number(masked: masked, bare: bare, found: found, expected: expected)
            rows.row(.infoRegion, "\(region.digit): \(region.states.joined(separator: ", "))")
            rows.row(.infoLGPD, lgpd)
        }
        if !info.isValid {
            if info.suggestions.isEmpty {
                rows.row(.infoDidYouMean, rows.text(info.digits == nil ? .infoNeedsDigits : .infoNothingClose))
            } else {
                let indent = "\n" + String(repeating: " ", count: rows.column)
                rows.row(.infoDidYouMean, info.suggestions.map(\.formatted).joined(separator: indent))
            }
        }
    }

    static func writeJSON(_ info: CPFExplanation, input: RawText, to out: OutputBuffer) {
        var object = JSONObjectWriter(to: out)
        writeInput(input, to: &object)
        writeValidity(info.error.map { ($0.code, $0.description) }, to: &object)
        if let bare = info.digits, let masked = info.formatted, let found = info.foundCheckDigits,
            let expected = info.expectedCheckDigits, let region = info.fiscalRegion, let lgpd = info.lgpdMasked
        {
            writeNumber(
                bareName: "digits", bare: bare, masked: masked, found: found.description,
                expected: expected.description, to: &object)
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

    /// The rows of the text, `LABEL:` then the value, the values in one
    /// column one past the longest label (15 in English).
    struct Rows {
        let language: Language
        let out: OutputBuffer
        /// Where the values start.
        let column: Int

        init(labels: [Message], language: Language, out: OutputBuffer) {
            self.language = language
            self.out = out
            column = labels.map { Self.text($0, [], language: language).count }.max()! + 2
        }

        /// `message` in the run's language, filled with `arguments`.
        func text(_ message: Message, _ arguments: String...) -> String {
            Self.text(message, arguments, language: language)
        }

        private static func text(_ message: Message, _ arguments: [String], language: Language) -> String {
            Message.fill(language == .english ? message.templates.english : message.templates.portuguese, arguments)
        }

        func row(_ label: Message, _ value: String) {
            let label = text(label)
            out.write(label + ":" + String(repeating: " ", count: max(1, column - 1 - label.count)) + value + "\n")
        }

        /// `Valid: yes`, or `Valid: no: REASON (CODE)` for a `failure`.
        func validity(_ failure: (reason: String, code: String)?) {
            if let failure {
                row(.infoValid, text(.infoNo, failure.reason, failure.code))
            } else {
                row(.infoValid, text(.infoYes))
            }
        }

        /// The masked and bare forms, and the check digits found, said
        /// right or with those expected.
        func number<CheckDigits: Equatable & CustomStringConvertible>(
            masked: String, bare: String, found: CheckDigits, expected: CheckDigits
        ) {
            row(.infoMasked, masked)
            row(.infoDigits, bare)
            row(
                .infoCheckDigits,
                found == expected ? text(.infoRight, "\(found)") : text(.infoExpected, "\(found)", "\(expected)"))
        }
    }

    /// `"input"`: the argument as given, cut at 64 KiB.
    static func writeInput(_ input: RawText, to object: inout JSONObjectWriter) {
        input.withBytes { bytes in
            let cut = UnsafeRawBufferPointer(rebasing: bytes[..<min(bytes.count, Escaping.echoLimit)])
            object.string("input", cut, isTruncated: bytes.count > Escaping.echoLimit)
        }
    }

    /// `"valid"`, and for a `failure` its `"reason"` and `"message"`.
    static func writeValidity(_ failure: (code: String, message: String)?, to object: inout JSONObjectWriter) {
        object.bool("valid", failure == nil)
        if let failure {
            object.string("reason", failure.code)
            object.string("message", failure.message)
        }
    }

    /// The bare form under `bareName`, the masked form and the check digits
    /// found and expected.
    static func writeNumber(
        bareName: StaticString, bare: String, masked: String, found: String, expected: String,
        to object: inout JSONObjectWriter
    ) {
        object.string(bareName, bare)
        object.string("formatted", masked)
        object.string("check_digits", found)
        object.string("expected_check_digits", expected)
    }
}
