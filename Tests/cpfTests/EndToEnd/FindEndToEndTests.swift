// End-to-end tests of `cpf find`: CPFs inside free text, reported as
// SOURCE:LINE:COLUMN: TEXT or JSON Lines; files, standard input, CRLF, long
// lines across cpf's read blocks, binary input, exit statuses.

import CPFKit
import CPFTestSupport
import Foundation
import Testing

@Suite("cpf find")
struct FindEndToEndTests {
    static let ticket = """
        Chamado 4512: cliente CPF 390.533.447-05, CNPJ 12.345.678/0001-95.\r
        tel (11) 98765-4321; doc 52998224725 / conta 1.390.533.447-05\r
        cpf=529982247-25

        """

    @Test(
        "OCR readings (full mask, bare after a keyword), fullwidth digits and any invisible character: found, JSON says ocr, redact hides them all"
    )
    func whatScannersAndKeyboardsDo() throws {
        let text =
            "inscrito no CPF 133.72O.622-99; doc ５２９.９８２.２４７-２５; cpf 390\u{2063}533447\u{FE0F}05; CPF: 3l099698588\n"
        let found = run(["find", "--json"], stdin: Data(text.utf8))
        #expect(found.status == 0)
        let objects = try found.stdout.split(separator: UInt8(ascii: "\n")).map {
            try #require(try JSONSerialization.jsonObject(with: Data($0)) as? [String: Any])
        }
        #expect(objects.map { $0["cpf"] as? String } == ["13372062299", "52998224725", "39053344705", "31099698588"])
        #expect(objects.map { $0["confidence"] as? String } == ["medium", "high", "high", "medium"])
        #expect(objects.map { $0["ocr"] as? Bool } == [true, nil, nil, true])
        #expect(objects.last?["text"] as? String == "3l099698588")
        #expect(objects.first?["text"] as? String == "133.72O.622-99")
        let redacted = run(["redact"], stdin: Data(text.utf8))
        #expect(
            String(decoding: redacted.stdout, as: UTF8.self)
                == "inscrito no CPF ***.***.***-**; doc ＊＊＊.＊＊＊.＊＊＊-＊＊; cpf ***\u{2063}******\u{FE0F}**; CPF: ***********\n"
        )
        #expect(run(["find", "--confidence", "low", "--include-invalid"], stdin: redacted.stdout).status == 1)
        // check keeps its ASCII rule.
        #expect(run(["check", "５２９.９８２.２４７-２５"]).status != 0)
    }

    @Test("a large file scanned on several threads gives one thread's report; --threads takes 1 to 1024")
    func threadsGiveTheSameReport() {
        var random = SplitMix64(seed: 0x7E4D)
        var lines: [String] = []
        var size = 0
        while size < 5 << 20 {
            let cpf = CPFGenerator().next(using: &random)
            let line = [
                "cliente CPF \(cpf.formatted) pedido \(random.next() % 100_000)",
                "tel 11\(random.next() % 1_000_000_000) doc \(cpf.digits)",
                "ip 200.147.\(random.next() % 256).\(random.next() % 256) ok",
            ][Int(random.next() % 3)]
            lines.append(line)
            size += line.utf8.count + 1
        }
        let directory = TemporaryDirectory()
        let path = directory.file("big.log", Data(lines.joined(separator: "\n").utf8))
        let one = run(["find", "--threads", "1", "--confidence", "low", path])
        #expect(one.status == 0)
        for threads in ["2", "3"] {
            let many = run(["find", "-j", threads, "--confidence", "low", path])
            #expect(many.stdout == one.stdout)
            #expect(many.status == 0)
        }
        let redactedOne = run(["redact", "--threads", "1", path])
        #expect(run(["redact", "-j", "2", path]).stdout == redactedOne.stdout)
        #expect(redactedOne.stdout.count == size - 1)
        for bad in ["0", "1025", "x"] {
            let result = run(["find", "--threads", bad, path])
            #expect(result.status == 2)
            #expect(result.stderr.contains("--threads"))
        }
    }

    @Test func reportsEachCPFWithItsLineAndByteColumn() {
        let result = run(["find"], stdin: Data(Self.ticket))
        #expect(
            String(decoding: result.stdout, as: UTF8.self) == """
                -:1:27: 390.533.447-05
                -:2:26: 52998224725
                -:3:5: 529982247-25

                """)
        #expect(result.stderr == "")
        #expect(result.status == 0)
    }

    @Test(
        "--hide prints every CPF hidden, in TEXT and in JSON's cpf, as redact would hide it",
        arguments: [
            ("full", ["-:1:27: ***.***.***-**", "-:2:26: ***********", "-:3:5: *********-**"], "***********"),
            ("lgpd", ["-:1:27: ***.533.447-**", "-:2:26: ***982247**", "-:3:5: ***982247-**"], "***533447**"),
        ])
    func hidesEachCPF(style: String, lines: [String], firstDigits: String) {
        let result = run(["find", "--hide", style], stdin: Data(Self.ticket))
        #expect(outputLines(result.stdout) == lines)
        #expect(result.status == 0)
        let json = run(["find", "--json", "--hide", style], stdin: Data(Self.ticket))
        let objects = jsonObjects(json.stdout)
        #expect(objects.first?["cpf"] as? String == firstDigits)
        #expect(!String(decoding: json.stdout, as: UTF8.self).contains("390"))
        #expect(!String(decoding: json.stdout, as: UTF8.self).contains("05\""))
    }

    @Test("--hide pseudonym prints the pseudonyms redact --style pseudonym writes; the key options need it")
    func hidesWithPseudonyms() {
        let script = """
            cd "$(mktemp -d)" && "$CPF" pseudonymize --new-key-file k 2> /dev/null &&
            printf 'CPF 390.533.447-05\\n' > t && "$CPF" find --hide pseudonym --key-file k t | sed 's/.*: //' &&
            "$CPF" redact --style pseudonym --key-file k t | sed 's/CPF //';
            "$CPF" find --key-file k t; echo "status $?"
            """
        let result = runShell(script)
        let lines = outputLines(result.stdout)
        #expect(lines.count == 3)
        #expect(lines.first == lines.dropFirst().first)
        #expect(lines.first != "390.533.447-05")
        #expect(lines.last == "status 2")
        #expect(result.stderr.hasPrefix("cpf: '--key-file' goes with '--hide pseudonym'"))
    }

    @Test func jsonLinesHaveSourceLineColumnTextAndDigits() throws {
        let result = run(["find", "--json"], stdin: Data(Self.ticket))
        #expect(
            String(decoding: result.stdout, as: UTF8.self).hasPrefix(
                #"{"source":"-","line":1,"column":27,"text":"390.533.447-05","cpf":"39053344705","confidence":"high","valid":true}"#
                    + "\n"))
        let objects = jsonObjects(result.stdout)
        #expect(objects.count == 3)
        #expect(objects.map { $0["line"] as? Int } == [1, 2, 3])
        #expect(objects.map { $0["column"] as? Int } == [27, 26, 5])
        #expect(objects.map { $0["text"] as? String } == ["390.533.447-05", "52998224725", "529982247-25"])
        #expect(objects.map { $0["cpf"] as? String } == ["39053344705", "52998224725", "52998224725"])
        // cpf=529982247-25: a CPF keyword
        #expect(objects.map { $0["confidence"] as? String } == ["high", "medium", "high"])
        #expect(objects.allSatisfy { $0["source"] as? String == "-" && $0["valid"] as? Bool == true && $0.count == 7 })
        #expect(result.status == 0)
    }

    @Test func jsonEscapesTheSourceName() {
        let directory = TemporaryDirectory()
        let path = directory.file("a \"quoted\" name.txt", "39053344705")
        let objects = jsonObjects(run(["find", "--json", path]).stdout)
        #expect(objects.first?["source"] as? String == path)
    }

    @Test func nothingFoundExitsOne() {
        let result = run(
            ["find"], stdin: Data("CNPJ 12.345.678/0001-95, 390.533.447-06, 111.111.111-11, 1239053344705\n"))
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "")
        #expect(result.status == 1)
        #expect(run(["find"], stdin: Data()).status == 1)
    }

    @Test("-l and -q stop reading at the first CPF: they answer while the pipe is still open")
    func listingStopsAtTheFirstCPF() {
        for option in ["-l", "-q"] {
            let input = makePipe()
            let output = makePipe()
            let pid = spawnCPF(["find", option], stdin: input.read, stdout: output.write, stderr: 2)
            close(input.read)
            close(output.write)
            // Text after the CPF lets the scanner decide it (a CPF at the very end
            // of what has come so far may still go on); then the pipe stays open:
            // only a reader that stops at the CPF can end.
            let filler = String(repeating: "sem mais nada por aqui\n", count: 20)
            writeAllIgnoringEPIPE(input.write, Data("nada aqui\ncliente CPF 390.533.447-05\n" + filler))
            let end = waitForExit(pid, timeout: 60)
            close(input.write)
            let printed = readToEnd(output.read)
            close(output.read)
            #expect(!end.timedOut, "\(option) waited for the end of its input")
            #expect(end.status == 0)
            #expect(printed == (option == "-l" ? Data("-\n") : Data()))
        }
    }

    @Test func quietPrintsNothingAndAnswersWithItsStatus() {
        let directory = TemporaryDirectory()
        let with = directory.file("with.txt", "a\nCPF 390.533.447-05 e 529.982.247-25\n")
        let without = directory.file("without.txt", "CNPJ 12.345.678/0001-95\n")
        let quiet = run(["find", "-q", without, with])
        #expect(quiet.status == 0 && quiet.stdout.isEmpty && quiet.stderr.isEmpty)
        #expect(run(["find", "-q", without]).status == 1)
        #expect(run(["find", "-q", without, directory.path("missing.txt")]).status == 2)
        // --count still counts every CPF; -l with --stats reads every file whole.
        #expect(run(["find", "--count", with]).stdout == Data("\(with):2\n"))
        #expect(run(["find", "-l", "--stats", with]).stderr.contains("CPFs: 2 high"))
        #expect(run(["find", "-l", "-q", with]).status == 2)
    }

    @Test func filesAndStandardInputInOrderEachFromLineOne() {
        let directory = TemporaryDirectory()
        let a = directory.file("a.txt", "\n\nx 39053344705\n")
        let b = directory.file("b.log", "52998224725")
        let result = run(["find", a, "-", b], stdin: Data("390.533.447-05"))
        #expect(
            String(decoding: result.stdout, as: UTF8.self)
                == "\(a):3:3: 39053344705\n-:1:1: 390.533.447-05\n\(b):1:1: 52998224725\n")
        #expect(result.status == 0)
    }

    @Test func anUnreadableFileIsReportedTheOthersStillSearchedExitTwo() {
        let directory = TemporaryDirectory()
        let a = directory.file("a.txt", "39053344705\n")
        let missing = directory.path("missing.txt")
        let result = run(["find", missing, a, directory.url.path])
        #expect(String(decoding: result.stdout, as: UTF8.self) == "\(a):1:1: 39053344705\n")
        #expect(
            result.stderr == "cpf: \(missing): No such file or directory\ncpf: \(directory.url.path): Is a directory\n")
        #expect(result.status == 2)
    }

    @Test(
        "columns count bytes: a CR, a tab and UTF-8 letters before a CPF are bytes of its line",
        arguments: [
            ("x\r\n390.533.447-05\r\n", "-:2:1: 390.533.447-05\n"),
            ("ab\r39053344705", "-:1:4: 39053344705\n"),
            ("\té \u{FEFF}39053344705", "-:1:8: 39053344705\n"),
            ("\u{FEFF}39053344705", "-:1:4: 39053344705\n"),
        ])
    func byteColumns(input: String, expected: String) {
        #expect(String(decoding: run(["find"], stdin: Data(input)).stdout, as: UTF8.self) == expected)
    }

    @Test func cpfsAcrossTheReadBlocksOfALongLineAreFoundOnce() {
        // A 3 MB line with CPFs cut by the 1 MiB block boundaries, then a 3 MB
        // run of digits (no CPF in it) and a CPF after it.
        var line = [UInt8](repeating: UInt8(ascii: "x"), count: 3 << 20)
        let positions = [0, (1 << 20) - 7, (2 << 20) - 14, (2 << 20) + 1, (3 << 20) - 14]
        for position in positions {
            line.replaceSubrange(position..<position + 14, with: Array("390.533.447-05".utf8))
        }
        let input = Data(line) + Data("\n") + Data(repeating: UInt8(ascii: "7"), count: 3 << 20) + Data(" 52998224725")
        let result = run(["find"], stdin: input)
        let expected =
            positions.map { "-:1:\($0 + 1): 390.533.447-05\n" }.joined() + "-:2:\((3 << 20) + 2): 52998224725\n"
        #expect(String(decoding: result.stdout, as: UTF8.self) == expected)
        #expect(result.status == 0)
    }

    @Test func binaryInputIsSearchedLikeText() {
        var bytes = [UInt8](BigInput.binary)
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<200 {
            let position = Int.random(in: 0..<bytes.count - 20, using: &generator)
            bytes.replaceSubrange(
                position..<position + 11,
                with: Array(referenceCPF(base: Int.random(in: 0..<1_000_000_000, using: &generator)).utf8))
        }
        let expected = CPFScanner.matches(in: bytes)
        #expect(expected.count > 100)
        let objects = jsonObjects(run(["find", "--json"], stdin: Data(bytes)).stdout)
        #expect(objects.map { $0["cpf"] as? String } == expected.map(\.digits))
        #expect(objects.map { $0["text"] as? String } == expected.map(\.text))
    }

    @Test func helpDescribesTheRuleAndTheExitStatus() {
        let result = run(["help", "find"])
        let text = String(decoding: result.stdout, as: UTF8.self)
        #expect(result.status == 0)
        for phrase in [
            "USAGE: cpf find [<options>] [-r] [-g <glob>] [--pre <command>]",
            "[--include-invalid] [--json] [--hide <style>]", "[--count | -l | -q] [--stats]", "--json",
            "SOURCE:LINE:COLUMN: TEXT",
            "12.345.678/0001-95",
        ] {
            #expect(text.contains(phrase))
        }
        #expect(run(["find", "--help"]).stdout == result.stdout)
        let overview = String(decoding: run(["--help"]).stdout, as: UTF8.self)
        #expect(overview.contains("\n  find ") && overview.contains("\n  redact "))
    }

    @Test func anUnknownOptionIsAUsageError() {
        let result = run(["find", "--valid"], stdin: Data("39053344705"))
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("cpf: unknown option '--valid'\nUsage: cpf find "))
        #expect(result.status == 2)
    }
}
