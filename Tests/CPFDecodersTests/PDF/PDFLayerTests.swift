// Tests of PDFLayer.swift: the names `find` prints for the places a PDF
// keeps text beside its pages, and the order it reports them in.

import Testing

@testable import CPFDecoders

@Suite("PDFLayer")
struct PDFLayerTests {
    static let names: [(PDFLayer, String)] = [
        (.information, "information"), (.metadata, "metadata"), (.formField, "form field"), (.page(3), "page 3"),
        (.annotation(page: 12), "page 12 annotation"), (.bookmark, "bookmark"),
        (.namedDestination, "named destination"), (.pageLabel, "page label"), (.structureTree, "structure tree"),
        (.attachment, "attachment"), (.document, "document"), (.unreferenced, "unreferenced"),
    ]

    @Test("each layer has the name find prints, without a colon that would cut SOURCE", arguments: names)
    func name(_ layer: PDFLayer, _ expected: String) {
        #expect(layer.name == expected)
        #expect(!layer.name.contains(":"))
    }

    @Test("layers sort as find reports them: the document's own, then page by page, each before its annotations")
    func order() {
        let shuffled: [PDFLayer] = [
            .unreferenced, .annotation(page: 2), .bookmark, .page(10), .information, .annotation(page: 10),
            .page(2), .attachment, .metadata, .formField, .document, .pageLabel, .structureTree, .namedDestination,
        ]
        #expect(
            shuffled.sorted() == [
                .information, .metadata, .formField, .page(2), .annotation(page: 2), .page(10),
                .annotation(page: 10), .bookmark, .namedDestination, .pageLabel, .structureTree, .attachment,
                .document, .unreferenced,
            ])
    }
}
