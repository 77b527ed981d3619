// End-to-end tests of `find -r` and `redact -r --in-place`: sorted walks,
// links, FIFOs, binary and empty files, names that are not UTF-8, the same
// output on one thread or many, and atomic, minimal rewriting.

import CPFTestSupport
import Foundation
import Testing

@Suite("cpf find -r, redact --in-place")
struct TreeEndToEndTests {
    /// A tree with nesting, a binary file, an empty file, a FIFO, a link
    /// loop and a name that is not UTF-8.
    static let makeTree = """
        set -e
        mkdir -p t/a/b t/c t/d
        printf 'CPF 390.533.447-05\\nfoo 11144477735\\n' > t/a/x.txt
        printf 'nothing here\\n' > t/a/b/clean.txt
        printf '\\000\\001 390.533.447-05 \\377\\n' > t/c/bin.dat
        : > t/c/empty
        mkfifo t/c/fifo
        ln -s .. t/a/b/loop
        ln -s ../a/x.txt t/d/link.txt
        printf 'CPF 529.982.247-25\\n' > "$(printf 't/d/n\\343o.txt')"
        """

    @Test func findWalksInSortedOrderSkippingLinksAndFIFOsWithoutBlocking() {
        let result = runShell("cd \"$(mktemp -d)\" && \(Self.makeTree) && \"$CPF\" find -r t", timeout: 20)
        #expect(result.status == 0)
        #expect(
            outputLines(result.stdout) == [
                "t/a/x.txt:1:5: 390.533.447-05",
                "t/a/x.txt:2:5: 11144477735",
                "t/c/bin.dat:1:4: 390.533.447-05",
                "t/d/n\\xe3o.txt:1:5: 529.982.247-25",
            ])
        #expect(result.stderr == "cpf: t/c/fifo: not a regular file, skipped\n")
    }

    @Test func aLinkNamedAsAnArgumentIsFollowed() {
        let result = runShell("cd \"$(mktemp -d)\" && \(Self.makeTree) && \"$CPF\" find -r t/d/link.txt", timeout: 20)
        #expect(outputLines(result.stdout) == ["t/d/link.txt:1:5: 390.533.447-05", "t/d/link.txt:2:5: 11144477735"])
        #expect(result.status == 0)
    }

    @Test func aDirectoryWithoutRecursiveIsStillAnError() {
        let result = runShell("cd \"$(mktemp -d)\" && mkdir t && \"$CPF\" find t")
        #expect(result.status == 2)
        #expect(result.stderr == "cpf: t: Is a directory\n")
    }

    @Test("redact --in-place --stats counts the files rewritten and read back, left as they were, and clean")
    func redactStatsCountsHowEachFileEnded() {
        let result = runShell(
            """
            cd "$(mktemp -d)" && mkdir t && printf 'a 529.982.247-25 b 390.533.447-05\\n' > t/a.txt && \
            printf 'nada\\n' > t/b.txt && printf 'x 11.222.333/0001-81\\n' > t/c.txt && \
            printf 'PK\\003\\004 529.982.247-25' > t/d.zip && \
            "$CPF" redact -r --in-place --no-progress --stats --document any t 2>err; status=$?; \
            cat err >&2; cat t/a.txt; exit $status
            """
        )
        #expect(result.status == 2)
        #expect(outputLines(result.stdout) == ["a ***.***.***-** b ***.***.***-**"])
        let lines = result.stderr.split(separator: "\n")
        #expect(
            lines.contains {
                $0.hasSuffix(": 2 rewritten and read back clean, 1 left as they were, 1 with nothing to hide")
            })
        #expect(lines.contains("CPFs and CNPJs hidden: 3"))
        #expect(lines.contains("1 file not searched completely"))
    }

    @Test func countFilesWithMatchesAndStats() {
        let count = runShell(
            """
            cd \"$(mktemp -d)\" && \(Self.makeTree) && \"$CPF\" find -r --count --no-progress --stats t 2>err; \
            cat err >&2
            """
        )
        #expect(outputLines(count.stdout) == ["t/a/x.txt:2", "t/c/bin.dat:1", "t/d/n\\xe3o.txt:1"])
        #expect(count.stderr.contains("files (3 with CPFs)"))
        #expect(count.stderr.contains("CPFs: 3 high, 1 medium, 0 low, 0 mistyped"))
        #expect(count.status == 0)

        let names = runShell(
            "cd \"$(mktemp -d)\" && \(Self.makeTree) && \"$CPF\" find -r -l --confidence high t 2>/dev/null")
        #expect(outputLines(names.stdout) == ["t/a/x.txt", "t/c/bin.dat", "t/d/n\\xe3o.txt"])

        let json = runShell("cd \"$(mktemp -d)\" && \(Self.makeTree) && \"$CPF\" find -r --count --json t/a")
        #expect(outputLines(json.stdout) == [#"{"source":"t/a/x.txt","count":2}"#])

        let none = runShell("cd \"$(mktemp -d)\" && mkdir t && : > t/empty && \"$CPF\" find -r -l t")
        #expect(none.status == 1)
        #expect(none.stdout.isEmpty)

        let both = run(["find", "--count", "-l", "x"])
        #expect(both.status == 2)
    }

    @Test(.needsStrace) func unreadableEntriesAreReportedAndSkippedWithStatus2() throws {
        // strace makes listing the directory fail, as it would without permission (even for root).
        let strace = try #require(HostileReliabilityEndToEndTests.strace)
        let result = runShell(
            """
            cd "$(mktemp -d)" && mkdir -p t/closed t/open && printf 'CPF 390.533.447-05\\n' | tee t/open/a.txt > t/closed/z.txt
            ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" '\(strace)' -f -o /dev/null -P "$PWD/t/closed" \\
                -e trace=getdents64 -e inject=getdents64:error=EACCES "$CPF" find -r "$PWD/t" > out; status=$?
            sed "s|$PWD/||" out; exit $status
            """)
        #expect(result.status == 2)
        #expect(outputLines(result.stdout) == ["t/open/a.txt:1:5: 390.533.447-05"])
        #expect(result.stderr.hasPrefix("cpf: /"))
        #expect(result.stderr.hasSuffix("/t/closed: Permission denied\n"))
    }

    @Test func progressIsNeverWrittenToAPipe() {
        let result = runShell("cd \"$(mktemp -d)\" && \(Self.makeTree) && \"$CPF\" find -r t 2>&1 >/dev/null")
        #expect(String(decoding: result.stdout, as: UTF8.self) == "cpf: t/c/fifo: not a regular file, skipped\n")
    }

    @Test(
        "on a terminal, a long OCR run shows files done out of the total and the time left",
        .enabled(if: InstalledTool.areInstalled("script"), "script (util-linux) is not installed"))
    func progressOnATerminalSaysFilesOutOfTheTotalAndTimeLeft() {
        // Twelve JPEG files (their first bytes) and an OCR engine that takes
        // a fifth of a second an image and reads nothing: about 2.4 s on one
        // thread. `script` gives cpf a pseudo-terminal for standard error.
        let result = runShell(
            #"""
            cd "$(mktemp -d)" && mkdir t && for i in 01 02 03 04 05 06 07 08 09 10 11 12; do
              printf '\377\330\377\340 x' > t/$i.jpg; done
            cat > slow <<'EOF'
            #!/bin/sh
            case "$1" in --list-langs) printf 'por\n'; exit 0;; esac
            cat > /dev/null; sleep 0.2
            printf 'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext\n'
            EOF
            chmod +x slow
            script -qec '"$CPF" find -r --threads 1 --ocr-engine ./slow t > out; echo "status $?"' /dev/null
            wc -c < out
            """#, timeout: 60)
        let terminal = String(decoding: result.stdout, as: UTF8.self)
        #expect(terminal.contains("/12 files, "), "\(terminal.debugDescription) \(result.stderr)")
        #expect(terminal.contains(" left\r\u{1B}[K"), "\(terminal.debugDescription)")
        // Nothing found: exit status 1.
        #expect(terminal.contains("status 1"))
        #expect(terminal.hasSuffix("0\n"))
    }

    /// About 30 files of different sizes, some big enough to be read in
    /// several blocks and to go over what a waiting file may buffer.
    static let makeManyFiles = """
        set -e
        mkdir -p m/one m/two/three
        i=0
        while [ $i -lt 30 ]; do
            case $((i % 3)) in 0) d=m/one;; 1) d=m/two;; 2) d=m/two/three;; esac
            n=$(( (i * 7919) % 40 + 1 ))
            "$CPF" generate -n $((n * 200)) --seed $i --formatted | sed 's/^/CPF /' > $d/f$i.txt
            i=$((i + 1))
        done
        "$CPF" generate -n 120000 --seed 99 > m/one/big.txt
        """

    @Test func oneThreadAndManyThreadsPrintTheSameBytes() {
        let result = runShell(
            """
            cd "$(mktemp -d)" && \(Self.makeManyFiles)
            "$CPF" find -r --threads 1 m > one.out
            "$CPF" find -r --threads 2 m > two.out
            "$CPF" find -r --threads 4 m > four.out
            "$CPF" find -r --threads 3 --json m > three.json
            "$CPF" find -r --threads 1 --json m > one.json
            "$CPF" find -r --threads 4 --count m > four.count
            "$CPF" find -r --threads 1 --count m > one.count
            cmp one.out two.out && cmp one.out four.out && cmp one.json three.json && cmp one.count four.count && wc -l < one.out && wc -l < one.count
            """, timeout: 120)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            outputLines(result.stdout).first.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } ?? 0 > 200_000)
        #expect(outputLines(result.stdout).last?.trimmingCharacters(in: .whitespaces) == "31")
    }

    @Test func redactInPlaceThenFindFindsNothingAndCleanFilesAreUntouched() {
        let result = runShell(
            """
            cd "$(mktemp -d)" && \(Self.makeTree) && \(Self.makeManyFiles)
            chmod 600 t/a/x.txt
            printf 'no CPF, just 12.345.678/0001-95\\n' > m/clean.txt
            touch -d @1000000000 m/clean.txt t/a/b/clean.txt t/c/empty
            before=$(stat -c '%i %Y' m/clean.txt t/a/b/clean.txt t/c/empty)
            "$CPF" redact -r --in-place --threads 2 t m 2> changed || exit 10
            "$CPF" find -r --confidence low --include-invalid t m && exit 11
            after=$(stat -c '%i %Y' m/clean.txt t/a/b/clean.txt t/c/empty)
            [ "$before" = "$after" ] || exit 12
            [ "$(stat -c %a t/a/x.txt)" = 600 ] || exit 13
            ls -a t/a t/c m/one | grep -q cpf-redact && exit 14
            cat t/a/x.txt; grep -c . changed
            """, timeout: 120)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = outputLines(result.stdout)
        #expect(lines.prefix(2) == ["CPF ***.***.***-**", "foo ***********"])
        #expect(lines.last == "35")  // 31 files of m, and x.txt, bin.dat and não.txt of t; the FIFO note
    }

    @Test func inPlaceRefusesStandardInput() {
        for arguments in [
            ["redact", "--in-place"], ["redact", "--in-place", "-"], ["redact", "--in-place", "a", "-"],
        ] {
            let result = run(arguments, stdin: Data("CPF 390.533.447-05\n"))
            #expect(result.status == 2)
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.contains("standard input cannot be rewritten in place"))
        }
    }

    @Test(.needsStrace) func anErrorOnOneFileLeavesItAsItWasAndTheOthersGoOn() throws {
        // strace makes the first rename fail, as a full or read-only disk would.
        let strace = try #require(HostileReliabilityEndToEndTests.strace)
        let result = runShell(
            """
            cd "$(mktemp -d)" && mkdir -p t/first t/second
            printf 'CPF 390.533.447-05\\n' | tee t/first/a.txt > t/second/b.txt
            ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" '\(strace)' -f -o /dev/null -e trace=rename,renameat,renameat2 \\
                -e inject=rename,renameat,renameat2:error=EIO:when=1 "$CPF" redact -r --in-place --threads 1 t; status=$?
            cat t/first/a.txt t/second/b.txt; ls -a t/first; exit $status
            """)
        #expect(result.status == 2)
        #expect(outputLines(result.stdout) == ["CPF 390.533.447-05", "CPF ***.***.***-**", ".", "..", "a.txt"])
        #expect(result.stderr == "cpf: t/first/a.txt: Input/output error\ncpf: redacted t/second/b.txt (1 hidden)\n")
    }

    @Test func killedDuringARewriteLeavesTheOldFileOrTheNewNeverAMix() {
        // Killed while the temporary file is being written (once it shows up):
        // with SIGKILL, only that documented temporary file may be left; with
        // SIGTERM, not even that.
        let result = runShell(
            """
            cd "$(mktemp -d)"
            "$CPF" generate -n 400000 --seed 5 --formatted | sed 's/^/CPF /' > big.txt
            old=$(cksum < big.txt)
            "$CPF" redact < big.txt > expected.txt
            new=$(cksum < expected.txt)
            for signal in KILL TERM; do
                cp big.txt work.txt
                "$CPF" redact --in-place work.txt 2>/dev/null & pid=$!
                i=0
                while [ $i -lt 3000 ] && ! ls .cpf-redact-* > /dev/null 2>&1; do sleep 0.01; i=$((i + 1)); done
                ls .cpf-redact-* > /dev/null 2>&1 && echo "seen $signal"
                kill -$signal $pid 2>/dev/null; wait $pid
                now=$(cksum < work.txt)
                [ "$now" = "$old" ] || [ "$now" = "$new" ] || { echo "mixed after SIG$signal"; exit 1; }
                for f in .[!.]* *; do
                    case "$f" in
                    big.txt|expected.txt|work.txt|'.[!.]*') ;;
                    .cpf-redact-??????) [ $signal = KILL ] || { echo "left $f after SIG$signal"; exit 2; } ;;
                    *) echo "stray $f"; exit 3 ;;
                    esac
                done
                rm -f .cpf-redact-??????
            done
            """, timeout: 120)
        #expect(result.status == 0, "\(String(decoding: result.stdout, as: UTF8.self)) \(result.stderr)")
        #expect(outputLines(result.stdout) == ["seen KILL", "seen TERM"])
    }
}
