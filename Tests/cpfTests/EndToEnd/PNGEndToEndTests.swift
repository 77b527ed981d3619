// End-to-end tests of PNG images in `find` and `redact` (issue 38): the
// text chunks (tEXt, zTXt, iTXt compressed or not) read and searched, named
// `FILE!TYPE:KEYWORD`; `redact` rewrites the chunks that hold a CPF with
// their length and CRC made anew, and the image written by Pillow still
// opens in Pillow with the same pixels, its image data byte for byte.

import CPFTestSupport
import Foundation
import Testing

@Suite("cpf find and redact: PNG text chunks")
struct PNGEndToEndTests {
    /// The Python with Pillow: the documents' Python (see ``DocumentEndToEndTests/python``).
    static let python = DocumentEndToEndTests.python
    // find reads a PNG's pixels with Tesseract too: without it, every PNG is named not searched.
    static let tools = python != nil && InstalledTool.areInstalled("cmp", "tesseract")

    /// Runs `script` in a new folder with `$PY` (the Python with Pillow), and
    /// `makepng` and `checkpng` defined.
    static func sh(_ script: String) -> (status: Int32, stdout: Data, stderr: String) {
        runShell(
            "cd \"$(mktemp -d)\" && PY='\(python ?? "python3")' && \(makePNG)\n\(checkPNG)\n\(script)", timeout: 60)
    }

