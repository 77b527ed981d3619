import Testing

@testable import CPFDecoders

@Suite("PDFStandardFontMetrics")
struct PDFStandardFontMetricsTests {
    @Test(
        "gives the Core 14 AFM widths of a standard font's characters, by the font's name",
        arguments: [
            ("Helvetica", "D", 722.0), ("Helvetica", " ", 278), ("Helvetica", ".", 278), ("Helvetica", "5", 556),
            ("Helvetica-Oblique", "ç", 500), ("ABCDEF+Helvetica-Bold", "t", 333), ("Arial,Bold", "D", 722),
            ("Arial", "€", 556), ("Times-Roman", " ", 250), ("Times-Roman", "A", 722), ("Times-Bold", "A", 722),
            ("Times-Italic", "A", 611), ("Times-BoldItalic", "A", 667), ("TimesNewRoman,Italic", "m", 722),
            ("Courier", "W", 600), ("Courier-BoldOblique", " ", 600), ("CourierNew", "ã", 600),
        ] as [(String, Unicode.Scalar, Double)])
    func widths(font: String, scalar: Unicode.Scalar, width: Double) throws {
        #expect(try #require(PDFStandardFontMetrics(baseFont: font)).width(of: scalar) == width)
    }

    @Test("knows no width outside Windows-1252, and no metrics for other fonts, Symbol or ZapfDingbats")
    func unknown() {
        #expect(PDFStandardFontMetrics(baseFont: "Helvetica")?.width(of: "中") == nil)
        #expect(PDFStandardFontMetrics(baseFont: "Helvetica")?.width(of: "\u{1}") == nil)
        for name in ["Garamond", "Symbol", "ZapfDingbats", "", "ABCDEF+"] {
            #expect(PDFStandardFontMetrics(baseFont: name) == nil, "\(name)")
        }
    }
}
