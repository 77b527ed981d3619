/// The layer (``PDFLayer``) of every object a PDF document reaches, found
/// by walking it from the trailer, root by root: the information
/// dictionary, the catalog's metadata, the form fields, page by page (the
/// page, then its annotations), the bookmarks, the named destinations, the
/// page labels, the structure tree, the embedded files, then whatever else
/// the catalog reaches. An object gets the first layer that reaches it;
/// an object none reaches is ``PDFLayer/unreferenced``.
///
/// A walk does not go back up (`/Parent`, `/P`, `/Pg`), and only the page
/// walk enters a page, so a link's destination does not make its target
/// page part of the link's layer.
///
/// ```swift
/// let map = try PDFLayerMap(document: document)
/// map.layer(of: 12)   // .annotation(page: 1)
/// ```
///
/// - Complexity: O(*n*) in the objects the document reaches.
struct PDFLayerMap {
    private(set) var layers: [Int: PDFLayer] = [:]
    /// The layers of entries written inside an object rather than
    /// referenced: the catalog's `/PageLabels`, `/Outlines`, `/Names` (and
    /// its `/Dests` and `/EmbeddedFiles`), a page's `/Annots`; by object
    /// number, then by the path of keys from the object.
    private(set) var entryLayers: [Int: [[String]: PDFLayer]] = [:]
    /// The page objects, labelled by the page walk alone.
    private var pageNumbers: Set<Int> = []
    /// The keys that lead back up a tree, never followed.
    private static let upward: Set<String> = ["Parent", "P", "Pg"]

    /// The layer of the object numbered `number`; nil when the document does not reach it.
    func layer(of number: Int) -> PDFLayer? { layers[number] }

    init(document: PDFDocument, pages: [PDFTextExtractor.Page]) throws(PDFError) {
        for page in pages { if let number = page.number { pageNumbers.insert(number) } }
        let catalog = try document.resolve(document.trailer["Root"] ?? .null)
        try walk(document.trailer["Info"], as: .information, in: document)
        try walk(catalog["Metadata"], as: .metadata, in: document)
        try walk(catalog["AcroForm"], as: .formField, in: document)
        for (index, page) in pages.enumerated() {
            let layer = PDFLayer.page(index + 1)
            var rest = try page.dictionary(in: document).dictionary ?? [:]
            let annotations = rest.removeValue(forKey: "Annots")
            if let number = page.number {
                layers[number] = layer
                // Only a page with annotations needs their layer: a map for every page is 120 bytes a page.
                if annotations != nil { entryLayers[number] = [["Annots"]: .annotation(page: index + 1)] }
            }
            try walk(.dictionary(rest), as: layer, in: document)
            try walk(try page.resources(in: document), as: layer, in: document)
            try walk(annotations, as: .annotation(page: index + 1), in: document)
        }
        try walk(catalog["Outlines"], as: .bookmark, in: document)
        let names = try document.resolve(catalog["Names"] ?? .null)
        try walk(names["Dests"], as: .namedDestination, in: document)
        try walk(catalog["Dests"], as: .namedDestination, in: document)
        try walk(catalog["PageLabels"], as: .pageLabel, in: document)
        try walk(catalog["StructTreeRoot"], as: .structureTree, in: document)
        try walk(names["EmbeddedFiles"], as: .attachment, in: document)
        if case .reference(let number, _)? = document.trailer["Root"] {
            layers[number] = layers[number] ?? .document
            entryLayers[number] = [
                ["Metadata"]: .metadata, ["AcroForm"]: .formField, ["Outlines"]: .bookmark,
                ["Names", "Dests"]: .namedDestination, ["Dests"]: .namedDestination, ["PageLabels"]: .pageLabel,
                ["StructTreeRoot"]: .structureTree, ["Names", "EmbeddedFiles"]: .attachment,
            ]
        }
        try walk(catalog, as: .document, in: document)
    }

    /// Gives `layer` to every object `root` reaches that has none yet,
    /// through dictionaries, arrays and streams' dictionaries, neither up
    /// (``upward``) nor into a page (nor the page tree, but for the last
    /// walk, ``PDFLayer/document``).
    private mutating func walk(_ root: PDFObject?, as layer: PDFLayer, in document: PDFDocument) throws(PDFError) {
        guard let root else { return }
        var pending: [(object: PDFObject, depth: Int)] = [(root, 0)]
        while let (object, depth) = pending.popLast() {
            switch object {
            case .reference(let number, _):
                guard layers[number] == nil, !pageNumbers.contains(number) else { continue }
                let resolved = try document.object(number)
                let type = resolved["Type"]?.name
                if type == "Page" || (type == "Pages" && layer != .document) { continue }
                layers[number] = layer
                pending.append((resolved, 0))
            case .dictionary(let entries), .stream(let entries, _):
                guard depth < 64 else { continue }
                for (key, value) in entries where !Self.upward.contains(key) { pending.append((value, depth + 1)) }
            case .array(let items):
                guard depth < 64 else { continue }
                for item in items { pending.append((item, depth + 1)) }
            default: break
            }
        }
    }
}
