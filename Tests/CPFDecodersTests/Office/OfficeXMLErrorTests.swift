// Tests of OfficeXMLError.swift: each error reads as an English fragment
// (it becomes the "not searched: REASON" text).

import Testing

@testable import CPFDecoders

@Suite("OfficeXMLError")
struct OfficeXMLErrorTests {
    static let descriptions: [(OfficeXMLError, String)] = [
        (.partTooLarge(size: 300, limit: 200), "an XML part of 300 bytes, over the limit of 200"),
        (.notUTF8(offset: 0), "an XML part that is not UTF-8 (at byte 0)"),
        (
            .malformed(offset: 12, .mismatchedEndTag),
            "malformed XML at byte 12: an end tag that does not match its start tag"
        ),
        (
            .malformed(offset: 0, .documentTypeDeclaration),
            "malformed XML at byte 0: a document type declaration (Office parts have none)"
        ),
        (.nestingTooDeep(offset: 5, limit: 1024), "XML elements nested deeper than 1024 at byte 5"),
        (.invalidRange(3..<9), "a text range 3..<9 outside the text or not on character boundaries"),
        (.overlappingRanges(0..<3, 2..<4), "text ranges 0..<3 and 2..<4 overlap"),
        (.invalidReplacement(0..<1), "the replacement of 0..<1 is not UTF-8 or holds a character XML does not allow"),
        (.replacesStructure(4..<6), "the replacement of 4..<6 changes a line break between paragraphs or cells"),
    ]

    @Test("errors read as English fragments", arguments: descriptions)
    func describes(_ error: OfficeXMLError, _ text: String) {
        #expect(error.description == text)
    }

    static let problems: [OfficeXMLError.Problem] = [
        .unexpectedEnd, .invalidName, .invalidAttribute, .mismatchedEndTag, .unknownEntity,
        .invalidCharacterReference, .undeclaredPrefix, .documentTypeDeclaration, .contentOutsideRootElement,
        .noRootElement, .invalidCharacter, .tooManyNamespaceDeclarations,
    ]

    @Test("every problem has its own description")
    func problemsAreDistinct() {
        let descriptions = Set(Self.problems.map(\.description))
        #expect(descriptions.count == Self.problems.count)
        #expect(!descriptions.contains(""))
    }
}
