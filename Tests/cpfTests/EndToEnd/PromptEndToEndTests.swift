// End-to-end tests of `cpf prompt`: the built binary in a real
// pseudo-terminal, a pane of a tmux server of its own, driven with
// send-keys and paste-buffer and read back with capture-pane. Each test has
// its own tmux socket (-S) and kills its server at the end, and none needs a
// controlling terminal or a standard input of its own, so they run in CI.

import CPFKit
import CPFTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

enum Tmux {
    /// The tmux executable, if installed.
    static let path: String? = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }
}

/// `cpf prompt` running in the only pane of a tmux server of its own. The
/// pane runs a script that saves `stty -g` before and after `cpf`, and the
/// exit status, standard output and standard error of `cpf` in files.
final class PromptPane {
    /// The tmux server's socket, a path of its own (short: sockets have a
    /// length limit), removed at the end; tmux leaves it behind.
    let socket = "/tmp/cpf-tmux-\(getpid())-\(UUID().uuidString.prefix(8))"
    let directory = TemporaryDirectory()
    let sourceLocation: SourceLocation

    /// Starts `cpf ARGUMENTS` in an 80×5 pane; `setup` is shell code run first
    /// (such as `export NO_COLOR=1`). With `jobControl`, the pane runs an
    /// interactive shell with job control, which runs the script as a job, as
    /// a user at a terminal would.
    init(
        _ arguments: [String], setup: String = "unset NO_COLOR", jobControl: Bool = false,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        self.sourceLocation = sourceLocation
        let folder = directory.url.path
        let command = ([CPFBinary.path] + arguments).map(Self.quote).joined(separator: " ")
        let script = directory.file(
            "run.sh",
            """
            cd \(Self.quote(folder)) || exit 1
            \(setup)
            stty -g > before
            sh -c 'echo $$ > pid; exec "$@"' sh \(command) > out 2> err
            status=$?
            stty -g > after
            echo $status > status
            """)
        if jobControl {
            tmux(["new-session", "-d", "-s", "cpf", "-x", "80", "-y", "5", "env ENV= PS1='$ ' sh -im"])
            tmux(["send-keys", "-t", "cpf", "-l", "sh \(Self.quote(script))"])
            tmux(["send-keys", "-t", "cpf", "Enter"])
        } else {
            tmux(["new-session", "-d", "-s", "cpf", "-x", "80", "-y", "5", "sh \(Self.quote(script))"])
        }
        waitForRawMode()
    }

