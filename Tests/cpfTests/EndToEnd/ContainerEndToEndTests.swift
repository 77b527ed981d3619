// End-to-end tests of containers known by their content, not their first
// byte (issue 38, item 4; docs/reference.md, "Archives and documents"):
// self-extracting zips, PDFs with bytes before `%PDF-`, zips with two end
// records, and tar archives, made with Info-ZIP, reportlab and Python's
// zipfile, tarfile and gzip, and read back by unzip, tar and Python.

import CPFTestSupport
import Foundation
import Testing

@Suite("cpf find and redact: containers by content")
struct ContainerEndToEndTests {
    static let tools = InstalledTool.areInstalled("zip", "unzip", "tar", "python3", "cmp")
    static let pdfTools = tools && DocumentEndToEndTests.python != nil

    /// Writes `inner.zip` (`a.txt`: 300 lines, then a CPF; deflated, so the
    /// CPF is not in the archive's bytes) and `sfx.zip`, a shell script
    /// stub before it, as `cat stub inner.zip` makes one.
    static let makeSFX = """
        i=0; while [ $i -lt 300 ]; do echo "linha $i nada aqui"; i=$((i+1)); done > a.txt &&
        echo 'CPF 390.533.447-05' >> a.txt && zip -q inner.zip a.txt && rm a.txt &&
        { printf '#!/bin/sh\\necho stub\\nexit 0\\n'; cat inner.zip; } > sfx.zip
        """

    @Test(
        "a self-extracting zip (a stub before the first member) is searched as ARCHIVE!MEMBER",
        .enabled(if: tools))
    func findsInSelfExtractingZip() {
        let result = runShell("cd \"$(mktemp -d)\" && \(Self.makeSFX) && \"$CPF\" find sfx.zip; echo \"status $?\"")
        #expect(outputLines(result.stdout) == ["sfx.zip!a.txt:301:5: 390.533.447-05", "status 0"])
        #expect(result.stderr == "")
    }

