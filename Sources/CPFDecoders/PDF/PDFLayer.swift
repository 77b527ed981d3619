/// Where a PDF keeps a piece of text beside what its pages show: the
/// place ``PDFSweep`` names each string it reads by, so that `find`
/// reports a CPF in an annotation as `contrato.pdf:page 3 annotation:…`
/// and one in the metadata as `contrato.pdf:metadata:…`.
///
/// An object belongs to the first layer that reaches it (see
/// ``PDFLayerMap``), in the order of the cases: a form field's widget is a
/// form field, not its page's annotation, and a font or form two pages
/// share is the first page's.
///
/// ```swift
/// PDFLayer.annotation(page: 3).name   // "page 3 annotation"
/// PDFLayer.unreferenced.name          // "unreferenced"
/// ```
public enum PDFLayer: Hashable, Comparable, Sendable {
    /// The document information dictionary (the trailer's `/Info`).
    case information
    /// The XMP metadata packet of the catalog (or of any object it reaches first).
    case metadata
    /// The form fields of `/AcroForm`, their widgets and their appearances.
    case formField
    /// A page (counted from 1): its dictionary, content streams and the
    /// resources it uses (fonts, forms), where a string its text does not
    /// show is kept (a marked content's `/ActualText`).
    case page(Int)
    /// The annotations of a page (counted from 1): notes, links, stamps,
    /// their popups and appearance streams.
    case annotation(page: Int)
    /// The outline: the bookmarks' titles and actions.
    case bookmark
    /// The named destinations (the `/Dests` name tree, the catalog's `/Dests`).
    case namedDestination
    /// The page labels (`/PageLabels`).
    case pageLabel
    /// The structure tree of a tagged PDF.
    case structureTree
    /// The embedded files (`/EmbeddedFiles`) and their file specifications.
    case attachment
    /// Whatever else the catalog reaches (its `/OpenAction`, other name trees).
    case document
    /// An object the document no longer reaches: the earlier revision an
    /// incremental update replaced, or an object nothing refers to.
    case unreferenced

    /// The layer's name as `find` prints it in SOURCE and as JSON's `"in"`.
    public var name: String {
        switch self {
        case .information: "information"
        case .metadata: "metadata"
        case .formField: "form field"
        case .page(let number): "page \(number)"
        case .annotation(let page): "page \(page) annotation"
        case .bookmark: "bookmark"
        case .namedDestination: "named destination"
        case .pageLabel: "page label"
        case .structureTree: "structure tree"
        case .attachment: "attachment"
        case .document: "document"
        case .unreferenced: "unreferenced"
        }
    }

    /// The order `find` reports layers in: the document's own first, then
    /// page by page (each page before its annotations), then the rest.
    private var rank: (Int, Int) {
        switch self {
        case .information: (0, 0)
        case .metadata: (1, 0)
        case .formField: (2, 0)
        case .page(let number): (3, number * 2)
        case .annotation(let page): (3, page * 2 + 1)
        case .bookmark: (4, 0)
        case .namedDestination: (5, 0)
        case .pageLabel: (6, 0)
        case .structureTree: (7, 0)
        case .attachment: (8, 0)
        case .document: (9, 0)
        case .unreferenced: (10, 0)
        }
    }

    public static func < (lhs: PDFLayer, rhs: PDFLayer) -> Bool { lhs.rank < rhs.rank }
}