    /// Waits (at most 20 s) until the pane's terminal is in raw mode, so
    /// that `cpf` reads what is typed from then on (typed earlier, it would
    /// be echoed by the terminal first).
    func waitForRawMode() {
        let tty = tmux(["display-message", "-p", "-t", "cpf", "#{pane_tty}"]).trimmingCharacters(
            in: .whitespacesAndNewlines)
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if runQuietly("/bin/sh", ["-c", "stty -a < \"$0\"", tty]).output.contains("-icanon") { return }
            usleep(20_000)
        }
        Issue.record("cpf prompt did not put the terminal \(tty) in raw mode", sourceLocation: sourceLocation)
    }

    deinit {
        tmux(["kill-server"], check: false)
        unlink(socket)
    }

    static func quote(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Runs tmux on this test's socket; returns its standard output.
    @discardableResult
    func tmux(_ arguments: [String], check: Bool = true) -> String {
        guard let path = Tmux.path else { return "" }
        let (status, output) = runQuietly(path, ["-u", "-S", socket, "-f", "/dev/null"] + arguments)
        if check, status != 0 {
            Issue.record("tmux \(arguments.joined(separator: " ")) failed", sourceLocation: sourceLocation)
        }
        return output
    }

    /// Runs a program to its end with standard input and error on /dev/null
    /// and standard output in a file; returns its exit status and output.
    ///
    /// Not Foundation's Process: a tmux server started from a test thread
    /// would inherit that thread's blocked signals (and never end on
    /// kill-server) and pipe ends of tests running in parallel (and keep
    /// their readers waiting). So: posix_spawn with every signal unblocked
    /// and at its default action (``spawnProcess``, under the lock the other
    /// end-to-end tests take to make their close-on-exec pipes), with no pipe.
    func runQuietly(_ path: String, _ arguments: [String]) -> (status: Int32, output: String) {
        let outputPath = directory.url.appendingPathComponent("output-\(UUID().uuidString)").path
        defer { unlink(outputPath) }
        let outputFile = open(outputPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        let null = open("/dev/null", O_RDWR | O_CLOEXEC)
        var environment = ProcessInfo.processInfo.environment
        environment["TMUX"] = nil
        environment["TMUX_PANE"] = nil
        var pid = pid_t()
        let result = spawnProcess(
            &pid, path, arguments, descriptors: (null, outputFile, null),
            environment: environment, defaultSignals: true)
        close(outputFile)
        close(null)
        guard result == 0 else {
            Issue.record("cannot run \(path): \(result)", sourceLocation: sourceLocation)
            return (-1, "")
        }
        let (status, _, _) = waitForExit(pid, timeout: 30)
        let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        return (status, output)
    }

    /// The first line of the pane, trailing spaces removed.
    var line: String {
        let screen = tmux(["capture-pane", "-p", "-t", "cpf"], check: false)
        let first = screen.split(separator: "\n", omittingEmptySubsequences: false).first ?? ""
        return String(first.reversed().drop { $0 == " " }.reversed())
    }

    /// The whole pane, line by line.
    var screen: String {
        tmux(["capture-pane", "-p", "-t", "cpf"], check: false)
    }

    /// Waits (at most 20 s) until a line of the pane is `expected`.
    func expectLine(_ expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
        expectLine(sourceLocation: sourceLocation) { $0 == expected }
    }

    /// Waits (at most 20 s) until a line of the pane (trailing spaces removed) matches.
    func expectLine(sourceLocation: SourceLocation = #_sourceLocation, _ matches: (String) -> Bool) {
        let deadline = Date().addingTimeInterval(20)
        while !screen.split(separator: "\n").contains(where: { matches($0.trimmingCharacters(in: .whitespaces)) }) {
            if Date() > deadline {
                Issue.record("no such line in the pane:\n\(screen)", sourceLocation: sourceLocation)
                return
            }
            usleep(20_000)
        }
    }

    /// Sends bytes to `cpf` as the terminal would, given in hexadecimal.
    func sendBytes(_ bytes: [UInt8]) {
        tmux(["send-keys", "-t", "cpf", "-H"] + bytes.map { String($0, radix: 16) })
    }

    /// Saves everything `cpf` writes to the terminal from now on in the file `name`.
    func recordOutput(to name: String) {
        let path = directory.url.appendingPathComponent(name).path
        tmux(["pipe-pane", "-o", "-t", "cpf", "cat >> \(Self.quote(path))"])
        // The pane's output goes into the pipe from now on; wait (polling,
        // at most 20 s) for its reader to have opened the file.
        let deadline = Date().addingTimeInterval(20)
        while !FileManager.default.fileExists(atPath: path), Date() < deadline { usleep(5_000) }
        if !FileManager.default.fileExists(atPath: path) {
            Issue.record("tmux pipe-pane did not start", sourceLocation: sourceLocation)
        }
    }

    /// The first line of the pane with its colours as escape sequences.
    var lineWithColours: String {
        String(tmux(["capture-pane", "-p", "-e", "-t", "cpf"], check: false).split(separator: "\n").first ?? "")
    }

    /// The cursor's column, from 0.
    var cursor: Int? {
        Int(
            tmux(["display-message", "-p", "-t", "cpf", "#{cursor_x}"], check: false)
                .trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Waits (at most 20 s) until the first line is `expected` and, if given,
    /// the cursor is at `cursor`.
    func expect(
        _ expected: String, cursor expectedCursor: Int? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let deadline = Date().addingTimeInterval(20)
        var seen = line
        var seenCursor = cursor
        while seen != expected || (expectedCursor != nil && seenCursor != expectedCursor) {
            if Date() > deadline {
                let wanted = expectedCursor.map { " (cursor \($0))" } ?? ""
                let shown = seenCursor.map(String.init) ?? "?"
                Issue.record(
                    "the pane shows '\(seen)' (cursor \(shown)), expected '\(expected)'\(wanted)",
                    sourceLocation: sourceLocation)
                return
            }
            usleep(20_000)
            seen = line
            seenCursor = cursor
        }
    }

    /// Types text literally, as one write.
    func type(_ text: String) {
        tmux(["send-keys", "-t", "cpf", "-l", text])
    }

    /// Presses keys named as tmux names them (`Enter`, `BSpace`, `Left`, `C-c`, `Escape`).
    func press(_ keys: String...) {
        for key in keys {
            tmux(["send-keys", "-t", "cpf", key])
        }
    }

    /// Pastes text as a terminal does, in bracketed paste mode since `cpf` asks for it.
    func paste(_ text: String) {
        tmux(["set-buffer", "-b", "clip", text])
        tmux(["paste-buffer", "-p", "-d", "-b", "clip", "-t", "cpf"])
    }

    /// The process id of `cpf`.
    var pid: pid_t? {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if let text = try? String(contentsOf: directory.url.appendingPathComponent("pid"), encoding: .utf8),
                let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))
            {
                return pid
            }
            usleep(20_000)
        }
        return nil
    }

    func contents(_ name: String) -> String? {
        try? String(contentsOf: directory.url.appendingPathComponent(name), encoding: .utf8)
    }

    /// Whether `cpf` has ended: the shell has written the whole status line
    /// (the file exists, empty, as soon as `> status` opens it).
    var hasEnded: Bool { contents("status")?.hasSuffix("\n") == true }

    /// Waits (at most 20 s) for `cpf` to end; its exit status as the shell
    /// saw it (128 + N for signal N), standard output, standard error, and
    /// whether `stty -g` was the same before and after.
    func end(sourceLocation: SourceLocation = #_sourceLocation) -> (
        status: Int32, stdout: String, stderr: String, restored: Bool
    ) {
        let deadline = Date().addingTimeInterval(20)
        while !hasEnded {
            if Date() > deadline {
                Issue.record("cpf prompt did not end; the pane shows '\(line)'", sourceLocation: sourceLocation)
                return (-1, "", "", false)
            }
            usleep(20_000)
        }
        let status = Int32(contents("status")!.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
        let before = contents("before")
        return (status, contents("out") ?? "", contents("err") ?? "", before != nil && before == contents("after"))
    }
}

@Suite("cpf prompt, end to end in a pseudo-terminal", .enabled(if: Tmux.path != nil, "tmux is not installed"))
struct PromptEndToEndTests {
    @Test("typing digits shows the mask, the cursor after the last digit; Enter on a valid CPF prints its digits")
    func typeAndAccept() {
        let pane = PromptPane(["prompt"])
        pane.expect("CPF:", cursor: 5)
        pane.type("3905")
        pane.expect("CPF: 390.5", cursor: 10)
        pane.type("33447")
        pane.expect("CPF: 390.533.447", cursor: 16)
        pane.type("05")
        pane.expect("CPF: 390.533.447-05 ✓", cursor: 19)
        pane.press("Enter")
        let result = pane.end()
        #expect(result.status == 0)
        #expect(result.stdout == "39053344705\n")
        #expect(result.stderr == "")
        #expect(result.restored)
    }

    @Test("a label wider than the terminal: every edit redraws the wrapped line in place, no stale copy")
    func wrappedLabel() {
        let label = String(repeating: "L", count: 70)
        let pane = PromptPane(["prompt", "--label", label])
        pane.expect(label, cursor: 71)
        pane.type("3905334")
        pane.press("BSpace")
        pane.type("44")
        pane.press("BSpace")
        pane.type("4705")
        let deadline = Date().addingTimeInterval(20)
        var rows: [String] = []
        while Date() < deadline {
            rows = pane.tmux(["capture-pane", "-p", "-t", "cpf"], check: false)
                .split(separator: "\n", omittingEmptySubsequences: false)
                .map { String($0.reversed().drop { $0 == " " }.reversed()) }
            if rows.count > 1, rows[1] == "47-05 ✓" { break }
            usleep(20_000)
        }
        // Row 0: the label and the start of the field; row 1: the rest; nothing below.
        #expect(rows.first == label + " 390.533.4")
        #expect(rows.dropFirst().first == "47-05 ✓")
        let stale = rows.dropFirst(2).filter { !$0.isEmpty }
        #expect(stale.isEmpty)
        pane.press("Enter")
        let result = pane.end()
        #expect(result.status == 0)
        #expect(result.stdout == "39053344705\n")
    }

    @Test("--formatted prints the mask; --label changes the label")
    func formattedAndLabel() {
        let pane = PromptPane(["prompt", "--formatted", "--label", "Seu CPF:"])
        pane.expect("Seu CPF:", cursor: 9)
        pane.type("39053344705")
        pane.expect("Seu CPF: 390.533.447-05 ✓")
        pane.press("Enter")
        let result = pane.end()
        #expect(result.status == 0)
        #expect(result.stdout == "390.533.447-05\n")
        #expect(result.restored)
    }

    @Test(
        """
        backspace removes a digit and a separator left without a digit after it; before a separator it removes a \
        digit across it
        """
    )
    func backspace() {
        let pane = PromptPane(["prompt", "--label="])
        pane.expect("", cursor: 0)
        pane.type("3905")
        pane.expect("390.5", cursor: 5)
        pane.press("BSpace")
        pane.expect("390", cursor: 3)
        pane.type("533")
        pane.expect("390.533", cursor: 7)
        pane.press("Left", "Left", "Left")
        pane.expect("390.533", cursor: 3)
        pane.press("BSpace")
        pane.expect("395.33", cursor: 2)
        pane.press("Escape")
        let result = pane.end()
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.restored)
    }

    @Test("left arrow then typing inserts in the middle; Home, End, Delete and Right")
    func editInTheMiddle() {
        let pane = PromptPane(["prompt"])
        pane.expect("CPF:")
        pane.type("390533")
        pane.expect("CPF: 390.533", cursor: 12)
        pane.press("Left", "Left")
        pane.expect("CPF: 390.533", cursor: 10)
        pane.type("1")
        pane.expect("CPF: 390.513.3", cursor: 11)
        pane.press("Home")
        pane.expect("CPF: 390.513.3", cursor: 5)
        pane.press("DC")  // Delete
        pane.expect("CPF: 905.133", cursor: 5)
        pane.press("Right")
        pane.expect("CPF: 905.133", cursor: 6)
        pane.press("End")
        pane.expect("CPF: 905.133", cursor: 12)
        pane.press("C-c")
        let result = pane.end()
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.restored)
    }

    @Test("pasting a whole masked number (bracketed paste) replaces what was typed")
    func bracketedPaste() {
        let pane = PromptPane(["prompt"])
        pane.expect("CPF:")
        pane.type("12")
        pane.expect("CPF: 12")
        pane.paste("390.533.447-05")
        pane.expect("CPF: 390.533.447-05 ✓", cursor: 19)
        pane.press("Enter")
        let result = pane.end()
        #expect(result.status == 0)
        #expect(result.stdout == "39053344705\n")
        #expect(result.restored)
    }

    @Test("text typed in one go, junk included, keeps its first 11 digits")
    func pasteWithoutBrackets() {
        let pane = PromptPane(["prompt"])
        pane.expect("CPF:")
        pane.type("cpf: 390 533 447 05 9")
        pane.expect("CPF: 390.533.447-05 ✓")
        pane.type("9")  // the 12th digit is refused
        pane.expect("CPF: 390.533.447-05 ✓", cursor: 19)
        pane.press("Enter")
        #expect(pane.end().stdout == "39053344705\n")
    }

    @Test("Enter on an invalid complete number does nothing: the mark says why")
    func enterOnInvalid() {
        let pane = PromptPane(["prompt"], setup: "export NO_COLOR=1")
        pane.expect("CPF:")
        pane.type("39053344706")
        pane.expect("CPF: 390.533.447-06 ✗ check digits should be 05", cursor: 19)
        pane.press("Enter")
        // Keys are read in order: once the Backspace typed after Enter shows, Enter was read and did nothing.
        pane.press("BSpace")
        pane.expect("CPF: 390.533.447-0", cursor: 18)
        #expect(!pane.hasEnded)
        pane.type("6")
        pane.expect("CPF: 390.533.447-06 ✗ check digits should be 05", cursor: 19)
        pane.press("Enter")
        pane.type("1234")  // the field is full: still there
        pane.expect("CPF: 390.533.447-06 ✗ check digits should be 05", cursor: 19)
        #expect(!pane.hasEnded)
        pane.press("BSpace")
        pane.expect("CPF: 390.533.447-0", cursor: 18)
        pane.press("Enter")  // incomplete: nothing either
        pane.type("5")
        pane.expect("CPF: 390.533.447-05 ✓")
        pane.press("Escape")
        let result = pane.end()
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.restored)
    }

    @Test("--allow-invalid lets Enter take any 11 digits")
    func allowInvalid() {
        let pane = PromptPane(["prompt", "--allow-invalid"])
        pane.expect("CPF:")
        pane.type("11111111111")
        pane.expect("CPF: 111.111.111-11 ✗ all 11 digits are the same")
        pane.press("Enter")
        let result = pane.end()
        #expect(result.status == 0)
        #expect(result.stdout == "11111111111\n")
        #expect(result.restored)
    }

    @Test(
        "Esc and Ctrl-C cancel: exit status 1, nothing on standard output, the terminal as it was",
        arguments: ["Escape", "C-c"])
    func cancel(key: String) {
        let pane = PromptPane(["prompt"])
        pane.expect("CPF:")
        pane.type("39053344705")
        pane.expect("CPF: 390.533.447-05 ✓")
        pane.press(key)
        let result = pane.end()
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr == "")
        #expect(result.restored)
    }

    @Test(
        "a signal ends cpf as it says, with the terminal restored",
        arguments: [
            SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE, SIGXCPU, SIGXFSZ, SIGVTALRM, SIGPROF,
        ])
    func signals(signal: Int32) {
        let pane = PromptPane(["prompt"], setup: "unset NO_COLOR; ulimit -c 0")
        pane.expect("CPF:")
        pane.type("390")
        pane.expect("CPF: 390")
        guard let pid = pane.pid else {
            Issue.record("no pid")
            return
        }
        kill(pid, signal)
        let result = pane.end()
        #expect(result.status == 128 + signal)
        #expect(result.stdout == "")
        #expect(result.restored)
    }

    @Test("colour only when allowed: green ✓ unless NO_COLOR is set")
    func colour() {
        let coloured = PromptPane(["prompt"])
        let plain = PromptPane(["prompt"], setup: "export NO_COLOR=1")
        for pane in [coloured, plain] {
            pane.expect("CPF:")
            pane.type("39053344705")
            pane.expect("CPF: 390.533.447-05 ✓")
        }
        #expect(coloured.lineWithColours.contains("\u{1B}[32m✓"))
        #expect(!plain.lineWithColours.contains("\u{1B}[3"))
        for pane in [coloured, plain] {
            pane.press("Escape")
            #expect(pane.end().restored)
        }
    }
}

