// End-to-end tests of what `find` and `redact` decode (docs/reference.md,
// "Encodings and compressed files"): files made by the real tools (iconv,
// gzip, xz, bzip2), searched decoded, rewritten in their own encoding or
// container and read back by those tools; files cpf cannot read named as
// not searched, exit status 2; decompression bombs stopped.

import CPFTestSupport
import Foundation
import Testing

@Suite("cpf find and redact: encodings and compressed files")
struct DecodingEndToEndTests {
    /// Two lines, the CPF after a non-ASCII word: its column is counted in
    /// the UTF-8 bytes of the decoded text (`Física CPF ` is 12 bytes: column 13).
    static let text = #"printf 'Pessoa f\303\255sica\nF\303\255sica CPF 390.533.447-05 e 52998224725\n'"#
    static let tools = InstalledTool.areInstalled("iconv", "gzip", "xz", "bzip2", "grep", "od")

    /// Every CPF-like run of digits a plain regular expression finds in the
    /// standard input (an independent scan of the decoded text).
    static let digitScan = #"grep -qE '[0-9]{3}[.]?[0-9]{3}[.]?[0-9]{3}-?[0-9]{2}'"#

    @Test(
        "finds CPFs in UTF-16 and UTF-32 files made by iconv, at the line and column of the decoded text",
        .enabled(if: tools), arguments: ["UTF-16", "UTF-16LE", "UTF-16BE", "UTF-32", "WINDOWS-1252", "UTF-8"])
    func findInEncoding(encoding: String) {
        let result = runShell(
            "cd \"$(mktemp -d)\" && \(Self.text) | iconv -f UTF-8 -t \(encoding) > f && \"$CPF\" find f")
        #expect(result.stderr == "")
        #expect(outputLines(result.stdout) == ["f:2:13: 390.533.447-05", "f:2:30: 52998224725"])
        #expect(result.status == 0)
    }

    @Test func windows1252KeywordsCountAsInUTF8() {
        let latin = runShell(#"printf 'Pessoa F\355sica: 39053344705\n' | "$CPF" find --json"#)
        let utf8 = runShell(#"printf 'Pessoa F\303\255sica: 39053344705\n' | "$CPF" find --json"#)
        #expect(
            latin.stdout.text.contains(#""confidence":"medium""#) || latin.stdout.text.contains(#""confidence":"high""#)
        )
        #expect(latin.stdout.text == utf8.stdout.text)
        #expect(latin.status == 0)
    }

    @Test(
        "redact --in-place writes back in the file's own encoding, BOM kept, and iconv reads it",
        .enabled(if: tools), arguments: ["UTF-16", "UTF-16LE", "UTF-16BE", "UTF-32", "WINDOWS-1252"])
    func redactInPlaceInEncoding(encoding: String) {
        let result = runShell(
            """
            cd "$(mktemp -d)" && \(Self.text) | iconv -f UTF-8 -t \(encoding) > f && head -c 4 f > before &&
            "$CPF" redact --in-place f && head -c 4 f | cmp - before &&
            iconv -f \(encoding) -t UTF-8 f > decoded && cat decoded &&
            ! \(Self.digitScan) decoded && ! "$CPF" find --confidence low --include-invalid decoded
            """)
        #expect(result.status == 0)
        #expect(result.stdout.text == "Pessoa física\nFísica CPF ***.***.***-** e ***********\n")
        #expect(result.stderr == "cpf: redacted f (2 hidden)\n")
    }

    @Test(.enabled(if: tools))
    func redactToStandardOutputKeepsTheEncoding() {
        let result = runShell("\(Self.text) | iconv -f UTF-8 -t UTF-16 | \"$CPF\" redact | iconv -f UTF-16 -t UTF-8")
        #expect(result.stdout.text == "Pessoa física\nFísica CPF ***.***.***-** e ***********\n")
        #expect(result.status == 0)
    }

    @Test(
        "finds CPFs inside gzip files, every member, known by their magic bytes whatever the name", .enabled(if: tools))
    func findInGzip() {
        let result = runShell(
            """
            cd "$(mktemp -d)" && \(Self.text) > a && gzip -k a && cat a.gz a.gz > multi.gz && cp a.gz plain.txt &&
            iconv -f UTF-8 -t UTF-16 a | gzip > u16.gz && "$CPF" find a.gz multi.gz plain.txt u16.gz &&
            cat a.gz | "$CPF" find
            """)
        #expect(result.stderr == "")
        #expect(
            outputLines(result.stdout) == [
                "a.gz:2:13: 390.533.447-05", "a.gz:2:30: 52998224725",
                "multi.gz:2:13: 390.533.447-05", "multi.gz:2:30: 52998224725",
                "multi.gz:4:13: 390.533.447-05", "multi.gz:4:30: 52998224725",
                "plain.txt:2:13: 390.533.447-05", "plain.txt:2:30: 52998224725",
                "u16.gz:2:13: 390.533.447-05", "u16.gz:2:30: 52998224725",
                "-:2:13: 390.533.447-05", "-:2:30: 52998224725",
            ])
        #expect(result.status == 0)
    }

    @Test("redact of gzip writes gzip that gzip -t passes; --in-place rewrites it", .enabled(if: tools))
    func redactGzip() {
        let result = runShell(
            """
            cd "$(mktemp -d)" && \(Self.text) > a && iconv -f UTF-8 -t UTF-16 a | gzip > u16.gz && gzip a && cat a.gz a.gz > multi.gz &&
            "$CPF" redact a.gz > out.gz && gzip -t out.gz && gzip -dc out.gz &&
            "$CPF" redact --in-place a.gz multi.gz u16.gz && gzip -t a.gz multi.gz u16.gz &&
            { gzip -dc a.gz multi.gz; gzip -dc u16.gz | iconv -f UTF-16 -t UTF-8; } > decoded &&
            ! \(Self.digitScan) decoded && ! "$CPF" find --confidence low --include-invalid decoded && wc -l < decoded
            """)
        #expect(result.status == 0)
        #expect(outputLines(result.stdout) == ["Pessoa física", "Física CPF ***.***.***-** e ***********", "8"])
        #expect(
            result.stderr
                == "cpf: redacted a.gz (2 hidden)\ncpf: redacted multi.gz (4 hidden)\ncpf: redacted u16.gz (2 hidden)\n"
        )
    }

