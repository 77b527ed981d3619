// Tests of Batch/ArchiveRedactor+Office.swift: the parts whose attributes
// are references, and where a CPF in one may be hidden.

import CPFDecoders
import CPFKit
import CPFSystem
import CPFTestSupport
import Testing

@testable import CPFCommandLine

@Suite("ArchiveRedactor+Office")
struct ArchiveRedactorOfficeTests {
    @Test("relationships, content types and an OpenDocument manifest are the parts whose attributes are references")
    func referenceParts() {
        for name in ["_rels/.rels", "word/_rels/document.xml.RELS", "[Content_Types].xml", "META-INF/manifest.xml"] {
            #expect(ArchiveRedactor.isReferencePart(Array(name.utf8)), "\(name)")
        }
        for name in ["word/settings.xml", "customXml/item1.xml", ".rels", "manifest.rdf"] {
            #expect(!ArchiveRedactor.isReferencePart(Array(name.utf8)), "\(name)")
        }
    }

    static let references: [(xml: String, hideable: Bool)] = [
        (#"<Relationship Id="r1" Target="https://x/?c=52998224725" TargetMode="External"/>"#, true),
        (#"<Relationship Id='r1' TargetMode='External' Target='mailto:52998224725@x'/>"#, true),
        (#"<Relationship Id="r1" Target="media/52998224725.png"/>"#, false),
        (#"<Relationship Id="r52998224725" Target="https://x/" TargetMode="External"/>"#, false),
        (#"<Override PartName="/word/52998224725.xml" ContentType="a/b"/>"#, false),
        (#"<Types><!-- 52998224725 --></Types>"#, true),
        (#"<Types>52998224725</Types>"#, true),
    ]

    @Test(
        "in a reference part, a CPF is hidden only in character data, a comment or an external target",
        arguments: references)
    func hideableInReferencePart(xml: String, hideable: Bool) throws {
        let bytes = Array(xml.utf8)
        let range = try #require(CPFScanner.matches(in: bytes, minimumConfidence: .low).first?.range)
        #expect(bytes.withUnsafeBytes { ArchiveRedactor.isHideableInReferencePart($0, range) } == hideable)
    }
}
