// Tests of Input/DocumentReader+PDF.swift: a PDF's text handed over page by
// page, nothing handed over for a PDF without text, and the CPFs a PDF held
// in memory holds counted.

import CPFDecoders
import CPFKit
import CPFSystem
import CPFTestSupport
import Testing

@testable import CPFCommandLine

@Suite("DocumentReader+PDF")
struct DocumentReaderPDFTests {
    /// A PDF with one page per content stream in `contents`, each drawn in
    /// Helvetica (/F1).
    static func pdf(pages contents: [String]) -> [UInt8] {
        let count = contents.count
        let kids = (0..<count).map { "\(3 + 2 * $0) 0 R" }.joined(separator: " ")
        var objects = [
            "<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [\(kids)] /Count \(count) >>",
        ]
        for (index, content) in contents.enumerated() {
            objects.append(
                "<< /Type /Page /Parent 2 0 R /Resources << /Font << /F1 \(3 + 2 * count) 0 R >> >> "
                    + "/Contents \(4 + 2 * index) 0 R >>")
            objects.append("<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream")
        }
        objects.append("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
        var file = Array("%PDF-1.4\n".utf8)
        var offsets: [Int] = []
        for (index, body) in objects.enumerated() {
            offsets.append(file.count)
            file += Array("\(index + 1) 0 obj\n\(body)\nendobj\n".utf8)
        }
        let start = file.count
        file += Array("xref\n0 \(objects.count + 1)\n0000000000 65535 f \n".utf8)
        for offset in offsets {
            let digits = String(offset)
            file += Array((String(repeating: "0", count: 10 - digits.count) + digits + " 00000 n \n").utf8)
        }
        file += Array("trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(start)\n%%EOF\n".utf8)
        return file
    }

    /// What the reader hands over for `bytes`: how often `begin` and `end`
    /// were called, each block of text, and the failures.
    static func read(_ bytes: [UInt8]) throws -> (begun: Int, ended: Int, blocks: [String], failures: [String]) {
        let reader = DocumentReader(decoding: RedactEngine(style: .hidden(.full), context: Context()).decoding)
        var (begun, ended) = (0, 0)
        var blocks: [String] = []
        try withFileDescriptor(containing: bytes) { descriptor in
            try reader.read(
                descriptor, format: .pdf, begin: { _ in begun += 1 },
                text: { blocks.append(String(decoding: UnsafeRawBufferPointer($0), as: UTF8.self)) },
                end: { _ in ended += 1 })
        }
        return (begun, ended, blocks, reader.failures.map(\.reason))
    }

    static func show(_ text: String) -> String { "BT /F1 12 Tf 72 720 Td (\(text)) Tj ET" }

    @Test("a PDF's text is handed over one page at a time, the same text the whole document's extraction gives")
    func pageByPage() throws {
        let pdf = Self.pdf(pages: [Self.show("CPF 390.533.447-05"), Self.show("nada"), Self.show("111.444.777-35")])
        let read = try Self.read(pdf)
        #expect(read.begun == 1 && read.ended == 1)
        #expect(read.failures.isEmpty)
        #expect(read.blocks.count == 3)
        let whole = try pdf.withUnsafeBytes { try PDFTextExtractor().extractText(from: $0) }
        #expect(read.blocks.joined() == String(decoding: whole, as: UTF8.self))
    }

    @Test("pages holding only line and page breaks are held back until a page shows text, then handed over first")
    func blankPagesFirst() throws {
        let pdf = Self.pdf(pages: ["0 0 m 10 10 l S", "", Self.show("CPF 390.533.447-05")])
        let read = try Self.read(pdf)
        #expect(read.begun == 1 && read.ended == 1)
        let whole = try pdf.withUnsafeBytes { try PDFTextExtractor().extractText(from: $0) }
        #expect(read.blocks.joined() == String(decoding: whole, as: UTF8.self))
        #expect(read.blocks.last?.contains("390.533.447-05") == true)
    }

    @Test("a PDF whose pages show no text hands over nothing and is named for it")
    func noText() throws {
        let read = try Self.read(Self.pdf(pages: ["0 0 m 10 10 l S", "0 0 10 10 re f"]))
        #expect(read.begun == 0 && read.ended == 0)
        #expect(read.blocks.isEmpty)
        #expect(read.failures == ["PDF: \(PDFError.noText)"])
    }

    @Test("a page that cannot be read after one that was: the first page's text handed over and ended, the file named")
    func failureAfterAPage() throws {
        var pdf = Self.pdf(pages: [Self.show("CPF 390.533.447-05"), Self.show("111.444.777-35")])
        // The second page's content stream in a filter the reader names but does not decode.
        let needle = Array("<< /Length \(Self.show("111.444.777-35").utf8.count) >>".utf8)
        let at = try #require(pdf.indices.last { pdf[$0...].starts(with: needle) })
        pdf.insert(contentsOf: Array("/Filter /JBIG2Decode ".utf8), at: at + needle.count - 2)
        // The offsets after the change moved: the reader finds the objects by scanning for them.
        let read = try Self.read(pdf)
        #expect(read.begun == 1 && read.ended == 1)
        #expect(read.blocks.joined().contains("390.533.447-05"))
        #expect(!read.blocks.joined().contains("111.444.777-35"))
        #expect(read.failures == ["PDF: \(PDFError.unsupportedFilter("JBIG2Decode"))"])
    }

    @Test("redact's count reads every page: three CPFs on two of three pages; none for a PDF without text")
    func countsEveryPage() {
        let pdf = Self.pdf(pages: [
            Self.show("CPF 390.533.447-05"), Self.show("nada"), Self.show("CPF 111.444.777-35 e 529.982.247-25"),
        ])
        let counted = DocumentReader.countCPFs(inPDF: pdf, minimumConfidence: .medium, limits: .default)
        #expect((try? counted.get()) == 3)
        let blank = DocumentReader.countCPFs(
            inPDF: Self.pdf(pages: ["0 0 m 10 10 l S"]), minimumConfidence: .medium, limits: .default)
        #expect((try? blank.get()) == nil)
    }
}
