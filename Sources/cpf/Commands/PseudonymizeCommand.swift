import CPFKit

/// `cpf pseudonymize`: consistent, reversible pseudonyms (FF1-AES-256).
enum PseudonymizeCommand: Command {
    static let keyFile = OptionDefinition(
        "key-file", value: "file", help: "The key: a file of 64 hexadecimal digits (a 256-bit AES key), readable by you only. Required.")
    static let tweak = OptionDefinition(
        "tweak", value: "text", help: "FF1's tweak (default: empty). Another tweak gives other pseudonyms with the same key: one per data set that must not be joined.")
    static let keepRegion = OptionDefinition(
        "keep-region", help: "Keep the ninth digit, the fiscal region; only the first eight digits are encrypted.")
    static let reverse = OptionDefinition(
        "reverse", help: "Turn pseudonyms back into the CPFs they came from (same key, tweak and --keep-region).")
    static let formatted = OptionDefinition(
        "formatted", help: "Print every result masked, DDD.DDD.DDD-DD (by default each keeps the form of its input).")
    static let newKeyFile = OptionDefinition(
        "new-key-file", value: "file", help: "Write a new random key to <file> (mode 0600) and exit. Never overwrites a file.")

    static let definition = CommandDefinition(
        name: "pseudonymize",
        abstract: "Replace CPFs with consistent, reversible pseudonyms.",
        usage: "--key-file <file> [--tweak <text>] [--keep-region] [--reverse] [--formatted] [--field <n>] [<cpf> ...]",
        arguments: [
            ("<cpf>", "CPFs to pseudonymize. Without any, CPFs are read one per line from --input files or standard input."),
        ],
        options: [
            keyFile,
            tweak,
            keepRegion,
            reverse,
            formatted,
            CommonOptions.input,
            CommonOptions.field,
            CommonOptions.delimiter,
            CommonOptions.header,
            CommonOptions.strict,
            newKeyFile,
        ],
        discussion: """
            Each valid CPF becomes another valid CPF, never one repeated digit: the same
            for the same CPF, key and tweak on every run and machine, never the same for
            two CPFs, and turned back with --reverse. Separators and spaces stay as
            written (masked stays masked, bare stays bare). One output line per input
            line; an input that is not a valid CPF is reported on standard error
            (cpf: SOURCE:LINE: 'INPUT': MESSAGE) and passed through unchanged.

            The construction is fixed so that other tools can reproduce it: FF1 of NIST
            SP 800-38G Rev. 1 with AES-256, radix 10, the tweak's UTF-8 bytes, over the
            first 9 digits (8 with --keep-region); a base of one repeated digit is
            encrypted again; the check digits are recomputed.

            Pseudonyms are still personal data (LGPD): whoever holds the key can undo
            them. Keep the key file apart from the data, readable by you only (a key
            file others can read gets a warning).

            EXIT STATUS:
              0 all rewritten, 1 at least one passed through, 2 usage or I/O error or
              an unusable key file (missing, not 64 hexadecimal digits).

            EXAMPLES:
              cpf pseudonymize --new-key-file cpf.key
              cpf pseudonymize --key-file cpf.key 390.533.447-05
              cpf pseudonymize --key-file cpf.key --tweak crm < cpfs.txt > pseudonyms.txt
              cpf pseudonymize --key-file cpf.key --tweak crm --reverse < pseudonyms.txt
            """)

    static func run(_ arguments: ParsedArguments, context: Context) throws(UsageError) -> ExitStatus {
        if let path = arguments.value(Self.newKeyFile) {
            if let extra = arguments.positionals.first { throw .unexpectedArgument(extra) }
            for other in [Self.keyFile, Self.tweak, Self.keepRegion, Self.reverse, Self.formatted, CommonOptions.input, CommonOptions.strict]
            where arguments.has(other) {
                throw .conflictingOptions(arguments.spelling(Self.newKeyFile), arguments.spelling(other))
            }
            do throws(KeyFile.Failure) {
                try KeyFile.create(path)
            } catch {
                context.diagnose(error.description)
                return .error
            }
            return .success
        }
        try CommonOptions.requireArgumentsOrInput(arguments)
        guard let key = try key(arguments, context: context) else { return .error }
        let pseudonymizer = pseudonymizer(key: key, arguments)
        var settings = PseudonymizeEngine.Settings()
        settings.reverses = arguments.has(Self.reverse)
        settings.formats = arguments.has(Self.formatted)
        settings.options = CommonOptions.parsingOptions(arguments)
        settings.columns = try CommonOptions.columns(arguments)
        return PseudonymizeEngine(pseudonymizer: pseudonymizer, settings: settings, context: context).run(
            arguments: arguments.positionals, inputs: CommonOptions.inputs(arguments), context: context)
    }

    /// The key of `--key-file` (required), its permission warning reported;
    /// `nil` when it cannot be read, the reason reported.
    static func key(_ arguments: ParsedArguments, context: Context) throws(UsageError) -> CPFPseudonymizer.Key? {
        guard let path = arguments.value(keyFile) else {
            throw .invalid("'--key-file' is required (make a key with 'cpf pseudonymize --new-key-file <file>')")
        }
        do throws(KeyFile.Failure) {
            let read = try KeyFile.read(path)
            if let warning = read.warning { context.diagnose(warning) }
            return read.key
        } catch {
            context.diagnose(error.description)
            return nil
        }
    }

    /// The pseudonymizer of `key` with the `--tweak` and `--keep-region` given.
    static func pseudonymizer(key: CPFPseudonymizer.Key, _ arguments: ParsedArguments) -> CPFPseudonymizer {
        CPFPseudonymizer(key: key, tweakBytes: arguments.value(tweak)?.bytes ?? [], keepsRegion: arguments.has(keepRegion))
    }
}
