import Foundation
import Testing

@testable import CPFDecoders

@Suite("PDFDocument")
struct PDFDocumentTests {
    /// Runs `body` on the document of `bytes`.
    private func withDocument<T>(_ bytes: [UInt8], _ body: (PDFDocument) throws(PDFError) -> T) throws(PDFError) -> T {
        let result = bytes.withUnsafeBytes { raw in
            Result { () throws(PDFError) in try body(try PDFDocument(raw, limits: .default)) }
        }
        return try result.get()
    }

    @Test("reads a cross-reference table and resolves references through it")
    func table() throws {
        let pdf = PDFSamples.build([
            Array("<< /Type /Catalog /Pages 2 0 R /Next 3 0 R >>".utf8), Array("<< /Type /Pages /Kids [] >>".utf8),
            Array("4 0 R".utf8), Array("(end)".utf8),
        ])
        try withDocument(pdf) { document throws(PDFError) in
            #expect(document.entries.count == 5)
            let catalog = try document.resolve(document.trailer["Root"] ?? .null)
            #expect(catalog["Type"]?.name == "Catalog")
            #expect(try document.resolve(catalog["Next"] ?? .null) == .string(Array("end".utf8)))
            #expect(try document.object(99) == .null)
        }
    }

    @Test("reads a cross-reference stream with an object stream (pypdf's and this script's)")
    func streams() throws {
        for name in ["objstm.pdf", "incremental.pdf"] {
            try withDocument(try PDFSamples.fixture(name)) { document throws(PDFError) in
                let catalog = try document.resolve(document.trailer["Root"] ?? .null)
                #expect(catalog["Type"]?.name == "Catalog", "\(name)")
                if name == "objstm.pdf" {
                    #expect(document.entries.values.contains { if case .compressed = $0 { true } else { false } })
                }
            }
        }
    }

    @Test("turns a reference cycle into null")
    func cycles() throws {
        let pdf = PDFSamples.build([
            Array("<< /Type /Catalog /Pages 2 0 R >>".utf8), Array("3 0 R".utf8), Array("2 0 R".utf8),
        ])
        try withDocument(pdf) { document throws(PDFError) in
            #expect(try document.resolve(.reference(2, 0)) == .null)
        }
    }

    @Test("reports /Encrypt even when the xref is rebuilt by a scan")
    func encrypted() throws {
        #expect(PDFSamples.error(try PDFSamples.fixture("encrypted.pdf")) == .encrypted)
        let text = String(decoding: try PDFSamples.fixture("helvetica.pdf"), as: UTF8.self)
        let broken = text.replacingOccurrences(of: "startxref", with: "startxrefx")
            .replacingOccurrences(of: "/Root 4 0 R", with: "/Root 4 0 R /Encrypt << /Filter /Standard >>")
        #expect(PDFSamples.error(Array(broken.utf8)) == .encrypted)
    }

    @Test("decodes the data of streams through their filters, and counts their total against the limits")
    func decoding() throws {
        #expect(PDFDocument.asciiHexDecode(Array("48 65 6c6C 6>".utf8)) == Array("Hell`".utf8))
        #expect(PDFDocument.ascii85Decode(Array("<~87cURD]i,\"Ebo80~>".utf8)) == Array("Hello World!".utf8))
        #expect(PDFDocument.ascii85Decode(Array("z!!~>".utf8)) == [0, 0, 0, 0, 0])
        let pdf = try PDFSamples.fixture("helvetica-compressed.pdf")
        let limits = DecompressionLimits(maximumOutputSize: 150, maximumRatio: 1000, ratioAllowance: 1 << 20)
        let result = pdf.withUnsafeBytes { raw in
            Result { () throws(PDFError) in try PDFTextExtractor(limits: limits).extractText(from: raw) }
        }
        #expect(throws: PDFError.decompressionLimit(.outputTooLarge(limit: 150))) { try result.get() }
    }

    @Test("finds every N G obj header when scanning a file without cross-reference data")
    func scan() throws {
        var pdf = Array("%PDF-1.4\n".utf8)
        pdf += Array("1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n".utf8)
        pdf += Array("2 0 obj << /Type /Pages /Kids [] >> endobj\n".utf8)
        pdf += Array("2 0 obj << /Type /Pages /Kids [] /Newer true >> endobj\n".utf8)  // an update wins
        try withDocument(pdf) { document throws(PDFError) in
            #expect(try document.resolve(document.trailer["Root"] ?? .null)["Type"]?.name == "Catalog")
            #expect(try document.object(2)["Newer"] == .bool(true))
        }
    }
}