    @Test("files cpf cannot read are named as not searched, counted, and make the exit status 2", .enabled(if: tools))
    func unreadFormatsAreNotSearched() {
        let result = runShell(
            """
            cd "$(mktemp -d)" && \(Self.text) > a && xz -k a && bzip2 -k a && gzip -k a && head -c 40 a.gz > "$(printf 'cut\\n.gz')" &&
            "$CPF" find --stats a a.xz a.bz2 cut*.gz
            """)
        #expect(outputLines(result.stdout) == ["a:2:13: 390.533.447-05", "a:2:30: 52998224725"])
        #expect(result.stderr.contains("cpf: a.xz: not searched: xz compressed data, which cpf does not read\n"))
        #expect(result.stderr.contains("cpf: a.bz2: not searched: bzip2 compressed data, which cpf does not read\n"))
        #expect(result.stderr.contains("cpf: cut\\n.gz: not searched: corrupt gzip: truncated"))
        #expect(result.stderr.contains("3 files not searched completely\n"))
        #expect(result.status == 2)
    }

    @Test(.enabled(if: tools))
    func skipUnsearchableTurnsThemIntoANote() {
        let result = runShell(
            "cd \"$(mktemp -d)\" && \(Self.text) > a && xz -k a && \"$CPF\" find --skip-unsearchable a a.xz")
        #expect(result.stderr == "cpf: a.xz: not searched: xz compressed data, which cpf does not read\n")
        #expect(result.status == 0)
        let none = runShell("cd \"$(mktemp -d)\" && \(Self.text) | xz > a.xz && \"$CPF\" find --skip-unsearchable a.xz")
        #expect(none.status == 1)
    }

    @Test("redact --in-place leaves a file it cannot read as it was, names it, exit status 2", .enabled(if: tools))
    func redactInPlaceOfUnreadFormat() {
        let result = runShell(
            """
            cd "$(mktemp -d)" && \(Self.text) > a && bzip2 -k a && cp a.bz2 before && gzip -k a && head -c 40 a.gz > cut.gz &&
            cp cut.gz cut.before && "$CPF" redact --in-place a.bz2 cut.gz; status=$?; cmp a.bz2 before && cmp cut.gz cut.before && exit $status
            """)
        #expect(result.stderr.contains("cpf: a.bz2: not searched: bzip2 compressed data, which cpf does not read\n"))
        #expect(result.stderr.contains("cpf: cut.gz: not searched: corrupt gzip"))
        #expect(result.status == 2)
    }

    @Test("a decompression bomb ends quickly, reported as not searched; the limits can be changed", .enabled(if: tools))
    func decompressionBomb() {
        let result = runShell(
            """
            cd "$(mktemp -d)" && head -c 268435456 /dev/zero | gzip -9 > bomb.gz && "$CPF" find bomb.gz; echo "status $?"
            "$CPF" find --max-ratio 2000 bomb.gz; echo "status $?"
            \(Self.text) | gzip > a.gz && "$CPF" find --max-decompressed-size 10 a.gz; echo "status $?"
            """, timeout: 120)
        #expect(outputLines(result.stdout) == ["status 2", "status 1", "status 2"])
        #expect(
            result.stderr.contains(
                "cpf: bomb.gz: not searched: decompression limit: output more than 200 times the input"))
        #expect(result.stderr.contains("cpf: a.gz: not searched: decompression limit: output larger than 10 bytes"))
    }

    @Test func badLimitsAreUsageErrors() {
        #expect(run(["find", "--max-decompressed-size", "lots"]).status == 2)
        #expect(run(["find", "--max-ratio", "0"]).status == 2)
        #expect(run(["find", "--max-decompressed-size", "1G", "--max-ratio", "50"], stdin: Data("x")).status == 1)
    }
}
