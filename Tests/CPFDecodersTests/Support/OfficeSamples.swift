// Support for the Office tests: the fixtures of Fixtures/Office (written by
// Scripts/fixtures/make-office-fixtures.py with python-docx, openpyxl,
// XlsxWriter, python-pptx and odfpy) and the Python those libraries live in.

import CPFDecoders
import Foundation

enum OfficeSamples {
    /// Tests/CPFDecodersTests/Fixtures/Office in this checkout.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Office")

    /// The bytes of fixture `name`.
    static func bytes(_ name: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
    }

    /// The path of fixture `name`.
    static func path(_ name: String) -> String {
        folder.appendingPathComponent(name).path
    }

    /// Reads `xml` as member `part` of a document of `kind`.
    static func read(
        _ xml: [UInt8], _ kind: OfficeDocumentKind = .wordprocessing, _ part: String = "word/document.xml",
        maximumSize: Int = OfficeXMLText.defaultMaximumSize
    ) throws(OfficeXMLError) -> OfficeXMLText {
        try xml.withUnsafeBufferPointer { (buffer) throws(OfficeXMLError) -> OfficeXMLText in
            try OfficeXMLText(
                xml: UnsafeRawBufferPointer(buffer), kind: kind, part: Array(part.utf8), maximumSize: maximumSize)
        }
    }

    /// Reads a string of XML as `word/document.xml` (or `part` of `kind`).
    static func read(
        _ xml: String, _ kind: OfficeDocumentKind = .wordprocessing, _ part: String = "word/document.xml"
    ) throws(OfficeXMLError) -> OfficeXMLText {
        try read(Array(xml.utf8), kind, part)
    }

    /// The ranges of `text` where `needle` stands.
    static func ranges(of needle: String, in text: [UInt8]) -> [Range<Int>] {
        let needle = Array(needle.utf8)
        guard !needle.isEmpty, text.count >= needle.count else { return [] }
        return (0...text.count - needle.count).filter { text[$0..<$0 + needle.count].elementsEqual(needle) }
            .map { $0..<$0 + needle.count }
    }

    /// The Python of the virtual environment with the Office libraries
    /// (`CPF_DOCS_PYTHON`, or the one `.ci/run` makes), or nil when absent.
    static let python: String? = {
        let path =
            ProcessInfo.processInfo.environment["CPF_DOCS_PYTHON"] ?? "/root/.cache/cpf-ci/venv-docs/bin/python"
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }()
}

/// The namespaces of the hand-written samples.
enum OfficeNamespaces {
    static let word = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
    static let drawing = "http://schemas.openxmlformats.org/drawingml/2006/main"
    static let sheet = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
    static let presentation = "http://schemas.openxmlformats.org/presentationml/2006/main"
    static let text = "urn:oasis:names:tc:opendocument:xmlns:text:1.0"
    static let table = "urn:oasis:names:tc:opendocument:xmlns:table:1.0"
    static let office = "urn:oasis:names:tc:opendocument:xmlns:office:1.0"

    /// `body` inside a Word document element declaring `w`.
    static func wordDocument(_ body: String) -> String {
        #"<w:document xmlns:w="\#(word)"><w:body>\#(body)</w:body></w:document>"#
    }

    /// `body` inside an ODF document element declaring `office`, `text` and `table`.
    static func openDocument(_ body: String) -> String {
        #"<office:document-content xmlns:office="\#(office)" xmlns:text="\#(text)" xmlns:table="\#(table)">"#
            + #"<office:body>\#(body)</office:body></office:document-content>"#
    }
}