@Suite(
    "cpf prompt, end to end in a pseudo-terminal: second round of reliability",
    .enabled(if: Tmux.path != nil, "tmux is not installed"))
struct PromptReliabilityEndToEndTests {
    @Test(
        """
        Ctrl-Z in cpf prompt run from a script stops the script too: the shell gets the terminal back; fg resumes \
        in raw mode
        """
    )
    func suspendFromAScript() {
        let pane = PromptPane(["prompt"], jobControl: true)
        pane.expectLine("CPF:")
        pane.type("390")
        pane.expectLine("CPF: 390")
        pane.press("C-z")
        pane.expectLine { $0.contains("Stopped") }
        // The interactive shell has the terminal again, with the terminal's own settings.
        pane.type("echo back-$((40 + 2))")
        pane.press("Enter")
        pane.expectLine("back-42")
        pane.type("fg")
        pane.press("Enter")
        pane.waitForRawMode()
        pane.type("53344705")
        pane.expectLine("CPF: 390.533.447-05 ✓")
        pane.press("Enter")
        let result = pane.end()
        #expect(result.status == 0)
        #expect(result.stdout == "39053344705\n")
        #expect(result.restored)
    }

    @Test(
        "a paste without its end marker ends after a second: Ctrl-C, Esc and Enter work again",
        arguments: ["C-c", "Escape", "Enter"])
    func unfinishedPaste(key: String) {
        let pane = PromptPane(["prompt"])
        pane.expect("CPF:")
        pane.sendBytes(Array("\u{1B}[200~39053344705".utf8))
        pane.expect("CPF: 390.533.447-05 ✓")
        pane.press(key)
        let result = pane.end()
        #expect(result.status == (key == "Enter" ? 0 : 1))
        #expect(result.stdout == (key == "Enter" ? "39053344705\n" : ""))
        #expect(result.restored)
    }

