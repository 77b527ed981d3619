// End-to-end tests of `cpf redact`: the input copied byte for byte but for
// the digits of each CPF, in both styles, binary data included, across read
// blocks; exit statuses.

import CPFKit
import CPFTestSupport
import Foundation
import Testing

@Suite("cpf redact")
struct RedactEndToEndTests {
    static let ticket =
        """
        Cliente CPF 390.533.447-05, CNPJ 12.345.678/0001-95.\r\ndoc 52998224725 / conta \
        1.390.533.447-05\ncpf=529982247-25
        """

    @Test(
        "hides the digits of every CPF, separators kept, every other byte unchanged",
        arguments: [
            (
                [],
                """
                Cliente CPF ***.***.***-**, CNPJ 12.345.678/0001-95.\r\ndoc *********** / conta \
                1.390.533.447-05\ncpf=*********-**
                """
            ),
            (
                ["--style", "full"],
                """
                Cliente CPF ***.***.***-**, CNPJ 12.345.678/0001-95.\r\ndoc *********** / conta \
                1.390.533.447-05\ncpf=*********-**
                """
            ),
            (
                ["--style=lgpd"],
                """
                Cliente CPF ***.533.447-**, CNPJ 12.345.678/0001-95.\r\ndoc ***982247** / conta \
                1.390.533.447-05\ncpf=***982247-**
                """
            ),
        ])
    func styles(options: [String], expected: String) {
        let result = run(["redact"] + options, stdin: Data(Self.ticket))
        #expect(String(decoding: result.stdout, as: UTF8.self) == expected)
        #expect(result.stderr == "")
        #expect(result.status == 0)
    }

    @Test func nothingToHideStillExitsZeroWithTheInputUnchanged() {
        let input = Data("no CPF here, only 12.345.678/0001-95\n")
        let result = run(["redact"], stdin: input)
        #expect(result.stdout == input)
        #expect(result.status == 0)
        #expect(run(["redact"], stdin: Data()).stdout.isEmpty)
    }

    @Test func binaryDataAndInvalidUTF8PassThrough() {
        var bytes = [UInt8](BigInput.binary)
        var generator = SeededGenerator(seed: 11)
        for _ in 0..<200 {
            let position = Int.random(in: 0..<bytes.count - 20, using: &generator)
            bytes.replaceSubrange(
                position..<position + 14,
                with: Array(masked(referenceCPF(base: Int.random(in: 0..<1_000_000_000, using: &generator))).utf8))
        }
        #expect(CPFScanner.matches(in: bytes).count > 100)
        for style in CPFScanner.RedactionStyle.allCases {
            let result = run(["redact", "--style", style.rawValue], stdin: Data(bytes))
            #expect(result.stdout == Data(CPFScanner.redacting(bytes, style: style)))
            #expect(result.status == 0)
        }
    }

    @Test func redactThenFindFindsNothing() {
        for style in ["full", "lgpd"] {
            let redacted = run(["redact", "--style", style], stdin: Data(Self.ticket)).stdout
            let found = run(["find"], stdin: redacted)
            #expect(found.stdout.isEmpty)
            #expect(found.status == 1)
        }
    }

    @Test func cpfsAcrossTheReadBlocksOfALongLineAreHidden() {
        var line = [UInt8](repeating: UInt8(ascii: "x"), count: 3 << 20)
        for position in [(1 << 20) - 7, (2 << 20) - 13, (2 << 20) + 3] {
            line.replaceSubrange(position..<position + 14, with: Array("390.533.447-05".utf8))
        }
        let input = line + [0x0A] + [UInt8](repeating: UInt8(ascii: "7"), count: 3 << 20) + Array(" 52998224725\n".utf8)
        let result = run(["redact"], stdin: Data(input))
        #expect(result.stdout.count == input.count)
        #expect(result.stdout == Data(CPFScanner.redacting(input)))
        #expect(result.stdout.filter { $0 == UInt8(ascii: "*") }.count == 3 * 11 + 11)
    }

    @Test func filesAreCopiedInOrderAnUnreadableOneReportedExitTwo() {
        let directory = TemporaryDirectory()
        let a = directory.file("a.txt", "39053344705")
        let b = directory.file("b.txt", "\n52998224725\n")
        let missing = directory.path("missing.txt")
        let result = run(["redact", a, missing, "-", b], stdin: Data("x"))
        #expect(String(decoding: result.stdout, as: UTF8.self) == "***********x\n***********\n")
        #expect(result.stderr == "cpf: \(missing): No such file or directory\n")
        #expect(result.status == 2)
    }

