import CPFKit
import CPFSystem

/// `cpf info --document cnpj|any` on a CNPJ: a ``CNPJExplanation`` as
/// aligned text or as one JSON object, in the rows and fields a CPF's has
/// (``InfoWriter/Rows``), with the kind, the root and the branch.
extension InfoWriter {
    static func writeText(
        _ info: CNPJExplanation, input: RawText, language: Language = .english, to out: OutputBuffer
    ) {
        let rows = Rows(
            labels: [
                .infoInput, .infoDocument, .infoValid, .infoMasked, .infoDigits, .infoCheckDigits, .infoRoot,
                .infoBranch,
            ], language: language, out: out)
        rows.row(.infoInput, Escaping.readable(input))
        if let isAlphanumeric = info.isAlphanumeric {
            rows.row(.infoDocument, rows.text(isAlphanumeric ? .infoKindAlphanumeric : .infoKindNumeric, "CNPJ"))
        } else {
            rows.row(.infoDocument, "CNPJ")
        }
        rows.validity(info.error.map { ($0.description(in: language == .english ? .english : .portuguese), $0.code) })
        if let masked = info.formatted, let bare = info.characters, let found = info.foundCheckDigits,
            let expected = info.expectedCheckDigits, let root = info.root, let branch = info.branch
        {
            rows.number(masked: masked, bare: bare, found: found, expected: expected)
            rows.row(.infoRoot, root)
            rows.row(.infoBranch, branch == "0001" ? rows.text(.infoHeadOffice, branch) : branch)
        }
    }

    static func writeJSON(_ info: CNPJExplanation, input: RawText, to out: OutputBuffer) {
        var object = JSONObjectWriter(to: out)
        writeInput(input, to: &object)
        object.string("document", "cnpj")
        writeValidity(info.error.map { ($0.code, $0.description) }, to: &object)
        if let bare = info.characters, let masked = info.formatted, let found = info.foundCheckDigits,
            let expected = info.expectedCheckDigits, let root = info.root, let branch = info.branch,
            let isAlphanumeric = info.isAlphanumeric
        {
            writeNumber(
                bareName: "characters", bare: bare, masked: masked, found: found.description,
                expected: expected.description, to: &object)
            object.string("root", root)
            object.string("branch", branch)
            object.bool("alphanumeric", isAlphanumeric)
        }
        object.end()
    }
}