    @Test("TERM=dumb: a plain redraw, never an escape sequence, the cursor still at the caret")
    func dumbTerminal() throws {
        let pane = PromptPane(["prompt"], setup: "export TERM=dumb")
        pane.expect("CPF:", cursor: 5)
        pane.recordOutput(to: "drawn")
        pane.type("3905")
        pane.expect("CPF: 390.5", cursor: 10)
        pane.press("BSpace")
        pane.expect("CPF: 390", cursor: 8)
        pane.press("Left", "Left")
        pane.expect("CPF: 390", cursor: 6)
        pane.type("39053344705")
        pane.expect("CPF: 390.533.447-05 ✓", cursor: 19)
        pane.press("Enter")
        let result = pane.end()
        #expect(result.status == 0)
        #expect(result.stdout == "39053344705\n")
        #expect(result.restored)
        let drawn = try #require(pane.contents("drawn"))
        #expect(drawn.contains("390.5"))
        #expect(!drawn.contains("\u{1B}"), "an escape sequence went to a dumb terminal: \(drawn.debugDescription)")
    }

    @Test(
        "wide characters in the label count 2 columns: the cursor stays at the caret",
        arguments: [
            ("名前:", 5), ("🙂 CPF:", 7), ("Número:", 7),
        ])
    func wideLabel(label: String, width: Int) {
        let pane = PromptPane(["prompt", "--label", label])
        pane.expect(label, cursor: width + 1)
        pane.type("3905")
        pane.expect("\(label) 390.5", cursor: width + 1 + 5)
        pane.press("Escape")
        #expect(pane.end().restored)
    }
}