    @Test func anUnknownStyleIsAUsageError() {
        let result = run(["redact", "--style", "partial"], stdin: Data("39053344705"))
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr.hasPrefix(
                "cpf: invalid value 'partial' for '--style': expected 'full', 'lgpd' or 'pseudonym'\nUsage: cpf redact "
            ))
        #expect(result.status == 2)
    }

    @Test func helpShowsTheStyles() {
        let text = String(decoding: run(["redact", "-h"]).stdout, as: UTF8.self)
        for phrase in [
            "USAGE: cpf redact [<options>] [-r] [-g <glob>] [--pre <command>] [--in-place]", "[--style <style>]",
            "[--confidence <level>]", "***.***.***-**", "***533447**",
        ] {
            #expect(text.contains(phrase))
        }
    }

    // The v2 scanning rule (docs/reference.md#cpf-find-cpfs-in-free-text): after `redact --confidence L`, `find
    // --confidence L --include-invalid` finds nothing.

    static let hardText = """
        1,39053344705,Ana\nINSERT INTO t VALUES (2,39053344705,3);\n390.533.447-05,529.982.247-25
        GET /api/v1/12/39053344705/x\nCPF 390 533 447 05; CPF 390.533.447/05; 390.533.447.05
        CPF: 390.533.447 - 05\nCPF nº 616.676.668 – 00\n390.533.447–05\n390\u{A0}533\u{A0}447\u{A0}05
        CPF 390.533.447-\n05\nCPF 390.533.447-\r\n05\n390.5\u{200B}33.447-05 e 390.533.4\u{AD}47-05
        CPF 231.002.999-00\nwhatsapp 11987654374\n200.147.123.45\n
        """

    @Test(
        "redact at a confidence leaves nothing for find at that confidence, mistyped CPFs included",
        arguments: ["low", "medium", "high"])
    func nothingLeftToFind(level: String) {
        let redacted = run(["redact", "--confidence", level], stdin: Data(Self.hardText))
        #expect(redacted.status == 0)
        #expect(redacted.stdout.count == Data(Self.hardText).count)
        let found = run(["find", "--confidence", level, "--include-invalid"], stdin: redacted.stdout)
        #expect(String(decoding: found.stdout, as: UTF8.self) == "")
        #expect(found.status == 1)
        #expect(run(["find", "--confidence", level, "--include-invalid"], stdin: Data(Self.hardText)).status == 0)
    }

    @Test("the default hides anything that could be a CPF: the phone that passes the checksum and the mistyped CPF too")
    func defaultHidesLowAndMistyped() {
        let result = run(["redact"], stdin: Data("whatsapp 11987654374; CPF 231.002.999-00; CNPJ 12.345.678/0001-95\n"))
        #expect(
            String(decoding: result.stdout, as: UTF8.self)
                == "whatsapp ***********; CPF ***.***.***-**; CNPJ 12.345.678/0001-95\n")
        let medium = run(
            ["redact", "--confidence", "MEDIUM"], stdin: Data("whatsapp 11987654374; CPF 231.002.999-00\n"))
        #expect(String(decoding: medium.stdout, as: UTF8.self) == "whatsapp 11987654374; CPF ***.***.***-**\n")
        let bad = run(["redact", "--confidence", "sure"], stdin: Data())
        #expect(bad.status == 2)
        #expect(
            bad.stderr.hasPrefix("cpf: invalid value 'sure' for '--confidence': expected 'low', 'medium' or 'high'"))
    }

    // Issue 14: --style pseudonym.

    @Test("--style pseudonym writes each CPF's pseudonym with its separators, and hides a mistyped CPF")
    func pseudonymStyle() {
        let (directory, key) = PseudonymizeEndToEndTests.keyed()
        let text = "CPF 390.533.447-05; id 39053344705; CPF 390 533 447\u{A0}05\nCPF 231.002.999-00\n"
        let result = run(["redact", "--style", "pseudonym", "--key-file", key], stdin: Data(text))
        // 390.533.447-05 → 485.331.840-26 with this key (pinned by the pseudonymize tests).
        #expect(
            String(decoding: result.stdout, as: UTF8.self)
                == "CPF 485.331.840-26; id 48533184026; CPF 485 331 840\u{A0}26\nCPF ***.***.***-**\n")
        #expect(result.status == 0)
        // The same tweak gives the same pseudonyms as `cpf pseudonymize`.
        let tweaked = run(
            ["redact", "--style=PSEUDONYM", "--key-file", key, "--tweak", "crm"], stdin: Data("x 52998224725\n"))
        let direct = run(["pseudonymize", "--key-file", key, "--tweak", "crm", "52998224725"])
        #expect(
            String(decoding: tweaked.stdout, as: UTF8.self) == "x " + String(decoding: direct.stdout, as: UTF8.self))
        _ = directory
    }

    @Test("--style pseudonym needs --key-file, and the key options need --style pseudonym")
    func pseudonymStyleOptions() {
        let (directory, key) = PseudonymizeEndToEndTests.keyed()
        let missing = run(["redact", "--style", "pseudonym"], stdin: Data("x\n"))
        #expect(missing.status == 2)
        #expect(missing.stderr.hasPrefix("cpf: '--key-file' is required"))
        let stray = run(["redact", "--key-file", key], stdin: Data("x\n"))
        #expect(stray.status == 2)
        #expect(stray.stderr.hasPrefix("cpf: '--key-file' goes with '--style pseudonym'"))
        _ = directory
    }
}
