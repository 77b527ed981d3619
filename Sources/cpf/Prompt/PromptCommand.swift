import CPFKit
/// `cpf prompt`: type a CPF in the terminal, masked as in a mobile text field.
enum PromptCommand: Command {
    static let label = OptionDefinition(
        "label", value: "text", help: "The text shown before the field (default: 'CPF:'; '' for none).")
    static let formatted = OptionDefinition(
        "formatted", help: "Print the accepted CPF masked, DDD.DDD.DDD-DD.")
    static let allowInvalid = OptionDefinition(
        "allow-invalid", help: "Let Enter accept any 11 digits, valid or not.")

    static let definition = CommandDefinition(
        name: "prompt",
        abstract: "Type a CPF in the terminal, masked as you type.",
        usage: "[<options>]",
        arguments: [],
        options: [
            label,
            formatted,
            allowInvalid,
            CommonOptions.allowRepeated,
        ],
        discussion: """
            Reads keys from the terminal (/dev/tty) and draws the field there, whatever
            standard input and output are; only the accepted CPF and a line feed go to
            standard output. Once 11 digits are in, a mark says whether they are a valid
            CPF (green and red unless NO_COLOR is set or TERM is unset or dumb). The
            terminal's settings are restored on every way out, signals included.

            KEYS:
              0-9                   Type a digit; separators come and go by themselves.
                                    At most 11 digits; other characters are ignored.
              Backspace             Remove the digit before the cursor (after '.' or '-',
                                    the digit before it); a separator left last goes too.
              Delete                Remove the digit after the cursor (also Ctrl-D).
              Left, Right           Move over one digit (also Ctrl-B, Ctrl-F).
              Home, End             Move to the start or the end (also Ctrl-A, Ctrl-E).
              paste                 A whole masked or bare number (11 digits, junk around
                                    them ignored) replaces the field.
              Enter                 Accept a valid CPF (any 11 digits with --allow-invalid);
                                    otherwise nothing happens.
              Esc, Ctrl-C           Cancel: print nothing, exit status 1.
              Ctrl-Z                Suspend, as in a shell with job control.

            EXIT STATUS:
              0 accepted, 1 cancelled, 2 no terminal, usage or I/O error.

            EXAMPLE:
              cpf=$(cpf prompt --label 'Your CPF:') || exit 1
            """)

    /// The label when `--label` is not given.
    static let defaultLabel = "CPF:"

    static func run(_ arguments: ParsedArguments, context: Context) throws(UsageError) -> ExitStatus {
        if let extra = arguments.positionals.first { throw .unexpectedArgument(extra) }
        let given = arguments.value(Self.label) ?? RawText(defaultLabel)
        // Shown as it is: no byte of it may act on the terminal (see Escaping).
        guard Escaping.isPlain(given) else {
            throw .invalidValue(option: arguments.spelling(Self.label), value: given, expected: "text without control or format characters")
        }
        let label = given.text

        // TERM=dumb: no escape sequence at all (a plain redraw, no bracketed paste).
        let isDumb = getenv("TERM").map { String(cString: $0) } == "dumb"
        let terminal: Terminal
        do {
            terminal = try Terminal.open(usesEscapeSequences: !isDumb)
        } catch {
            context.diagnose("cannot open the terminal (\(Terminal.path)): \(error)")
            return .error
        }
        do {
            try terminal.enterRawMode()
        } catch {
            context.diagnose("\(Terminal.path): \(error)")
            return .error
        }
        defer { terminal.restore() }

        let model = CPFFieldViewModel(
            allowsRepeatedDigits: arguments.has(CommonOptions.allowRepeated), acceptsInvalidNumbers: arguments.has(Self.allowInvalid))
        let renderer = PromptRenderer(
            viewModel: model, label: label,
            usesColour: PromptRenderer.allowsColour { name in getenv(name).map { String(cString: $0) } },
            movesCursor: !isDumb, columns: { terminal.columns },
            output: { terminal.write($0) })
        let outcome = interact(terminal: terminal, session: PromptSession(viewModel: model), renderer: renderer)
        renderer.finish()
        terminal.restore()

        switch outcome {
        case .accepted(let digits):
            context.output.write((arguments.has(Self.formatted) ? CPFMask.apply(to: digits) : digits) + "\n")
            return .success
        case .cancelled:
            return .failure
        case .failed(let message):
            context.diagnose("\(Terminal.path): \(message)")
            return .error
        }
    }

    /// How the prompt ended.
    enum Outcome: Equatable {
        case accepted(String)
        case cancelled
        case failed(String)
    }

    /// Reads keys until the user accepts or cancels.
    static func interact(terminal: Terminal, session: PromptSession, renderer: PromptRenderer) -> Outcome {
        var decoder = KeyDecoder()
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 4096, alignment: 1)
        defer { buffer.deallocate() }
        while true {
            if terminal.takeResumed() { renderer.setNeedsDraw() }
            renderer.drawIfNeeded()
            let keys: [Key]
            do {
                // A lone ESC is Esc if nothing follows it within 50 ms; a
                // paste ends after a second without its end marker.
                let timeout: Int32 = decoder.isWaitingForMore ? 50 : decoder.isInPaste ? KeyDecoder.pasteTimeout : -1
                switch try terminal.wait(milliseconds: timeout) {
                case .interrupted:
                    continue
                case .timedOut:
                    keys = decoder.isInPaste ? decoder.endPaste() : decoder.flush()
                case .ready:
                    let count = try terminal.read(into: buffer)
                    if count == 0 { return .failed("the terminal was closed") }
                    keys = decoder.decode(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
                }
            } catch {
                return .failed("\(error)")
            }
            for key in keys {
                switch session.handle(key) {
                case .proceed: break
                case .accept(let digits): return .accepted(digits)
                case .cancel: return .cancelled
                case .suspend: terminal.suspend()
                }
            }
        }
    }
}
