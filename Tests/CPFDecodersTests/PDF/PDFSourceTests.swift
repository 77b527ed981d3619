import Foundation
import Testing

@testable import CPFDecoders

@Suite("PDFSource: a PDF read by offset")
struct PDFSourceTests {
    /// A source over `bytes` as a file is read: at most `chunk` bytes a
    /// read (a short read), counting the bytes asked for.
    final class FileLike {
        let bytes: [UInt8]
        let chunk: Int
        let windowSize: Int
        var reads = 0
        var largest = 0

        init(_ bytes: [UInt8], chunk: Int = 1 << 20, windowSize: Int = PDFDocument.windowSize) {
            self.bytes = bytes
            self.chunk = chunk
            self.windowSize = windowSize
        }

        var source: PDFSource {
            var source = PDFSource(count: bytes.count) { [self] buffer, offset in
                reads += 1
                largest = max(largest, buffer.count)
                let count = min(buffer.count, chunk, max(0, bytes.count - offset))
                guard count > 0 else { return 0 }
                bytes.withUnsafeBytes { raw in
                    UnsafeMutableRawBufferPointer(rebasing: buffer[..<count])
                        .copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[offset..<offset + count]))
                }
                return count
            }
            source.windowSize = windowSize
            return source
        }
    }

    struct Unplugged: Error, CustomStringConvertible {
        var description: String { "the disk went away" }
    }

    static func text(of source: PDFSource) throws(PDFError) -> [UInt8] {
        var text: [UInt8] = []
        try PDFTextExtractor().extractText(from: source) { text += $0 }
        return text
    }

    @Test("an object larger than the window is read in a window grown to hold it")
    func largeObject() throws {
        // A dictionary of 96,000 bytes, about six windows long, and a page after it.
        let filler = "[" + String(repeating: "12345 ", count: 16_000) + "]"
        let pdf = PDFSamples.build([
            Array("<< /Type /Catalog /Pages 2 0 R /Filler \(filler) >>".utf8),
            Array("<< /Type /Pages /Kids [3 0 R] /Count 1 >>".utf8),
            Array("<< /Type /Page /Parent 2 0 R /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>".utf8),
            Array("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>".utf8),
            PDFSamples.stream("", Array("BT /F1 12 Tf 10 10 Td (CPF 390.533.447-05) Tj ET".utf8)),
        ])
        #expect(pdf.count > 5 * PDFDocument.windowSize)
        let file = FileLike(pdf)
        let document = try PDFDocument(source: file.source, limits: .default)
        let catalog = try document.object(1)
        #expect(catalog["Filler"]?.array?.count == 16_000)
        #expect(catalog["Filler"]?.array?.last == .integer(12345))
        #expect(try Self.text(of: file.source) == Array("CPF 390.533.447-05\n".utf8))
        // No read asks for the whole file at once but the windows grown for the large object.
        #expect(file.largest < pdf.count)
    }

    @Test(
        "every fixture reads the same by offset as held, across windows' ends and short reads",
        arguments: [(24, 7), (100, 1), (1000, 13), (PDFDocument.windowSize, 1 << 20)])
    func windows(windowSize: Int, chunk: Int) throws {
        for name in PDFSamples.fixtureNames where name != "encrypted.pdf" {
            let pdf = try PDFSamples.fixture(name)
            let file = FileLike(pdf, chunk: chunk, windowSize: windowSize)
            if name != "image-only.pdf" {
                let expected = try PDFSamples.text(pdf)
                #expect(String(decoding: try Self.text(of: file.source), as: UTF8.self) == expected, "\(name)")
            }
            let sweep = try PDFSweep.sections(of: file.source).map(\.text)
            let held = try pdf.withUnsafeBytes { try PDFSweep.sections(of: $0) }.map(\.text)
            #expect(sweep == held, "\(name)")
            #expect(file.largest <= max(pdf.count, 1024), "\(name)")
        }
    }

    @Test("a broken file is scanned in windows: its objects found as when it is held")
    func scan() throws {
        let text = String(decoding: try PDFSamples.fixture("helvetica.pdf"), as: UTF8.self)
        let broken = Array(text.replacingOccurrences(of: "startxref", with: "startxrefx").utf8)
        let file = FileLike(broken, chunk: 5, windowSize: 40)
        #expect(String(decoding: try Self.text(of: file.source), as: UTF8.self) == (try PDFSamples.text(broken)))
    }

    @Test("a read error stops the reading, named")
    func readError() {
        let pdf = (try? PDFSamples.fixture("helvetica.pdf")) ?? []
        let failing = PDFSource(count: pdf.count) { _, _ in throw Unplugged() }
        #expect(throws: PDFError.readError("the disk went away")) { try Self.text(of: failing) }
        #expect(PDFError.readError("the disk went away").description == "PDF read error (the disk went away)")
        // Failing on a later read, after a short one.
        let late = PDFSource(count: pdf.count) { buffer, offset in
            guard offset < 64 else { throw Unplugged() }
            let count = min(buffer.count, pdf.count - offset)
            pdf.withUnsafeBytes { raw in
                UnsafeMutableRawBufferPointer(rebasing: buffer[..<count])
                    .copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[offset..<offset + count]))
            }
            return min(count, 64 - offset)
        }
        #expect(throws: PDFError.readError("the disk went away")) { try Self.text(of: late) }
    }

    @Test("bytes(in:) and dropping(first:) count offsets from where the source starts")
    func offsets() throws {
        let bytes = Array("junk%PDF-1.7\n".utf8)
        let file = FileLike(bytes, chunk: 3)
        #expect(try file.source.bytes(in: 4..<9) == Array("%PDF-".utf8))
        #expect(try file.source.dropping(first: 4).bytes(in: 0..<8) == Array("%PDF-1.7".utf8))
        #expect(try file.source.bytes(in: 10..<100) == Array(".7\n".utf8))
        #expect(try file.source.bytes(in: 100..<200) == [])
        let held = try bytes.withUnsafeBytes { raw in try PDFSource(raw).dropping(first: 4).bytes(in: 0..<5) }
        #expect(held == Array("%PDF-".utf8))
    }

    @Test("the writer hands over the same bytes from a file as from memory, in blocks")
    func writerStreams() throws {
        for name in PDFSamples.fixtureNames where name != "encrypted.pdf" {
            let pdf = try PDFSamples.fixture(name)
            let held = try pdf.withUnsafeBytes { try PDFWriter.rewrite($0, limits: .default) }
            var streamed: [UInt8] = []
            var largest = 0
            try PDFWriter.rewrite(FileLike(pdf, chunk: 11, windowSize: 50).source, limits: .default) {
                streamed += $0
                largest = max(largest, $0.count)
            }
            #expect(streamed == held, "\(name)")
            #expect(largest <= max(PDFWriter.blockSize, pdf.count), "\(name)")
        }
    }

    @Test("a redaction read by offset and written in blocks is the redaction held in memory")
    func redactionStreams() throws {
        for name in ["helvetica.pdf", "helvetica-compressed.pdf", "incremental.pdf", "objstm.pdf", "pieces.pdf"] {
            let pdf = try PDFSamples.fixture(name)
            let held = try PDFSamples.redactEverything(pdf)
            var streamed: [UInt8] = []
            let redaction = try PDFRedactor().redact(
                FileLike(pdf, chunk: 13, windowSize: 64).source, to: { streamed += $0 },
                matches: PDFRedactorTests.numbers(in:),
                rewriting: PDFSamples.stars)
            #expect(streamed == held.pdf, "\(name)")
            #expect(redaction.pdf.isEmpty)
            // With each page's new content put in a spill file until it is written.
            var spilled: [UInt8] = []
            var put = 0
            let spill = PDFSpill(
                write: { bytes, offset in
                    #expect(offset == put)
                    put += bytes.count
                    spilled += bytes
                },
                read: { buffer, offset in
                    let count = min(buffer.count, spilled.count - offset, 5)
                    spilled.withUnsafeBytes { raw in
                        UnsafeMutableRawBufferPointer(rebasing: buffer[..<count])
                            .copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[offset..<offset + count]))
                    }
                    return count
                })
            var viaSpill: [UInt8] = []
            _ = try PDFRedactor().redact(
                FileLike(pdf, chunk: 13, windowSize: 64).source, to: { viaSpill += $0 }, spill: spill,
                matches: PDFRedactorTests.numbers(in:), rewriting: PDFSamples.stars)
            #expect(viaSpill == held.pdf, "\(name)")
            #expect(spill.count == put)
            #expect(redaction.removed == held.removed && redaction.rewritten == held.rewritten, "\(name)")
        }
    }
}