    /// `makepng`: writes `photo.png` with Pillow: 40×30 pixels, a CPF in a
    /// tEXt chunk, a zTXt chunk (Latin-1 text), an iTXt chunk (with a
    /// language tag and a translated keyword, the CPF on its second line)
    /// and a compressed iTXt chunk.
    static let makePNG = #"""
        makepng() { "$PY" - <<'EOF'
        from PIL import Image, PngImagePlugin
        im = Image.new("RGB", (40, 30))
        im.putdata([((x * 7) % 256, (y * 9) % 256, (x * y) % 256) for y in range(30) for x in range(40)])
        info = PngImagePlugin.PngInfo()
        info.add_text("Comment", "cliente CPF 390.533.447-05 fim")
        info.add_text("Author", "Jos\u00e9 CPF 529.982.247-25", zip=True)
        info.add_itxt("Description", "t\u00edtulo\nCPF 111.444.777-35", lang="pt-BR", tkey="Descri\u00e7\u00e3o")
        info.add_itxt("Source", "CPF 390.533.447-05 " + "x" * 200, zip=True)
        im.save("photo.png", pnginfo=info)
        EOF
        }
        """#

    /// `checkpng FILE ORIGINAL`: prints whether every chunk's CRC is right,
    /// whether the image data chunks are byte for byte the original's,
    /// whether Pillow opens it with the same pixels, and its texts.
    static let checkPNG = #"""
        checkpng() { "$PY" - "$1" "$2" <<'EOF'
        import struct, sys, zlib
        from PIL import Image
        def chunks(path):
            b = open(path, "rb").read()
            o, out = 8, []
            while o < len(b):
                n, t = struct.unpack(">I4s", b[o:o + 8])
                data, crc = b[o + 8:o + 8 + n], struct.unpack(">I", b[o + 8 + n:o + 12 + n])[0]
                out.append((t, data, zlib.crc32(t + data) == crc))
                o += 12 + n
            return out
        new, old = chunks(sys.argv[1]), chunks(sys.argv[2])
        print("crc", all(ok for _, _, ok in new))
        print("idat", [d for t, d, _ in new if t == b"IDAT"] == [d for t, d, _ in old if t == b"IDAT"])
        a, b = Image.open(sys.argv[1]), Image.open(sys.argv[2])
        a.load(); b.load()
        print("pixels", a.tobytes() == b.tobytes())
        for key, value in sorted(a.text.items()):
            print(key, repr(str(value)))
        EOF
        }
        """#

    @Test(
        "find reads every text chunk of a PNG, compressed or not, as FILE!TYPE:KEYWORD:LINE:COLUMN",
        .enabled(if: tools))
    func findReadsTextChunks() {
        let result = Self.sh("makepng && \"$CPF\" find photo.png; echo \"status $?\"")
        #expect(
            outputLines(result.stdout) == [
                "photo.png!tEXt:Comment:1:13: 390.533.447-05",
                "photo.png!zTXt:Author:1:11: 529.982.247-25",
                "photo.png!iTXt:Description:pt-BR:Descrição:2:5: 111.444.777-35",
                "photo.png!iTXt:Source:1:5: 390.533.447-05",
                "status 0",
            ], "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let json = Self.sh("makepng && \"$CPF\" find --json photo.png")
        let objects = jsonObjects(json.stdout)
        #expect(objects.map { $0["source"] as? String } == Array(repeating: "photo.png", count: 4))
        #expect(objects.map { $0["member"] as? String }.first == "tEXt:Comment")
    }

    @Test(
        "redact --in-place hides the CPFs of every text chunk: CRCs right, image data byte for byte, Pillow opens it",
        .enabled(if: tools))
    func redactRewritesTextChunks() {
        let result = Self.sh(
            """
            makepng && cp photo.png before.png
            "$CPF" redact --in-place photo.png; echo "status $?"
            checkpng photo.png before.png
            "$CPF" find --confidence low --include-invalid photo.png; echo "find $?"
            "$CPF" redact photo.png | cmp - photo.png && echo "nothing left to hide"
            """)
        #expect(
            outputLines(result.stdout) == [
                "status 0", "crc True", "idat True", "pixels True",
                "Author 'José CPF ***.***.***-**'",
                "Comment 'cliente CPF ***.***.***-** fim'",
                "Description 'título\\nCPF ***.***.***-**'",
                "Source 'CPF ***.***.***-** " + String(repeating: "x", count: 200) + "'",
                "find 1", "nothing left to hide",
            ], "\(result.stderr)")
        #expect(result.stderr == "cpf: redacted photo.png (4 hidden)\n")
    }

    @Test(
        "redact to standard output writes the PNG with its text chunks rewritten, the original untouched",
        .enabled(if: tools))
    func redactToStandardOutput() {
        let result = Self.sh(
            """
            makepng && cp photo.png before.png
            "$CPF" redact --style lgpd photo.png > out.png; echo "status $?"
            cmp photo.png before.png && echo untouched
            checkpng out.png before.png | head -3
            "$PY" -c 'from PIL import Image; print(Image.open("out.png").text["Comment"])'
            """)
        #expect(
            outputLines(result.stdout) == [
                "status 0", "untouched", "crc True", "idat True", "pixels True", "cliente CPF ***.533.447-** fim",
            ], "\(result.stderr)")
    }

    @Test(
        "a CPF in a chunk that is not text is found and the PNG left as it was, named, exit 2",
        .enabled(if: tools))
    func otherChunksAreRefused() {
        // A private chunk (prVt) with a CPF, added before IEND with its CRC.
        let result = Self.sh(
            #"""
            makepng && "$PY" - <<'EOF'
            import struct, zlib
            b = open("photo.png", "rb").read()
            data = b"CPF 390.533.447-05"
            chunk = struct.pack(">I", len(data)) + b"prVt" + data + struct.pack(">I", zlib.crc32(b"prVt" + data))
            open("private.png", "wb").write(b[:-12] + chunk + b[-12:])
            EOF
            cp private.png before.png
            "$CPF" find private.png | tail -1
            "$CPF" redact --in-place private.png; echo "status $?"; cmp private.png before.png && echo untouched
            """#)
        #expect(
            outputLines(result.stdout) == ["private.png!prVt:1:5: 390.533.447-05", "status 2", "untouched"],
            "\(result.stderr)")
        #expect(
            result.stderr
                == "cpf: private.png: not rewritten: member prVt: a CPF in a chunk that is not text, "
                + "which redact does not rewrite\n")
    }

    @Test("a damaged PNG is named not searched, exit 2, never passed as clean", .enabled(if: tools))
    func damagedPNGIsNamed() {
        let result = Self.sh(
            """
            makepng && head -c 100 photo.png > cut.png
            "$CPF" find cut.png; echo "find $?"
            "$CPF" redact --in-place cut.png; echo "redact $?"
            """)
        #expect(outputLines(result.stdout) == ["find 2", "redact 2"])
        #expect(
            result.stderr
                == String(
                    repeating: "cpf: cut.png: not searched: PNG cut short (a chunk runs past the end of the file)\n",
                    count: 2))
    }
}
