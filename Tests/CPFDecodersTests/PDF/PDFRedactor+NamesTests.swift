import CPFTestSupport
import Foundation
import Testing

@testable import CPFDecoders

@Suite("PDFRedactor: names, links and page labels")
struct PDFRedactorNamesTests {
    /// A page with four links (a named destination, a URI, another file, an
    /// old-style destination name), a name tree of three destinations two
    /// of which hide alike, the catalog's /Dests, an opening action and a
    /// page label with a prefix.
    static let linked = PDFSamples.build([
        Array(
            ("<< /Type /Catalog /Pages 2 0 R /Names << /Dests 6 0 R >> /Dests 7 0 R "
                + "/PageLabels << /Nums [0 << /S /D /P (CPF 390.533.447-05 - ) >>] >> "
                + "/OpenAction << /S /GoTo /D (cap 390.533.447-05) >> >>").utf8),
        Array("<< /Type /Pages /Kids [3 0 R] /Count 1 >>".utf8),
        Array(
            ("<< /Type /Page /Parent 2 0 R /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R "
                + "/Annots [8 0 R 9 0 R 10 0 R 13 0 R] >>").utf8),
        Array("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>".utf8),
        PDFSamples.stream("", Array("BT /F1 12 Tf 72 720 Td (Recibo) Tj ET".utf8)),
        Array("<< /Kids [11 0 R] >>".utf8),
        Array("<< /390.533.447-05 [3 0 R /Fit] >>".utf8),
        Array("<< /Type /Annot /Subtype /Link /Rect [0 0 1 1] /Dest (cap 111.444.777-35) >>".utf8),
        Array(
            "<< /Type /Annot /Subtype /Link /Rect [0 0 1 1] /A << /S /URI /URI (https://a.example/?c=390.533.447-05) >> >>"
                .utf8),
        Array("<< /Type /Annot /Subtype /Link /Rect [0 0 1 1] /A 12 0 R >>".utf8),
        Array(
            ("<< /Limits [(cap 111.444.777-35) (fim)] /Names [(cap 111.444.777-35) [3 0 R /Fit] "
                + "(cap 390.533.447-05) [3 0 R /FitH 700] (fim) [3 0 R /Fit]] >>").utf8),
        Array("<< /S /GoToR /F (recibo 390.533.447-05.pdf) /D (cap 390.533.447-05) >>".utf8),
        Array("<< /Type /Annot /Subtype /Link /Rect [0 0 1 1] /Dest /390.533.447-05 >>".utf8),
    ])

    /// The written file's catalog, its page's annotations, and a resolver.
    static func read<T>(_ pdf: [UInt8], _ body: (PDFObject, [PDFObject], (PDFObject) throws -> PDFObject) throws -> T)
        throws -> T
    {
        try pdf.withUnsafeBytes { raw in
            let document = try PDFDocument(raw, limits: .default)
            let catalog = try document.resolve(document.trailer["Root"] ?? .null)
            let page = try #require(try PDFTextExtractor().pages(of: document).first)
            let annotations = try (document.resolve(try page.dictionary(in: document)["Annots"] ?? .null).array ?? [])
                .map {
                    try document.resolve($0)
                }
            return try body(catalog, annotations) { try document.resolve($0) }
        }
    }

    static func string(_ text: String) -> PDFObject { .string(Array(text.utf8)) }

    @Test("renames named destinations, the name tree one sorted node, and every link to them alike")
    func destinations() throws {
        let redaction = try PDFSamples.redactEverything(Self.linked)
        let sweep = try PDFSamples.sweep(redaction.pdf)
        #expect(PDFRedactorTests.numbers(in: Array(sweep.utf8)).isEmpty, "\(sweep)")
        try Self.read(redaction.pdf) { catalog, annotations, resolve in
            let tree = try resolve(try resolve(catalog["Names"] ?? .null)["Dests"] ?? .null)
            let names = try #require(tree["Names"]?.array)
            // 111… came first: it keeps the plain name, 390… (the same once hidden) gets " (2)".
            #expect(
                names.enumerated().filter { $0.offset % 2 == 0 }.map(\.element) == [
                    Self.string("cap ***.***.***-**"), Self.string("cap ***.***.***-** (2)"), Self.string("fim"),
                ])
            #expect(names[3].array?.count == 3, "the destination of 390… kept: [page /FitH 700]")
            #expect(annotations[0]["Dest"] == Self.string("cap ***.***.***-**"))
            #expect(try resolve(catalog["OpenAction"] ?? .null)["D"] == Self.string("cap ***.***.***-** (2)"))
            #expect(annotations[3]["Dest"] == .name("***.***.***-**"))
            #expect(try resolve(catalog["Dests"] ?? .null)["***.***.***-**"] != nil)
        }
    }

    @Test("rewrites a link's URI and another file's name and destination, and the page labels' prefixes")
    func links() throws {
        let redaction = try PDFSamples.redactEverything(Self.linked)
        try Self.read(redaction.pdf) { catalog, annotations, resolve in
            #expect(
                try resolve(annotations[1]["A"] ?? .null)["URI"] == Self.string("https://a.example/?c=***.***.***-**"))
            let remote = try resolve(annotations[2]["A"] ?? .null)
            #expect(remote["F"] == Self.string("recibo ***.***.***-**.pdf"))
            #expect(remote["D"] == Self.string("cap ***.***.***-**"))
            let labels = try resolve(catalog["PageLabels"] ?? .null)
            #expect(labels["Nums"]?.array?.last?["P"] == Self.string("CPF ***.***.***-** - "))
        }
    }

    @Test(
        "makes the keys of a name tree unique once rewritten, and sorts them as bytes",
        arguments: [
            (["b", "a"], nil),
            (["x 390.533.447-05", "a"], ["a", "x ***.***.***-**"]),
            (
                ["x 390.533.447-05", "x 111.444.777-35", "x ***.***.***-**"],
                ["x ***.***.***-**", "x ***.***.***-** (2)", "x ***.***.***-** (3)"]
            ),
        ] as [([String], [String]?)])
    func uniqueKeys(keys: [String], expected: [String]?) {
        let entries = keys.map { (Self.string($0), PDFObject.null) }
        let renamed = PDFRedactor.renamedEntries(entries, rewriting: PDFSamples.stars)
        #expect(renamed?.0.map(\.0) == expected?.map(Self.string))
    }
}
