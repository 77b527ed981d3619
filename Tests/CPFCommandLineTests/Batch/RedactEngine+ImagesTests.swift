// Tests of Batch/RedactEngine+Images.swift: the margin and rectangles
// painted for an OCR match, and images through the engine with an OCR
// engine that is a shell script (its first run reads a CPF, later runs what
// the test says): a PNG and a JPEG painted, every other pixel or block kept;
// a CPF read only by the second run painted in a second round; the proof
// that refuses an image still read with a CPF; TIFF refused; no
// engine and --no-ocr named not searched.

import CPFDecoders
import CPFKit
import CPFSystem
import CPFTestSupport
import Foundation
import Testing

@testable import CPFCommandLine

@Suite("RedactEngine+Images")
struct RedactEngineImagesTests {
    static let header =
        "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext\n"
    /// A table with `CPF 390.533.447-05 Maria`, the CPF's word at (40, 20) 100×20 pixels.
    static let table =
        header + "5\t1\t1\t1\t1\t1\t2\t20\t30\t20\t95\tCPF\n"
        + "5\t1\t1\t1\t1\t2\t40\t20\t100\t20\t91\t390.533.447-05\n"
        + "5\t1\t1\t1\t1\t3\t150\t20\t40\t20\t95\tMaria\n"

    /// The table of a mistyped CPF, `Telefone 899.418.694-78`, its number's word at (40, 40) 100×10 pixels.
    static let mistyped =
        header + "5\t1\t1\t1\t1\t1\t2\t40\t30\t10\t95\tTelefone\n"
        + "5\t1\t1\t1\t1\t2\t40\t40\t100\t10\t91\t899.418.694-78\n"

    /// A folder with `engine`, an OCR engine that prints `first.tsv` on its
    /// first run, `second.tsv` (if given) on its second, and `later.tsv` on
    /// every other; it counts its runs in the file `runs`.
    static func fakeEngine(first: String, second: String? = nil, later: String) throws -> (OCREngine, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cpf-ocr-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let script = """
            #!/bin/sh
            if [ "$1" = --list-langs ]; then printf 'List of available languages (1):\\npor\\n'; exit 0; fi
            d=$(dirname "$0"); cat > /dev/null
            n=$(cat "$d/runs" 2> /dev/null || echo 0); echo $((n + 1)) > "$d/runs"
            if [ "$n" = 0 ]; then cat "$d/first.tsv"
            elif [ "$n" = 1 ] && [ -e "$d/second.tsv" ]; then cat "$d/second.tsv"
            else cat "$d/later.tsv"; fi

            """
        let engine = folder.appendingPathComponent("engine")
        try makeExecutableScript(at: engine, contents: script)
        try first.write(to: folder.appendingPathComponent("first.tsv"), atomically: true, encoding: .utf8)
        try second?.write(to: folder.appendingPathComponent("second.tsv"), atomically: true, encoding: .utf8)
        try later.write(to: folder.appendingPathComponent("later.tsv"), atomically: true, encoding: .utf8)
        return (OCREngine(program: RawText(engine.path)), folder)
    }

    /// How many times the engine in `folder` ran (its languages asked not counted).
    static func runs(_ folder: URL) -> String? {
        try? String(contentsOf: folder.appendingPathComponent("runs"), encoding: .utf8)
    }

    /// An RGB PNG of 200×60 pixels, every pixel a different grey-blue.
    static func samplePNGImage() throws -> [UInt8] {
        var pixels: [UInt8] = []
        for y in 0..<60 {
            for x in 0..<200 { pixels += [UInt8(x), UInt8(y * 4), 200] }
        }
        return try PNGImage(width: 200, height: 60, colorType: .rgb, bitDepth: 8, pixels: pixels).encoded()
    }

    /// Runs `engine.redact` on `bytes` with images read by `reading`; the output.
    static func redacted(
        _ bytes: [UInt8], reading: FindEngine.ImageReading, style: RedactEngine.Style = .hidden(.full)
    ) throws -> (output: [UInt8], hidden: Int) {
        var hidden = 0
        let output = try capturedOutput(capacity: 1 << 20) { out in
            let engine = RedactEngine(style: style, context: Context(), output: out)
            engine.images = reading
            try withFileDescriptor(containing: bytes) { try engine.redact($0) }
            hidden = engine.redactedCount
        }
        return (output, hidden)
    }

    @Test("the margin is 15 % of the box's height, rounded up, and at least 2 pixels")
    func margin() {
        #expect(RedactEngine.margin(forHeight: 0) == 2)
        #expect(RedactEngine.margin(forHeight: 10) == 2)
        #expect(RedactEngine.margin(forHeight: 20) == 3)
        #expect(RedactEngine.margin(forHeight: 32) == 5)
        #expect(RedactEngine.margin(forHeight: 100) == 15)
    }

