// End-to-end tests of --pre and --pre-glob (issue 23, item 4): a real
// converter's output searched, positions in that output, and commands that
// fail or cannot start leaving their files not searched.

import CPFTestSupport
import Foundation
import Testing

@Suite("cpf find/redact --pre")
struct PreprocessorEndToEndTests {
    /// Scripts written by the test, a gzip file and a plain one.
    static let setUp = """
        set -e
        mkdir -p bin t/sub
        printf '#!/bin/sh\\nexec gzip -dc "$1"\\n' > bin/unzip-to-text
        printf '#!/bin/sh\\necho "CPF 111.444.777-35"\\nexit 3\\n' > bin/half-then-fail
        printf '#!/bin/sh\\nexec cat\\n' > bin/from-input
        chmod +x bin/*
        printf 'first line\\nsecond CPF 390.533.447-05\\n' | gzip > t/sub/a.txt.gz
        printf 'CPF 529.982.247-25\\n' > t/b.txt
        PATH="$PWD/bin:$PATH"
        """

    static func sh(_ command: String) -> (status: Int32, stdout: Data, stderr: String) {
        runShell("cd \"$(mktemp -d)\" && \(setUp) && set +e && \(command)", timeout: 30)
    }

    @Test(.enabled(if: InstalledTool.path("gzip") != nil))
    func theConvertersOutputIsSearchedWithItsOwnLinesAndColumns() {
        let result = Self.sh("\"$CPF\" find -r --pre unzip-to-text --pre-glob '*.gz' t")
        #expect(outputLines(result.stdout) == ["t/b.txt:1:5: 529.982.247-25", "t/sub/a.txt.gz:2:12: 390.533.447-05"])
        #expect(result.stderr == "")
        #expect(result.status == 0)
    }

    @Test func theCommandGetsTheFileOnItsStandardInputToo() {
        let result = Self.sh("\"$CPF\" find --pre from-input t/b.txt")
        #expect(outputLines(result.stdout) == ["t/b.txt:1:5: 529.982.247-25"])
        #expect(result.status == 0)
    }

    @Test func aCommandThatFailsLeavesItsFileNotSearched() {
        let result = Self.sh("\"$CPF\" find --pre half-then-fail t/b.txt")
        // What it printed before failing is reported; the file is not searched.
        #expect(outputLines(result.stdout) == ["t/b.txt:1:5: 111.444.777-35"])
        #expect(result.stderr == "cpf: t/b.txt: not searched: 'half-then-fail' exited with status 3\n")
        #expect(result.status == 2)
    }

    @Test func aCommandThatCannotStartLeavesEachFileNotSearched() {
        let missing = Self.sh("\"$CPF\" find -r --pre no-such-converter t")
        #expect(
            missing.stderr == """
                cpf: t/b.txt: not searched: 'no-such-converter' not found in PATH
                cpf: t/sub/a.txt.gz: not searched: 'no-such-converter' not found in PATH

                """)
        #expect(missing.status == 2)
        let directory = Self.sh("\"$CPF\" find --pre ./bin t/b.txt")
        #expect(directory.stderr.hasPrefix("cpf: t/b.txt: not searched: cannot start './bin': "))
        #expect(directory.status == 2)
    }

    @Test(.enabled(if: InstalledTool.path("gzip") != nil))
    func redactInPlaceLeavesConvertedFilesAsTheyWereAndNamesThem() {
        let result = Self.sh(
            """
            cp t/sub/a.txt.gz before.gz
            "$CPF" redact -r --in-place --pre unzip-to-text --pre-glob '*.gz' t; echo "status $?"
            cmp before.gz t/sub/a.txt.gz && echo same; cat t/b.txt
            """)
        #expect(outputLines(result.stdout) == ["status 2", "same", "CPF ***.***.***-**"])
        #expect(
            result.stderr.contains(
                "cpf: t/sub/a.txt.gz: not rewritten: it holds a CPF in the text 'unzip-to-text' made of it"))
    }

    @Test(.enabled(if: InstalledTool.path("gzip") != nil))
    func redactToStandardOutputRedactsTheConvertersOutput() {
        let result = Self.sh("\"$CPF\" redact --pre unzip-to-text t/sub/a.txt.gz")
        #expect(outputLines(result.stdout) == ["first line", "second CPF ***.***.***-**"])
        #expect(result.status == 0)
    }

    @Test func preGlobNeedsPre() {
        let result = Self.sh("\"$CPF\" find --pre-glob '*.gz' t/b.txt")
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("cpf: '--pre-glob' goes with --pre"))
    }

    @Test func memoryStaysFlatThroughAConverter() {
        // 64 MiB with a CPF every 64 KiB, through cat: the resident size
        // stays far below the input's.
        let directory = TemporaryDirectory()
        var block = Data(repeating: UInt8(ascii: "x"), count: 65536)
        block.replaceSubrange(0..<19, with: Data("CPF 390.533.447-05\n".utf8))
        var contents = Data()
        for _ in 0..<1024 { contents.append(block) }
        let path = directory.file("big.txt", contents)
        let outcome = launch(["find", "--count", "--pre", "cat", path], stdin: .nothing, timeout: 120)
        #expect(outcome.status == 0)
        #expect(outputLines(outcome.stdout) == ["\(path):1024"])
        #expect(outcome.maxResidentKiB > 0)
        // AddressSanitizer's shadow memory aside, as in the other memory bounds.
        if !ReliabilityEndToEndTests.isAddressSanitized {
            #expect(outcome.maxResidentKiB <= 32 * 1024, "peak \(outcome.maxResidentKiB) KiB")
        }
    }
}