@Suite("cpf prompt, end to end without a terminal")
struct PromptWithoutTerminalEndToEndTests {
    @Test("no controlling terminal: 'cpf: cannot open the terminal', exit status 2, nothing on standard output")
    func noTerminal() {
        let outcome = launch(["prompt"], stdin: .nothing, newSession: true)
        #expect(outcome.status == 2)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr.hasPrefix("cpf: cannot open the terminal (/dev/tty): "))
        #expect(outcome.stderr.hasSuffix("\n"))
    }

    @Test(
        "usage errors come before the terminal is opened",
        arguments: [
            (["prompt", "39053344705"], "cpf: unexpected argument '39053344705'"),
            (["prompt", "--label"], "cpf: missing value for '--label'"),
            (["prompt", "--bogus"], "cpf: unknown option '--bogus'"),
            (["prompt", "--label", "a\tb"], "cpf: invalid value 'a\\tb' for '--label'"),
        ])
    func usageErrors(arguments: [String], message: String) {
        let outcome = launch(arguments, stdin: .nothing, newSession: true)
        #expect(outcome.status == 2)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr.hasPrefix(message))
    }

    @Test("help tells the same story as the README: keys, options, exit status")
    func help() {
        let result = run(["prompt", "--help"])
        #expect(result.status == 0)
        let text = result.stdout.text
        #expect(text.hasPrefix("OVERVIEW: Type a CPF in the terminal"))
        #expect(text.contains("USAGE: cpf prompt [<options>]"))
        #expect(run(["help", "prompt"]).stdout == result.stdout)
        #expect(run(["--help"]).stdout.text.contains("\n  prompt "))
    }

    @Test("the mask the field shows while typing is what format --partial prints")
    func maskEqualsFormatPartial() {
        var random = SplitMix64(seed: 66)
        var prefixes: [String] = []
        var shown: [String] = []
        for _ in 0..<50 {
            let number = String(1_000_000_000_000 + random.next() % 1_000_000_000_000).suffix(11)
            var edit = CPFMaskEditor.Edit(text: "", caret: 0)
            for digit in number {
                edit = CPFMaskEditor.edit(edit.text, range: edit.caret..<edit.caret, replacement: String(digit))
                prefixes.append(String(number.prefix(CPFMaskEditor.digitCount(in: edit.text, before: .max))))
                shown.append(edit.text)
            }
        }
        let result = run(["format", "--partial"], stdin: Data(prefixes.joined(separator: "\n").utf8))
        #expect(result.status == 0)
        #expect(outputLines(result.stdout) == shown)
    }
}
