import CPFTestSupport
import Foundation
import Testing

@testable import CPFDecoders

@Suite("JPEGImage redaction")
struct JPEGImageRedactionTests {
    /// Rectangles aligned and unaligned to the MCU grid, at the edges and corners.
    static func rectangles(width: Int, height: Int) -> [PixelRectangle] {
        [
            PixelRectangle(x: 16, y: 16, width: 32, height: 16),
            PixelRectangle(x: 37, y: 61, width: 51, height: 13),
            PixelRectangle(x: width - 21, y: height - 9, width: 40, height: 40),
            PixelRectangle(x: -5, y: 3, width: 12, height: 7),
        ]
    }

    /// Redacts `bytes` and checks every block, what Pillow and djpeg read back.
    static func check(_ bytes: [UInt8], rectangles: [PixelRectangle]) throws {
        let original = try JPEGImage(bytes)
        let redacted = try JPEGImage.redacting(bytes, rectangles: rectangles)
        let again = try JPEGImage(redacted)
        #expect(again.components == original.components)
        for (index, component) in original.components.enumerated() {
            var touched = Set<Int>()
            for rectangle in rectangles {
                guard let (rows, columns) = original.blocks(touchedBy: rectangle, component: index) else { continue }
                for row in rows { for column in columns { touched.insert(row * component.blocksPerLine + column) } }
            }
            #expect(!touched.isEmpty)
            var differing = 0
            for row in 0..<component.codedRows {
                for column in 0..<component.codedColumns {
                    let block = again.block(component: index, row: row, column: column)
                    if touched.contains(row * component.blocksPerLine + column) {
                        if block != [original.darkDC[index]] + [Int16](repeating: 0, count: 63) {
                            differing += 1
                        }
                    } else if block != original.block(component: index, row: row, column: column) {
                        differing += 1
                    }
                }
            }
            #expect(differing == 0, "component \(index)")
        }
        let inside = rectangles.map { rectangle -> PixelRectangle in
            let left = max(0, rectangle.x)
            let top = max(0, rectangle.y)
            return PixelRectangle(
                x: left, y: top, width: min(original.width, rectangle.x + rectangle.width) - left,
                height: min(original.height, rectangle.y + rectangle.height) - top)
        }
        let means = try JPEGSamples.pillowMeans(redacted, rectangles: inside)
        #expect(Array(means.prefix(2)) == [original.width, original.height])
        for mean in means.dropFirst(2) { #expect(mean < 1_200, "mean luma ×100 inside a rectangle") }
        let outcome = try runTool("djpeg > /dev/null", input: redacted)
        #expect(outcome.status == 0 && outcome.errors.isEmpty, "\(outcome.errors)")
    }

    static let pillowCases: [(String, Bool)] = [
        ("quality=50, subsampling=2", false), ("quality=75, subsampling=2", false),
        ("quality=95, subsampling=0", false), ("quality=75, subsampling=1", false),
        ("quality=75, subsampling=2, optimize=True", false), ("quality=95, subsampling=0, optimize=True", false),
        ("quality=30, subsampling=2, optimize=True", false), ("quality=100, subsampling=0", false),
        ("quality=75", true), ("quality=90, optimize=True", true),
    ]

    @Test(
        "a Pillow JPEG redacted: blocks outside kept, inside dark, read back by Pillow and djpeg",
        .enabled(if: JPEGSamples.hasPillow && InstalledTool.areInstalled("djpeg"), "Pillow or djpeg missing"),
        arguments: pillowCases)
    func pillow(options: String, grey: Bool) throws {
        let bytes = try JPEGSamples.pillowJPEG(width: 203, height: 141, grey: grey, options: options)
        try Self.check(bytes, rectangles: Self.rectangles(width: 203, height: 141))
    }

    @Test(
        "a cjpeg JPEG redacted: restart markers, optimized tables, several scans",
        .enabled(if: JPEGSamples.hasPillow && InstalledTool.areInstalled("cjpeg", "djpeg"), "cjpeg missing"),
        arguments: [
            "-quality 75", "-restart 1", "-restart 1 -optimize", "-optimize", "-quality 90 -sample 1x1",
            "-quality 60 -sample 2x1", "-grayscale -restart 3", "-restart 2B", "-quality 100",
            "-sample 2x2,1x1,1x1 -restart 1", "-rgb", "-sample 1x2",
        ])
    func cjpeg(arguments: String) throws {
        let bytes = try JPEGSamples.cjpegJPEG(width: 190, height: 133, arguments: arguments)
        try Self.check(bytes, rectangles: Self.rectangles(width: 190, height: 133))
    }

    @Test(
        "a sequential file of one scan per component is redacted too",
        .enabled(if: JPEGSamples.hasPillow && InstalledTool.areInstalled("cjpeg", "djpeg"), "cjpeg missing"))
    func severalScans() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cpf-jpeg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("scans.txt")
        try Data("0: 0 63 0 0;\n1: 0 63 0 0;\n2: 0 63 0 0;\n".utf8).write(to: script)
        let bytes = try JPEGSamples.cjpegJPEG(
            width: 150, height: 99, arguments: "-restart 1 -scans '\(script.path)'")
        #expect(bytes.indices.dropLast().filter { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA }.count == 3)
        try Self.check(bytes, rectangles: Self.rectangles(width: 150, height: 99))
    }