    @Test(
        "redact rewrites a self-extracting zip keeping its stub byte for byte; unzip and Python read it",
        .enabled(if: tools))
    func redactsSelfExtractingZip() {
        let result = runShell(
            #"""
            cd "$(mktemp -d)" && \#(Self.makeSFX) && head -c 27 sfx.zip > stub &&
            "$CPF" redact --in-place sfx.zip && unzip -tq sfx.zip >/dev/null && head -c 27 sfx.zip | cmp - stub &&
            sh sfx.zip && unzip -p sfx.zip | tail -1 &&
            python3 -c "import zipfile; z = zipfile.ZipFile('sfx.zip'); print(z.testzip(), z.read('a.txt')[-19:])"
            """#)
        #expect(
            outputLines(result.stdout) == ["stub", "CPF ***.***.***-**", #"None b'CPF ***.***.***-**\n'"#])
        #expect(result.stderr == "cpf: redacted sfx.zip (1 hidden)\n")
        #expect(result.status == 0)
    }

    @Test(
        """
        a self-extracting zip larger than two chunks is redacted as a zip on several threads too, never as \
        plain bytes left unchanged
        """,
        .enabled(if: tools))
    func redactsLargeSelfExtractingZipOnThreads() {
        // A stub of 700 KiB of binary data: past two chunks of 256 KiB, which plain files are cut in.
        let result = runShell(
            #"""
            cd "$(mktemp -d)" && \#(Self.makeSFX) && head -c 716800 /dev/urandom > big-stub &&
            cat big-stub inner.zip > big.zip && "$CPF" redact --threads 2 big.zip > out.zip; echo "status $?" &&
            cmp -s big.zip out.zip || echo changed; unzip -p out.zip a.txt | tail -1;
            "$CPF" find --threads 2 out.zip; echo "find $?"
            """#)
        #expect(outputLines(result.stdout) == ["status 0", "changed", "CPF ***.***.***-**", "find 1"])
    }

    @Test(
        "a PDF with a byte order mark or lines before %PDF- is read as a PDF, as pdftotext reads it",
        .enabled(if: pdfTools))
    func findsInPDFAfterJunk() {
        let result = runShell(
            #"""
            cd "$(mktemp -d)" && "\#(DocumentEndToEndTests.python ?? "python3")" - <<'EOF' &&
            from reportlab.pdfgen import canvas
            c = canvas.Canvas('c.pdf', pageCompression=1)
            c.drawString(72, 720, 'Pagador: CPF 390.533.447-05')
            c.save()
            d = open('c.pdf', 'rb').read()
            open('bom.pdf', 'wb').write(b'\xef\xbb\xbf' + d)
            open('junk.pdf', 'wb').write(b'\n' + b'X-Gateway: junk\n' * 10 + d)
            EOF
            "$CPF" find bom.pdf junk.pdf; echo "status $?"
            """#)
        #expect(
            outputLines(result.stdout) == [
                "bom.pdf:1:14: 390.533.447-05", "junk.pdf:1:14: 390.533.447-05", "status 0",
            ])
        #expect(result.stderr == "")
    }

    /// Writes `one.zip` (Info-ZIP, `a.txt` with a CPF), then `hidden.zip`:
    /// the same with a second end record, of an empty archive, in its
    /// comment (Python's zipfile and unzip then list no member), and
    /// `past.zip`: the second end record's comment runs past the file's
    /// end (Python takes it, a reader that wants the comment whole the first).
    static let makeTwoEnds = #"""
        maketwoends() { python3 - <<'EOF'
        import struct, zipfile
        real = open('one.zip', 'rb').read()
        for name, length in (('hidden.zip', 0), ('past.zip', 500)):
            fake = b'PK\x05\x06' + b'\0' * 16 + struct.pack('<H', length)
            open(name, 'wb').write(real[:-2] + struct.pack('<H', len(fake)) + fake)
            assert zipfile.ZipFile(name).namelist() == []
        EOF
        }
        printf 'CPF 390.533.447-05\n' > a.txt && zip -q one.zip a.txt && maketwoends
        """#

    @Test(
        "a zip with two end of central directory records is named not searched by find and redact, left as it was",
        .enabled(if: tools))
    func refusesTwoEndRecords() {
        let result = runShell(
            """
            cd "$(mktemp -d)" && \(Self.makeTwoEnds) && cp hidden.zip before.zip &&
            "$CPF" find hidden.zip past.zip; echo "find $?"; "$CPF" redact --in-place hidden.zip; echo "redact $?";
            cmp hidden.zip before.zip && echo untouched
            """)
        #expect(outputLines(result.stdout) == ["find 2", "redact 2", "untouched"])
        let reason = "not searched: zip archive: more than one end of central directory record"
        #expect(
            result.stderr
                == "cpf: hidden.zip: \(reason)\ncpf: past.zip: \(reason)\ncpf: hidden.zip: \(reason)\n")
    }

    @Test("a zip holding a stored zip as its last member is not taken for two end records", .enabled(if: tools))
    func storedZipInsideIsNoSecondEnd() {
        let result = runShell(
            """
            cd "$(mktemp -d)" && printf 'CPF 390.533.447-05\\n' > a.txt && zip -q inner.zip a.txt &&
            printf 'nada\\n' > b.txt && zip -q -0 outer.zip b.txt inner.zip && "$CPF" find outer.zip; echo "status $?"
            """)
        #expect(outputLines(result.stdout) == ["outer.zip!inner.zip!a.txt:1:5: 390.533.447-05", "status 0"])
        #expect(result.stderr == "")
    }

    /// Writes, with Python's tarfile: `a.tar` (GNU: `plain.txt` with a CPF,
    /// `log.gz` a gzip member with another, `dir/`), and `h.tar` (ustar:
    /// `plain.txt` with a CPF and `nada.txt` without, both with the mtime
    /// 10000000361 in octal, eleven digits that pass the CPF checksum).
    static let makeTars = #"""
        maketars() { python3 - <<'EOF'
        import gzip, io, tarfile
        def add(t, name, data, mtime=0):
            i = tarfile.TarInfo(name); i.size = len(data); i.mtime = mtime
            t.addfile(i, io.BytesIO(data))
        with tarfile.open('a.tar', 'w', format=tarfile.GNU_FORMAT) as t:
            add(t, 'plain.txt', b'nome;cpf\nAna;390.533.447-05\n')
            add(t, 'log.gz', gzip.compress(b'x\n' * 500 + b'CPF 529.982.247-25\n', mtime=0))
            d = tarfile.TarInfo('dir'); d.type = tarfile.DIRTYPE; t.addfile(d)
        with tarfile.open('h.tar', 'w', format=tarfile.USTAR_FORMAT) as t:
            add(t, 'plain.txt', b'nome;cpf\nAna;390.533.447-05\n', mtime=0o10000000361)
            add(t, 'nada.txt', b'nada\n', mtime=0o10000000361)
        EOF
        }
        maketars
        """#

    @Test(
        "find reads a tar's members as files (a gzip member decoded), named ARCHIVE!MEMBER, never its headers",
        .enabled(if: tools))
    func findsInTarMembers() {
        let result = runShell(
            "cd \"$(mktemp -d)\" && \(Self.makeTars) && \"$CPF\" find a.tar h.tar; echo \"status $?\"")
        #expect(
            outputLines(result.stdout) == [
                "a.tar!plain.txt:2:5: 390.533.447-05", "a.tar!log.gz:501:5: 529.982.247-25",
                "h.tar!plain.txt:2:5: 390.533.447-05", "status 0",
            ])
        #expect(result.stderr == "")
    }

    @Test(
        "redact hides a tar's plain members in place, never its headers: tar -tvf and Python's tarfile read it",
        .enabled(if: tools))
    func redactsTarInPlace() {
        let result = runShell(
            #"""
            cd "$(mktemp -d)" && \#(Self.makeTars) && tar -tvf h.tar > before.txt &&
            "$CPF" redact --in-place h.tar && tar -tvf h.tar | cmp - before.txt && tar -xOf h.tar plain.txt &&
            python3 -c "import tarfile; t = tarfile.open('h.tar'); print([t.extractfile(m).read() for m in t])"
            """#)
        #expect(
            outputLines(result.stdout) == [
                "nome;cpf", "Ana;***.***.***-**", #"[b'nome;cpf\nAna;***.***.***-**\n', b'nada\n']"#,
            ])
        #expect(result.stderr == "cpf: redacted h.tar (1 hidden)\n")
        #expect(result.status == 0)
    }

    @Test(
        "redact leaves a tar untouched, named, exit 2, when a CPF is in a compressed member or a member's name",
        .enabled(if: tools))
    func refusesWhatItCannotRewriteInATar() {
        let result = runShell(
            #"""
            cd "$(mktemp -d)" && \#(Self.makeTars) && printf 'x\n' > joao_529.982.247-25.txt &&
            tar -cf n.tar joao_529.982.247-25.txt && cp a.tar a0 && cp n.tar n0 &&
            "$CPF" redact --in-place a.tar n.tar; echo "status $?";
            cmp a.tar a0 && cmp n.tar n0 && echo untouched
            """#)
        #expect(outputLines(result.stdout) == ["status 2", "untouched"])
        #expect(
            result.stderr
                == """
                cpf: a.tar: not rewritten: member log.gz: gzip holding a CPF, which redact does not rewrite inside a tar
                cpf: n.tar: not rewritten: member joao_***.***.***-**.txt: its name holds a CPF, which redact does not \
                rewrite in a tar header

                """)
    }

    @Test(
        """
        a tar inside gzip (.tar.gz) held in a file is read as a tar: members named ARCHIVE!MEMBER; redact writes \
        it back gzip'd with plain members hidden, which tar and gzip read; from a pipe it is named not searched
        """,
        .enabled(if: tools))
    func tarInsideGzip() {
        let result = runShell(
            #"""
            cd "$(mktemp -d)" && mkdir t && printf 'CPF 390.533.447-05\n' > t/a.txt && printf 'nada\n' > t/b.txt &&
            (cd t && tar -czf ../t.tar.gz a.txt b.txt) && cat t.tar.gz | "$CPF" find; echo "pipe $?"
            "$CPF" find t.tar.gz; echo "find $?"
            "$CPF" redact --in-place t.tar.gz; echo "redact $?"; gzip -t t.tar.gz && tar -xzOf t.tar.gz
            python3 -c "import tarfile; print(tarfile.open('t.tar.gz').getnames())"
            "$CPF" find --confidence low --include-invalid t.tar.gz; echo "after $?"
            """#)
        #expect(
            outputLines(result.stdout) == [
                "pipe 2", "t.tar.gz!a.txt:1:5: 390.533.447-05", "find 0", "redact 0", "CPF ***.***.***-**", "nada",
                "['a.txt', 'b.txt']", "after 1",
            ])
        #expect(
            result.stderr
                == """
                cpf: standard input: not searched: gzip holding a tar archive, which cpf reads only from a file
                cpf: redacted t.tar.gz (1 hidden)

                """)
    }
}
