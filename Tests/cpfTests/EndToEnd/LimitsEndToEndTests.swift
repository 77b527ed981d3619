// Limits and signals, end to end (issue 21): a non-blocking standard input,
// a terminating signal in the middle of a write to a regular file, and the
// limits of `ulimit` (address space, file size).

import CPFTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("reliability, third round: limits and signals")
struct LimitsEndToEndTests {
    /// Every command that reads, with a line it answers on standard output.
    static let readers: [(command: [String], line: String)] = [
        (["check"], "390.533.447-06\n"),
        (["format"], "39053344705\n"),
        (["strip"], "390.533.447-05\n"),
        (["complete"], "390533447\n"),
        (["find"], "cpf 390.533.447-05\n"),
        (["redact"], "cpf 390.533.447-05\n"),
        (["pseudonymize"], "39053344705\n"),
    ]

    /// Waits at most 20 seconds for `descriptor` to have something to read.
    static func waitForInput(_ descriptor: Int32) -> Bool {
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while true {
            let result = poll(&request, 1, 20_000)
            if result >= 0 || errno != EINTR { return result > 0 }
        }
    }

    /// Waits at most 20 seconds for the main thread of `pid` to sleep
    /// (state `S` in /proc/PID/stat: waiting for input) or to have ended
    /// (`Z`); `false` on timeout.
    static func waitForSleepOrExit(_ pid: pid_t) -> Bool {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let end = stat.lastIndex(of: ")")
            else { return true }
            let state = stat[end...].dropFirst(2).first
            if state == "S" || state == "Z" { return true }
            usleep(200)
        }
        return false
    }

    @Test(
        "a non-blocking standard input with nothing ready yet is waited for, not 'Resource temporarily unavailable'",
        arguments: 0..<readers.count)
    func nonBlockingStandardInput(reader: Int) throws {
        try #require(CPFBinary.isPresent, Comment(rawValue: CPFBinary.missingMessage))
        let directory = TemporaryDirectory()
        let key = directory.file("key", String(repeating: "0f", count: 32) + "\n")
        chmod(key, 0o600)
        let (command, line) = Self.readers[reader]
        let arguments = command == ["pseudonymize"] ? command + ["--key-file", key] : command
        // What the same two lines give through an ordinary pipe.
        let expected = run(arguments, stdin: Data((line + line).utf8))

        // A pipe set non-blocking by the parent, as `python3 -c 'fcntl(0,
        // F_SETFL, O_NONBLOCK)' | cpf` leaves it: the flag belongs to the
        // open pipe, so cpf's standard input has it too.
        let (readEnd, writeEnd) = makePipe()
        _ = fcntl(readEnd, F_SETFL, fcntl(readEnd, F_GETFL) | O_NONBLOCK)
        let (outputRead, outputWrite) = makePipe()
        let (errorRead, errorWrite) = makePipe()
        writeAllIgnoringEPIPE(writeEnd, Data(line.utf8))
        let pid = spawnCPF(arguments, stdin: readEnd, stdout: outputWrite, stderr: errorWrite)
        close(readEnd)
        close(outputWrite)
        close(errorWrite)
        // The first line's answer comes out before cpf reads again (live
        // output); the second line comes only once cpf sleeps (waiting for
        // it) or has ended, so cpf has read an empty non-blocking pipe.
        let answered = Self.waitForInput(outputRead)
        #expect(answered)
        let waited = Self.waitForSleepOrExit(pid)
        #expect(waited)
        writeAllIgnoringEPIPE(writeEnd, Data(line.utf8))
        close(writeEnd)
        let output = readToEnd(outputRead)
        close(outputRead)
        let errors = String(decoding: readToEnd(errorRead), as: UTF8.self)
        close(errorRead)
        let (status, signal, timedOut) = waitForExit(pid, timeout: 30)
        #expect(!timedOut)
        #expect(signal == nil)
        #expect(errors == expected.stderr)
        #expect(status == expected.status)
        #expect(output == expected.stdout)
        #expect(!output.isEmpty)
    }

    /// What a run killed in the middle of writing to a regular file left.
    enum KilledRun: Equatable {
        case whole, halfRecord, notJSON
        case notKilled(status: Int32, signal: Int32?)
    }

    /// Runs `cpf check --json > output` with `input`'s lines on a pipe that
    /// stays open until the kill (a release binary would otherwise be done
    /// with them before it), sends SIGTERM once the output has passed
    /// `target` bytes and, when it can be seen, while a block is being
    /// written (the file then ends inside a record), and judges what is left
    /// in the output file.
    static func killDuringWrite(input: Data, output: String, target: Int) -> KilledRun {
        _ = CPFBinary.ignoreSIGPIPE
        let (readEnd, writeEnd) = makePipe()
        let outputFD = open(output, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
        defer { close(outputFD) }
        // SIGTERM at its default action, whatever the test runner has.
        var pid = pid_t()
        let spawned = spawnProcess(
            &pid, CPFBinary.path, ["check", "--json"], descriptors: (readEnd, outputFD, null),
            environment: CPFBinary.englishEnvironment, defaultSignals: true)
        precondition(spawned == 0, "posix_spawn \(CPFBinary.path) failed: \(spawned)")
        close(readEnd)
        close(null)
        let killed = DispatchSemaphore(value: 0)
        let fed = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            input.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let written = write(writeEnd, buffer.baseAddress! + offset, buffer.count - offset)
                    if written < 0, errno == EINTR { continue }
                    if written <= 0 { break }
                    offset += written
                }
            }
            killed.wait()
            close(writeEnd)
            fed.signal()
        }
        defer {
            killed.signal()
            fed.wait()
        }
        var info = stat()
        var last: UInt8 = 0
        let deadline = Date().addingTimeInterval(30)
        while fstat(outputFD, &info) == 0, info.st_size < target, Date() < deadline {
            if kill(pid, 0) != 0 { break }
        }
        // A write in progress: the file grows page by page, and ends inside a record meanwhile. A file
        // that stops growing has no write in progress (cpf waits for input): no use looking longer.
        var size = off_t(-1)
        var unchanged = 0
        for _ in 0..<20_000 where unchanged < 500 {
            guard fstat(outputFD, &info) == 0, info.st_size > 0, pread(outputFD, &last, 1, off_t(info.st_size - 1)) == 1
            else { continue }
            if last != 0x0A { break }
            unchanged = info.st_size == size ? unchanged + 1 : 0
            size = info.st_size
        }
        kill(pid, SIGTERM)
        let (status, signal, _) = waitForExit(pid, timeout: 30)
        guard signal == SIGTERM else { return .notKilled(status: status, signal: signal) }
        let data = (try? Data(contentsOf: URL(fileURLWithPath: output))) ?? Data()
        guard data.isEmpty || data.last == 0x0A else { return .halfRecord }
        guard let lastLine = data.dropLast().split(separator: 0x0A).last else { return .whole }
        let object = try? JSONSerialization.jsonObject(with: Data(lastLine))
        return object is [String: Any] ? .whole : .notJSON
    }

    @Test("SIGTERM while check --json writes to a regular file leaves whole JSON Lines (200 kills at random moments)")
    func signalDuringAWriteToARegularFile() throws {
        try #require(CPFBinary.isPresent, Comment(rawValue: CPFBinary.missingMessage))
        let directory = TemporaryDirectory()
        let lines = ["390.533.447-05", "390.533.447-06", "abc", "  39053344705", "231.002.999-00"]
        var random = SeededGenerator(seed: 21)
        let input = Data((0..<100_000).map { _ in lines.randomElement(using: &random)! + "\n" }.joined().utf8)
        var outcomes: [KilledRun] = []
        for run in 0..<200 {
            let target = Int.random(in: 1...(256 << 10), using: &random)
            outcomes.append(
                Self.killDuringWrite(input: input, output: directory.path("out-\(run % 2).json"), target: target))
        }
        let half = outcomes.filter { $0 == .halfRecord }.count
        let broken = outcomes.filter { $0 == .notJSON }.count
        #expect(half == 0, "\(half) of 200 runs left half a record at the end of the file")
        #expect(broken == 0, "\(broken) of 200 runs left a last line that is not a JSON object")
        #expect(
            outcomes.allSatisfy { $0 == .whole || $0 == .halfRecord || $0 == .notJSON },
            """
            not every run was killed by SIGTERM: \
            \(outcomes.filter { if case .notKilled = $0 { true } else { false } })
            """
        )
    }

    @Test("past ulimit -f, a write fails like a full disk: 'File too large', exit 2, not killed by SIGXFSZ")
    func fileSizeLimit() {
        let result = runShell(
            """
            cd "$(mktemp -d)" && ulimit -f 64 && "$CPF" generate -n 100000 > out.txt
            """)
        #expect(result.status == 2)
        #expect(result.stderr == "cpf: standard output: File too large\n")
    }

    @Test(
        "redact --in-place removes its temporary file on every catchable terminating signal, then dies of it",
        arguments: ["USR1", "USR2", "ALRM", "XCPU", "VTALRM", "PROF", "HUP", "TERM"])
    func temporaryFileRemovedOnSignal(signal: String) {
        let result = runShell(
            """
            cd "$(mktemp -d)"
            # Caught while its temporary file is there: stopped first, then
            # signalled and continued. A run too quick to be caught is done
            # again on a file four times larger.
            n=400000
            while :; do
                "$CPF" generate -n $n --seed 5 --formatted | sed 's/^/CPF /' > work.txt
                old=$(cksum < work.txt)
                "$CPF" redact < work.txt > expected.txt
                new=$(cksum < expected.txt)
                "$CPF" redact --in-place --threads 1 work.txt 2>/dev/null & pid=$!
                i=0
                # (Field 3 of /proc/PID/stat is Z once it has exited.)
                while [ $i -lt 3000 ] && ! ls .cpf-redact-* > /dev/null 2>&1 \
                    && [ "$(cut -d' ' -f3 /proc/$pid/stat 2>/dev/null)" != Z ]; do
                    sleep 0.01; i=$((i + 1))
                done
                kill -STOP $pid 2>/dev/null
                if ls .cpf-redact-* > /dev/null 2>&1; then echo seen; break; fi
                kill -CONT $pid 2>/dev/null; wait $pid
                [ $n -ge 6400000 ] && { echo "never caught"; break; }
                n=$((n * 4))
            done
            kill -\(signal) $pid; kill -CONT $pid; wait $pid; echo "status $?"
            now=$(cksum < work.txt)
            [ "$now" = "$old" ] || [ "$now" = "$new" ] || echo mixed
            ls -A
            """, timeout: 120)
        let number = [
            "USR1": SIGUSR1, "USR2": SIGUSR2, "ALRM": SIGALRM, "XCPU": SIGXCPU, "VTALRM": SIGVTALRM,
            "PROF": SIGPROF, "HUP": SIGHUP, "TERM": SIGTERM,
        ][signal]!
        // Died of the signal. (SIGINT and SIGQUIT are ignored by a background job of sh: not tested here.)
        #expect(outputLines(result.stdout) == ["seen", "status \(128 + number)", "expected.txt", "work.txt"])
    }

    @Test("past ulimit -f, redact --in-place reports the file too large, removes its temporary file and goes on")
    func fileSizeLimitDuringARewrite() {
        let result = runShell(
            """
            cd "$(mktemp -d)" && mkdir t
            python3 -c "import sys; sys.stdout.write('CPF 390.533.447-05 linha de registro\\n' * 8000)" > t/big.txt
            printf 'CPF 529.982.247-25\\n' > t/small.txt
            cp t/big.txt big.copy
            status=0
            (ulimit -f 100; "$CPF" redact -r --in-place --threads 1 t) 2> err || status=$?
            echo "status $status"
            cmp -s t/big.txt big.copy && echo "big unchanged"
            cat t/small.txt
            ls -A t
            sed "s|$PWD/||" err
            """)
        #expect(
            outputLines(result.stdout) == [
                "status 2", "big unchanged", "CPF ***.***.***-**", "big.txt", "small.txt",
                "cpf: t/big.txt: File too large", "cpf: redacted t/small.txt (1 hidden)",
            ])
    }

    @Test("under ulimit -v, find -r and redact -r use fewer threads or say 'not enough memory', never crash")
    func memoryLimit() {
        // AddressSanitizer reserves terabytes of address space: it cannot start under any limit.
        guard !ReliabilityEndToEndTests.isAddressSanitized else { return }
        let result = runShell(
            """
            cd "$(mktemp -d)" && mkdir t
            for i in 1 2 3 4 5 6 7 8 9 10; do
                python3 -c "import sys; sys.stdout.write('CPF 390.533.447-05 linha\\n' * 40000)" > t/f$i.txt
            done
            # Below its own floor the binary cannot even start (the loader,
            # then the Swift runtime, fail before main); just above it the
            # runtime's own small allocations fail. Neither is cpf's to
            # handle, and the floor moves with the binary's size: start 2 MB
            # above the lowest limit at which `cpf --version` runs.
            floor=20000
            while [ $floor -lt 300000 ] && ! (ulimit -v $floor; exec "$CPF" --version) > /dev/null 2>&1; do
                floor=$((floor + 500))
            done
            for command in "find -r --count" "redact -r"; do
                for limit in $(seq $((floor + 2000)) 9000 300000); do
                    status=0
                    (ulimit -v $limit; exec "$CPF" $command --threads 8 t) > /dev/null 2> err || status=$?
                    if [ $status = 0 ] || { [ $status = 2 ] && [ "$(cat err)" = "cpf: not enough memory" ]; }; then
                        [ $status = 0 ] && echo ok || echo refused
                    else
                        echo "$command under $limit KiB: status $status: $(head -c 200 err)"
                    fi
                done
            done | sort | uniq -c | sed 's/^ *//'
            """, timeout: 300)
        let lines = outputLines(result.stdout)
        #expect(lines.allSatisfy { $0.hasSuffix(" ok") || $0.hasSuffix(" refused") }, "\(lines)")
        #expect(lines.contains { $0.hasSuffix(" ok") }, "no limit was large enough to run: \(lines)")
    }

    @Test(
        """
        under ulimit -v 1 GiB, a docx or xlsx whose one XML part inflates to 250 MiB is named not searched, left as \
        it was, exit 2: find and redact --in-place never crash (issue 38, item 5)
        """,
        .enabled(if: DocumentEndToEndTests.documentTools))
    func officePartLargerThanMemoryAllows() {
        guard !ReliabilityEndToEndTests.isAddressSanitized else { return }
        let result = runShell(
            #"""
            cd "$(mktemp -d)" && \#(DocumentEndToEndTests.py) && "$PY" - <<'EOF'
            import docx, openpyxl, random, struct, zlib, zipfile
            # One part is 250 MiB of text (1 MiB chunks that compress 115 to 1, under the ratio limit), written
            # as a deflate stream of one chunk compressed once and repeated, so that nothing compresses 250 MiB.
            r = random.Random(1)
            text = bytes(r.choice(b'abcdefghijklmnopqrstuvwxyz ') for _ in range(4096)) * 256
            def big(prefix, chunk, suffix, count=250):
                c = zlib.compressobj(9, zlib.DEFLATED, -15)
                data = c.compress(prefix) + c.flush(zlib.Z_FULL_FLUSH)
                data += (c.compress(chunk) + c.flush(zlib.Z_FULL_FLUSH)) * count + c.compress(suffix) + c.flush()
                crc = zlib.crc32(prefix)
                for _ in range(count): crc = zlib.crc32(chunk, crc)
                return data, zlib.crc32(suffix, crc), len(prefix) + len(chunk) * count + len(suffix)
            def write(path, template, member, cut, chunk):
                z = zipfile.ZipFile(template); parts = [(n, z.read(n)) for n in z.namelist()]; z.close()
                out = open(path, 'wb'); central = b''
                for n, b in parts:
                    if n == member:
                        i = b.index(cut); data, crc, size = big(b[:i], chunk, b[i:])
                    else:
                        c = zlib.compressobj(9, zlib.DEFLATED, -15)
                        data, crc, size = c.compress(b) + c.flush(), zlib.crc32(b), len(b)
                    offset = out.tell(); name = n.encode()
                    out.write(struct.pack('<IHHHHHIIIHH', 0x04034b50, 20, 0, 8, 0, 0x21, crc, len(data), size,
                                          len(name), 0) + name + data)
                    central += struct.pack('<IHHHHHHIIIHHHHHII', 0x02014b50, 20, 20, 0, 8, 0, 0x21, crc, len(data),
                                           size, len(name), 0, 0, 0, 0, 0, offset) + name
                start = out.tell(); out.write(central)
                out.write(struct.pack('<IHHHHIIH', 0x06054b50, 0, 0, len(parts), len(parts), len(central), start, 0))
            d = docx.Document(); d.add_paragraph('CPF 529.982.247-25 Contrato'); d.save('t.docx')
            write('big.docx', 't.docx', 'word/document.xml', b'Contrato', text)
            w = openpyxl.Workbook(); w.active['A1'] = 'CPF 529.982.247-25'; w.save('t.xlsx')
            row = b'<row><c t="inlineStr"><is><t>' + text[:(1 << 20) - 47] + b'</t></is></c></row>'
            write('big.xlsx', 't.xlsx', 'xl/worksheets/sheet1.xml', b'</sheetData>', row)
            EOF
            cp big.docx before.docx; cp big.xlsx before.xlsx
            for file in big.docx big.xlsx; do
                for command in "find --count" "redact --in-place"; do
                    status=0
                    (ulimit -v 1048576; exec "$CPF" $command $file) > /dev/null 2> err || status=$?
                    echo "$command $file: $status"
                    sed -e 's/larger than [0-9]* MiB/larger than N MiB/' err
                done
            done
            cmp big.docx before.docx && cmp big.xlsx before.xlsx && echo unchanged
            """#, timeout: 300)
        #expect(
            outputLines(result.stdout) == [
                "find --count big.docx: 2",
                """
                cpf: big.docx: not searched: member word/document.xml: larger than N MiB (what the memory limit \
                leaves), held whole
                """,
                "redact --in-place big.docx: 2",
                """
                cpf: big.docx: not searched: member word/document.xml: larger than N MiB (what the memory limit \
                leaves), held whole
                """,
                "find --count big.xlsx: 2",
                """
                cpf: big.xlsx: not searched: member xl/worksheets/sheet1.xml: larger than N MiB (what the memory \
                limit leaves), held whole
                """,
                "redact --in-place big.xlsx: 2",
                """
                cpf: big.xlsx: not searched: member xl/worksheets/sheet1.xml: larger than N MiB (what the memory \
                limit leaves), held whole
                """,
                "unchanged",
            ])
    }
}
