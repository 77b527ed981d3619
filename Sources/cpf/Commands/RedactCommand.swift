import CPFKit

/// `cpf redact`: copy text with the digits of every CPF hidden.
enum RedactCommand: Command {
    static let style = OptionDefinition(
        "style", value: "style", help: "'full' (default) hides every digit: ***.***.***-**, ***********. 'lgpd' hides the first three and the last two: ***.533.447-**, ***533447**. 'pseudonym' writes each CPF's pseudonym (see 'cpf pseudonymize'; needs --key-file), a mistyped one fully hidden.")

    static let confidence = OptionDefinition(
        "confidence", value: "level", help: "Hide CPFs of at least this confidence: low (default: anything that could be a CPF), medium or high. Mistyped CPFs are always hidden.")

    static let inPlace = OptionDefinition(
        "in-place", help: "Rewrite each <file> that has something to hide instead of printing it: atomically (a temporary file in the same folder, renamed over it), mode kept; files with nothing to hide are left untouched. Each file changed is listed on standard error.")

    static let definition = CommandDefinition(
        name: "redact",
        abstract: "Copy text with the digits of every CPF in it hidden.",
        usage: "[-r] [--in-place] [--style full|lgpd|pseudonym] [--confidence <level>] [<file> ...]",
        arguments: [
            ("<file>", "Files to copy, in order ('-' for standard input); with -r, directories too. Without any, standard input is read."),
        ],
        options: [
            style,
            confidence,
            inPlace,
            TreeOptions.recursive,
            TreeOptions.threads,
            TreeOptions.noProgress,
            PseudonymizeCommand.keyFile,
            PseudonymizeCommand.tweak,
            PseudonymizeCommand.keepRegion,
        ],
        discussion: """
            Every CPF and mistyped CPF that 'cpf find --include-invalid' reports at
            the same confidence is rewritten in place, separators, line breaks and
            invisible characters kept; every other byte is copied unchanged, binary
            data and invalid UTF-8 included. After 'cpf redact --confidence L',
            'cpf find --confidence L --include-invalid' finds nothing. Memory stays
            flat whatever the input, even a 1 GB line.

            With --in-place, each file is rewritten only if it has something to
            hide: the new contents are written to a temporary file in the same
            folder (.cpf-redact-XXXXXX), flushed to the disk and renamed over the
            file, with its mode (and owner, where permitted), so the file is at
            every moment the old one or the new one. A file that cannot be read or
            written is reported and left as it was; the others go on.

            EXIT STATUS:
              0 copied or rewritten (whether or not a CPF was found),
              2 usage or I/O error (with --in-place: some file could not be rewritten).

            EXAMPLES:
              cpf redact app.log > app-shared.log
              cpf redact --style lgpd < ticket.txt
              cpf redact -r --in-place shared-folder/
            """)

    static func run(_ arguments: ParsedArguments, context: Context) throws(UsageError) -> ExitStatus {
        let inPlace = arguments.has(Self.inPlace)
        if inPlace, arguments.positionals.isEmpty || arguments.positionals.contains("-") {
            throw .invalid("'\(arguments.spelling(Self.inPlace))' rewrites files: standard input cannot be rewritten in place")
        }
        let threads = try TreeOptions.threadCount(arguments)
        // Each worker has its own style: the pseudonym cache is not shared between threads.
        var makeStyle: () -> RedactEngine.Style = { .hidden(.full) }
        let choices = CPFScanner.RedactionStyle.allCases.map(\.rawValue) + ["pseudonym"]
        let chosen = try arguments.choice(Self.style, among: choices)
        if chosen == "pseudonym" {
            guard let key = try PseudonymizeCommand.key(arguments, context: context) else { return .error }
            let pseudonymizer = PseudonymizeCommand.pseudonymizer(key: key, arguments)
            makeStyle = { .pseudonym(CachingCPFPseudonymizer(pseudonymizer)) }
        } else {
            for option in [PseudonymizeCommand.keyFile, PseudonymizeCommand.tweak, PseudonymizeCommand.keepRegion]
            where arguments.has(option) {
                throw .invalid("'\(arguments.spelling(option))' goes with '--style pseudonym'")
            }
            if let chosen, let hiding = CPFScanner.RedactionStyle(rawValue: chosen) { makeStyle = { .hidden(hiding) } }
        }
        let minimumConfidence = try FindCommand.confidenceLevel(arguments, Self.confidence) ?? .low
        let entries = TreeOptions.entries(arguments)
        let run = TreeRun(
            entries: entries, context: context,
            showsProgress: Progress.isWanted(disabled: arguments.has(TreeOptions.noProgress)), threads: threads)
        run.run(threads: threads, makeWorker: TreeWorkers.redact(
            makeStyle: makeStyle, minimumConfidence: minimumConfidence, inPlace: inPlace,
            threadsPerFile: TreeOptions.threadsPerFile(threads, files: entries.count), context: context))
        return run.failedInput ? .error : .success
    }
}
