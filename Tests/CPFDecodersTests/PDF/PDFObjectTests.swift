import Testing

@testable import CPFDecoders

@Suite("PDFObject")
struct PDFObjectTests {
    @Test("reads dictionary entries of dictionaries and streams, nothing of other objects")
    func subscripts() {
        let dictionary = PDFObject.dictionary(["Type": .name("Page"), "N": .integer(3)])
        #expect(dictionary["Type"]?.name == "Page")
        #expect(PDFObject.stream(["Length": .integer(5)], 0..<5)["Length"]?.integer == 5)
        #expect(PDFObject.array([.integer(1)])["Type"] == nil)
        #expect(dictionary["Missing"] == nil)
    }

    @Test(
        "converts numbers, keeping integers whole and refusing the rest",
        arguments: [
            (PDFObject.integer(7), 7 as Int?, 7.0 as Double?), (.real(2.9), 2, 2.9), (.real(.infinity), nil, .infinity),
            (.real(1e300), nil, 1e300), (.name("7"), nil, nil), (.null, nil, nil),
        ])
    func numbers(object: PDFObject, integer: Int?, number: Double?) {
        #expect(object.integer == integer)
        #expect(object.number == number)
    }

    @Test("gives the payload of each kind only to its own accessor")
    func accessors() {
        #expect(PDFObject.string([65]).string == [65])
        #expect(PDFObject.name("A").string == nil)
        #expect(PDFObject.array([]).array == [])
        #expect(PDFObject.dictionary([:]).array == nil)
        #expect(PDFObject.stream(["A": .null], 0..<0).dictionary == ["A": .null])
        #expect(PDFObject.reference(1, 0).dictionary == nil)
    }
}