    @Test("the rectangles are the boxes of the match's words, grown by the margin, a word shared by two matches once")
    func rectangles() throws {
        let text = OCRText(try TesseractTSV(parsing: Array(Self.table.utf8)))
        #expect(
            RedactEngine.rectangles(covering: [4..<18], in: text) == [
                PixelRectangle(x: 37, y: 17, width: 106, height: 26)
            ])
        #expect(RedactEngine.rectangles(covering: [0..<5, 4..<20], in: text).count == 3)
        #expect(RedactEngine.rectangles(covering: [], in: text).isEmpty)
        #expect(RedactEngine.rectangles(covering: [100..<110], in: text).isEmpty)
    }

    @Test("hiddenRanges gives the matches redaction hides, at the confidence asked for")
    func hiddenRanges() {
        let engine = RedactEngine(style: .hidden(.full), minimumConfidence: .high, context: Context(), output: nil)
        #expect(engine.hiddenRanges(in: Array("CPF 390.533.447-05 e 111.444.777-36".utf8)) == [4..<18, 21..<35])
        #expect(engine.hiddenRanges(in: Array("nota 39053344705".utf8)).isEmpty)
    }

    @Test("a PNG's pixels under the CPF's box are painted black, every other pixel kept")
    func png() throws {
        let (engine, folder) = try Self.fakeEngine(first: Self.table, later: Self.header)
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = try Self.samplePNGImage()
        let (output, hidden) = try Self.redacted(png, reading: .engine(engine))
        #expect(hidden == 1)
        let before = try PNGImage(png)
        let after = try PNGImage(output)
        let box = PixelRectangle(x: 37, y: 17, width: 106, height: 26)
        for y in 0..<60 {
            for x in 0..<200 {
                let inside = x >= box.x && x < box.x + box.width && y >= box.y && y < box.y + box.height
                #expect(after.rgba8(x: x, y: y) == (inside ? SIMD4(0, 0, 0, 255) : before.rgba8(x: x, y: y)))
            }
        }
    }

    @Test("a JPEG's blocks under the box are made flat, every other block's coefficients kept")
    func jpeg() throws {
        let (engine, folder) = try Self.fakeEngine(first: Self.table, later: Self.header)
        defer { try? FileManager.default.removeItem(at: folder) }
        let jpeg = try [UInt8](Data(contentsOf: Self.fixture("testorig.jpg")))
        let (output, hidden) = try Self.redacted(jpeg, reading: .engine(engine))
        #expect(hidden == 1)
        let before = try JPEGImage(jpeg)
        let after = try JPEGImage(output)
        let box = PixelRectangle(x: 37, y: 17, width: 106, height: 26)
        var changed = 0
        for component in before.components.indices {
            let touched = before.blocks(touchedBy: box, component: component)
            let grid = before.components[component]
            for row in 0..<grid.codedRows {
                for column in 0..<grid.codedColumns {
                    let under = touched.map { $0.rows.contains(row) && $0.columns.contains(column) } ?? false
                    let old = before.block(component: component, row: row, column: column)
                    let new = after.block(component: component, row: row, column: column)
                    if under {
                        #expect(new.dropFirst().allSatisfy { $0 == 0 })
                        changed += 1
                    } else {
                        #expect(new == old, "component \(component) block \(row), \(column)")
                    }
                }
            }
        }
        #expect(changed > 0)
    }

    @Test("a CPF the fresh run reads that the first did not is painted too, and the image read again")
    func secondRound() throws {
        // Tesseract read the decoy beside the CPF otherwise once the CPF was painted (a page of issue 41's corpus).
        let (engine, folder) = try Self.fakeEngine(first: Self.table, second: Self.mistyped, later: Self.header)
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = try Self.samplePNGImage()
        let (output, hidden) = try Self.redacted(png, reading: .engine(engine))
        #expect(hidden == 2)
        #expect(Self.runs(folder) == "3\n")
        let before = try PNGImage(png)
        let after = try PNGImage(output)
        let boxes = [
            PixelRectangle(x: 37, y: 17, width: 106, height: 26), PixelRectangle(x: 38, y: 38, width: 104, height: 14),
        ]
        for y in 0..<60 {
            for x in 0..<200 {
                let inside = boxes.contains { x >= $0.x && x < $0.x + $0.width && y >= $0.y && y < $0.y + $0.height }
                #expect(after.rgba8(x: x, y: y) == (inside ? SIMD4(0, 0, 0, 255) : before.rgba8(x: x, y: y)))
            }
        }
    }

    @Test("an image the engine still reads a CPF in is not rewritten, nothing written")
    func proof() throws {
        let (engine, folder) = try Self.fakeEngine(first: Self.table, later: Self.table)
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = try Self.samplePNGImage()
        _ = capturedOutput { out in
            let redact = RedactEngine(style: .hidden(.full), context: Context(), output: out)
            redact.images = .engine(engine)
            #expect(throws: InputFailure.notRewritten("the OCR engine still reads a CPF in the image written")) {
                try withFileDescriptor(containing: png) { try redact.redact($0) }
            }
            #expect(redact.redactedCount == 0)
        }
        // Read once, then painted and read again three times.
        #expect(Self.runs(folder) == "\(1 + RedactEngine.paintingRounds)\n")
    }

    @Test("an image with nothing to hide is copied as it is; TIFF with a CPF refused; no engine, not searched")
    func refusals() throws {
        let png = try Self.samplePNGImage()
        let (nothing, folder) = try Self.fakeEngine(first: Self.header, later: Self.header)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try Self.redacted(png, reading: .engine(nothing)) == (png, 0))
        let (reads, other) = try Self.fakeEngine(first: Self.table, later: Self.header)
        defer { try? FileManager.default.removeItem(at: other) }
        let tiff: [UInt8] = [0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0, 0, 0]
        for (bytes, reading, expected) in [
            (tiff, FindEngine.ImageReading.engine(reads), InputFailure.notRewritten("TIFF images are not rewritten")),
            (png, .noEngine, .notSearched("no OCR engine (install tesseract-ocr)")),
            (png, .refused, .notSearched("PNG image not read by OCR (--no-ocr)")),
        ] {
            let output = capturedOutput { out in
                let engine = RedactEngine(style: .hidden(.full), context: Context(), output: out)
                engine.images = reading
                #expect(throws: expected) { try withFileDescriptor(containing: bytes) { try engine.redact($0) } }
            }
            #expect(output.isEmpty)
        }
    }

    @Test("a CPF in a JPEG's comment is hidden where it stands, beside the pixels")
    func jpegComment() throws {
        let (engine, folder) = try Self.fakeEngine(first: Self.header, later: Self.header)
        defer { try? FileManager.default.removeItem(at: folder) }
        var jpeg = try [UInt8](Data(contentsOf: Self.fixture("testorig.jpg")))
        let comment = Array("CPF 390.533.447-05".utf8)
        jpeg.insert(contentsOf: [0xFF, 0xFE, 0, UInt8(comment.count + 2)] + comment, at: 2)
        let (output, hidden) = try Self.redacted(jpeg, reading: .engine(engine))
        #expect(hidden == 1)
        #expect(Array(output[6..<24]) == Array("CPF ***.***.***-**".utf8))
        #expect(output.count == jpeg.count)
    }

    /// A JPEG file of Tests/CPFDecodersTests/Fixtures/JPEG.
    static func fixture(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("CPFDecodersTests/Fixtures/JPEG/\(name)")
    }

    @Test(
        """
        an image held in memory (a member, an attachment) is read by the engine, painted over in the bytes given \
        and proved; nil when its pixels hold nothing; not rewritten when a fresh run still reads a CPF
        """)
    func heldImage() throws {
        let png = try Self.samplePNGImage()
        let (engine, folder) = try Self.fakeEngine(first: Self.table, later: Self.header)
        defer { try? FileManager.default.removeItem(at: folder) }
        let redact = RedactEngine(style: .hidden(.full), context: Context(), output: nil)
        redact.images = .engine(engine)
        let painted = try #require(try redact.redactPixels(of: png, in: png, format: .png, hiddenInBytes: 0))
        #expect(painted.count == 1)
        #expect(try PNGImage(painted.bytes).rgba8(x: 50, y: 25) == SIMD4(0, 0, 0, 255))
        #expect(try PNGImage(painted.bytes).rgba8(x: 150, y: 50) == PNGImage(png).rgba8(x: 150, y: 50))
        // The engine's later runs read nothing: the image holds nothing to paint.
        #expect(try redact.redactPixels(of: png, in: png, format: .png, hiddenInBytes: 0) == nil)
        let (stubborn, other) = try Self.fakeEngine(first: Self.table, later: Self.table)
        defer { try? FileManager.default.removeItem(at: other) }
        redact.images = .engine(stubborn)
        #expect(throws: InputFailure.notRewritten("the OCR engine still reads a CPF in the image written")) {
            try redact.redactPixels(of: png, in: png, format: .png, hiddenInBytes: 0)
        }
    }

    @Test("the image counter hands over what the engine reads and names why it cannot read; none without images")
    func imageCounter() throws {
        let (engine, folder) = try Self.fakeEngine(first: Self.table, later: Self.table)
        defer { try? FileManager.default.removeItem(at: folder) }
        let redact = RedactEngine(style: .hidden(.full), context: Context(), output: nil)
        #expect(redact.imageCounter { _ in } == nil)
        var found: [Int] = []
        for (reading, reason) in [
            (FindEngine.ImageReading.engine(engine), String?.none),
            (.noEngine, "no OCR engine (install tesseract-ocr)"), (.refused, "JPEG image not read by OCR (--no-ocr)"),
        ] {
            redact.images = reading
            let counter = try #require(redact.imageCounter { found.append($0) })
            #expect(counter(Array("media/a.jpg".utf8), .jpeg, [0xFF, 0xD8, 0xFF]) == reason)
        }
        #expect(found == [1])
    }
}
