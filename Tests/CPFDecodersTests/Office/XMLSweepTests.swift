// Tests of XMLSweep.swift: every attribute value, text node, CDATA section
// and comment of an XML part, one a line, references decoded; never a
// failure on markup that is not well formed.

import Testing

@testable import CPFDecoders

@Suite("XMLSweep")
struct XMLSweepTests {
    static func sweep(_ xml: String) -> String {
        String(decoding: Array(xml.utf8).withUnsafeBytes { XMLSweep.text(of: $0) }, as: UTF8.self)
    }

    static let cases: [(String, String)] = [
        (#"<c r="A1"><f>"529.982.247-25"</f><v>0</v></c>"#, "A1\n\"529.982.247-25\"\n0\n"),
        (#"<a x='1' y="dois"/>"#, "1\ndois\n"),
        ("<w:t>CPF &#51;90.533.447-05</w:t>", "CPF 390.533.447-05\n"),
        ("<t>&lt;&amp;&gt;&quot;&apos;&#x41;&#x1F600;</t>", "<&>\"'A\u{1F600}\n"),
        ("<t>&nbsp;&#xD800;&#;&#x;&#12a;</t>", "&nbsp;&#xD800;&#;&#x;&#12a;\n"),
        ("<t><![CDATA[a &lt; b]]></t>", "a &lt; b\n"),
        ("<!-- CPF 390.533.447-05 --><t/>", " CPF 390.533.447-05 \n"),
        ("<?xml version=\"1.0\"?><t>x</t>", "xml version=\"1.0\"\nx\n"),
        ("<p>\n  <r/>\n</p>", ""),
        (#"<a href="x&#10;y">"#, "x\ny\n"),
        // Not well formed: read as far as it goes.
        (#"<a b="never ends"#, "never ends\n"),
        ("<a>text<b", "text\n"),
        ("<!-- open", " open\n"),
        ("text & more", "text & more\n"),
        ("", ""),
    ]

    @Test("each value is a line of its own, references decoded", arguments: cases)
    func values(_ xml: String, _ expected: String) {
        #expect(Self.sweep(xml) == expected)
    }

    @Test("every attribute value and text of random well-formed XML is a line of the sweep")
    func randomDocuments() {
        var random = SystemRandomNumberGenerator()
        let alphabet = Array("abc 0123456789.-/&<>\"'çã".unicodeScalars)
        func value() -> String {
            String(
                String.UnicodeScalarView(
                    (0..<Int.random(in: 1...12, using: &random)).map { _ in
                        alphabet.randomElement(using: &random)!
                    }))
        }
        func escaped(_ text: String) -> String {
            text.replacingAll("&", "&amp;").replacingAll("<", "&lt;").replacingAll(">", "&gt;")
                .replacingAll("\"", "&quot;").replacingAll("'", "&#39;")
        }
        for _ in 0..<200 {
            var xml = ""
            var expected: [String] = []
            for index in 0..<Int.random(in: 1...8, using: &random) {
                let attribute = value()
                let text = value()
                xml += "<e\(index) a=\"\(escaped(attribute))\">\(escaped(text))</e\(index)>"
                expected.append(attribute)
                if text.contains(where: { $0 != " " }) { expected.append(text) }
            }
            #expect(Self.sweep(xml) == expected.map { $0 + "\n" }.joined())
        }
    }
}

extension String {
    fileprivate func replacingAll(_ target: Character, _ replacement: String) -> String {
        var result = ""
        for character in self { if character == target { result += replacement } else { result.append(character) } }
        return result
    }
}
