import Foundation
import Testing

@testable import CPFDecoders

@Suite("PDFDocument")
struct PDFDocumentTests {
    /// Runs `body` on the document of `bytes`.
    static func withDocument<T>(_ bytes: [UInt8], _ body: (PDFDocument) throws(PDFError) -> T) throws(PDFError) -> T {
        let result = bytes.withUnsafeBytes { raw in
            Result { () throws(PDFError) in try body(try PDFDocument(raw, limits: .default)) }
        }
        return try result.get()
    }

    @Test("reports /Encrypt even when the xref is rebuilt by a scan")
    func encrypted() throws {
        #expect(PDFSamples.error(try PDFSamples.fixture("encrypted.pdf")) == .encrypted)
        let text = String(decoding: try PDFSamples.fixture("helvetica.pdf"), as: UTF8.self)
        let broken = text.replacingOccurrences(of: "startxref", with: "startxrefx")
            .replacingOccurrences(of: "/Root 4 0 R", with: "/Root 4 0 R /Encrypt << /Filter /Standard >>")
        #expect(PDFSamples.error(Array(broken.utf8)) == .encrypted)
    }
}