    @Test(
        "libjpeg-turbo's test images redacted",
        .enabled(if: JPEGSamples.hasPillow && InstalledTool.areInstalled("djpeg"), "Pillow or djpeg missing"),
        arguments: ["testorig.jpg", "testimgint.jpg"])
    func fixtures(name: String) throws {
        let bytes = try JPEGSamples.fixture(name)
        let image = try JPEGImage(bytes)
        try Self.check(bytes, rectangles: Self.rectangles(width: image.width, height: image.height))
    }

    @Test("a rectangle touches the blocks of each component's own grid")
    func touchedBlocks() throws {
        guard JPEGSamples.hasPillow else { return }
        let bytes = try JPEGSamples.pillowJPEG(width: 64, height: 48, options: "subsampling=2")
        let image = try JPEGImage(bytes)
        let box = PixelRectangle(x: 15, y: 16, width: 2, height: 1)
        #expect(image.blocks(touchedBy: box, component: 0)! == (2..<3, 1..<3))
        #expect(image.blocks(touchedBy: box, component: 1)! == (1..<2, 0..<2))
        #expect(image.blocks(touchedBy: PixelRectangle(x: 64, y: 0, width: 5, height: 5), component: 0) == nil)
        #expect(image.blocks(touchedBy: PixelRectangle(x: 3, y: 3, width: 0, height: 5), component: 0) == nil)
    }

    @Test("a dark luma block decodes to sample 0: DC round(-1024 / Q0), chroma DC 0")
    func darkBlock() throws {
        guard JPEGSamples.hasPillow else { return }
        let bytes = try JPEGSamples.pillowJPEG(width: 32, height: 32, options: "quality=50, subsampling=0")
        var image = try JPEGImage(bytes)
        image.redact([PixelRectangle(x: 0, y: 0, width: 1, height: 1)])
        // Pillow's quality-50 luma table starts with 16: -1024 / 16 = -64.
        #expect(image.block(component: 0, row: 0, column: 0) == [-64] + [Int16](repeating: 0, count: 63))
        #expect(image.block(component: 1, row: 0, column: 0) == [Int16](repeating: 0, count: 64))
    }

    @Test(
        "an RGB file (Adobe transform 0) is made black in every component",
        .enabled(if: JPEGSamples.hasPillow && InstalledTool.areInstalled("cjpeg"), "cjpeg missing"))
    func rgb() throws {
        let bytes = try JPEGSamples.cjpegJPEG(width: 40, height: 24, arguments: "-rgb -quality 50")
        let image = try JPEGImage(bytes)
        #expect(image.components.map(\.identifier) == [0x52, 0x47, 0x42])
        #expect(image.darkDC.allSatisfy { $0 < 0 })
    }
}
