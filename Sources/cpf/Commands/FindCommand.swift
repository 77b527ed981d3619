/// `cpf find`: print the CPFs written in text files.
enum FindCommand: Command {
    static let json = OptionDefinition(
        "json", help: "Print one JSON object per CPF (JSON Lines): source, line, column, text, and cpf, its 11 digits.")

    static let definition = CommandDefinition(
        name: "find",
        abstract: "Find CPFs in free text: logs, dumps, documents.",
        usage: "[--json] [<file> ...]",
        arguments: [
            ("<file>", "Files to search, in order ('-' for standard input). Without any, standard input is read."),
        ],
        options: [
            json,
        ],
        discussion: """
            Prints each CPF as SOURCE:LINE:COLUMN: TEXT, TEXT being the CPF as written
            and COLUMN counting bytes from 1. A CPF is 11 digits as DDD.DDD.DDD-DD,
            each separator optional, with valid check digits, not one digit repeated,
            and not touching another number: the bytes around it are not digits, nor
            '.', '-', '/' or ',' next to a digit. So no part of a CNPJ
            12.345.678/0001-95, of a longer run of digits or of 1.390.533.447-05 is a
            CPF, while CPF:390.533.447-05. and cpf39053344705 hold one each.

            EXIT STATUS:
              0 at least one CPF found, 1 none, 2 usage or I/O error.

            EXAMPLES:
              cpf find app.log dump.sql
              cpf find --json tickets/*.txt
            """)

    static func run(_ arguments: ParsedArguments, context: Context) throws(UsageError) -> ExitStatus {
        let engine = FindEngine(json: arguments.has(Self.json), context: context)
        InputList(files: arguments.positionals).forEach(in: context) { name, descriptor throws(Errno) in
            try engine.find(descriptor, named: name)
        }
        if context.failedInput { return .error }
        return ExitStatus(succeeded: engine.foundCount > 0)
    }
}
