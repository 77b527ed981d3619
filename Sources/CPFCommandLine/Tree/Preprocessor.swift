import CPFSystem

/// `--pre COMMAND` and `--pre-glob GLOB` of `find` and `redact`, as
/// ripgrep has them: each file (of those `--pre-glob` chooses, every file
/// without it; never standard input) is searched through the standard
/// output of `COMMAND FILE`, run without a shell, its standard input the
/// file as `cpf` opened it, its standard error `cpf`'s. Lines and columns
/// are those of that output.
///
/// A command that cannot start or that does not exit with status 0 makes
/// the file "not searched": `cpf: FILE: not searched: REASON` on standard
/// error, exit status 2 (the matches read before it failed are printed).
///
/// ```swift
/// // cpf find -r --pre gzip-cat --pre-glob '*.gz' logs/
/// let pre = try Preprocessor.make(arguments, environment: context.environment)
/// pre?.applies(to: entry)    // true for logs/2024/app.log.gz
/// ```
struct Preprocessor {
    static let pre = OptionDefinition(
        "pre", value: "command", completion: .file,
        help: Localized(
            """
            Search each file through what <command> FILE prints (no shell; <command> looked up in PATH), its \
            standard input the file too: a converter such as pdftotext or 'gzip -dc' in a script. Lines and \
            columns are those of its output. A file whose command cannot start or exits with a status other than \
            0 is not searched (exit status 2).
            """,
            pt:
                """
                Pesquisa cada arquivo pelo que <command> ARQUIVO imprime (sem shell; <command> procurado no \
                PATH), com o arquivo também na entrada padrão: um conversor como pdftotext ou 'gzip -dc' num \
                script. Linhas e colunas são as da saída dele. Um arquivo cujo comando não inicia ou termina com \
                código diferente de 0 não é pesquisado (código de saída 2).
                """
        ))
    static let preGlob = OptionDefinition(
        "pre-glob", value: "glob",
        help: Localized(
            """
            Run --pre only on the files <glob> matches (as -g reads it; repeatable, '!<glob>' leaves out); the \
            others are searched as they are. Default: every file.
            """,
            pt:
                """
                Roda --pre só nos arquivos que <glob> casa (lido como em -g; repetível, '!<glob>' deixa de fora); \
                os outros são pesquisados como estão. Padrão: todos os arquivos.
                """
        ))

    /// The command as given, for messages.
    let command: RawText
    /// The program found for it, `nil` when there is none (each file is then not searched).
    let program: RawText?
    let globs: GlobSet

    /// The preprocessor the options ask for, `nil` without `--pre`.
    static func make(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError) -> Preprocessor? {
        guard let command = arguments.value(pre) else {
            if arguments.has(preGlob) { throw .invalid(Message.needsPre.localized(arguments.spelling(preGlob))) }
            return nil
        }
        if command.bytes.isEmpty {
            throw .invalidValue(
                option: arguments.spelling(pre), value: command, expected: Localized("a command", pt: "um comando"))
        }
        return Preprocessor(
            command: command, program: ChildProcess.find(command, searchPath: environment["PATH"]),
            globs: GlobSet(arguments.values(preGlob)))
    }

    /// Whether `entry` is read through the command: any file but standard
    /// input that the `--pre-glob` globs take (its path relative to its
    /// directory argument, or as given for an argument).
    func applies(to entry: TreeEntry) -> Bool {
        if case .standardInput = entry.location { return false }
        if globs.isEmpty { return true }
        let relative = entry.relativeStart.map { RawText(Array(entry.path.bytes[$0...])) } ?? entry.path
        return globs.includes(path: relative, isDirectory: false)
    }

    /// Runs the command on `file` (open at `input`) and hands its output to
    /// `read`; returns whether the file was searched wholly (the command
    /// started and exited with status 0). When it was not, the file is
    /// reported as not searched (exit status 2). A read error is thrown once
    /// the command has ended.
    func run(
        _ file: TreeFile, input: FileDescriptor, language: Language,
        read: (FileDescriptor) throws(Errno) -> Void
    ) throws(Errno) -> Bool {
        let shown = Escaping.readable(command)
        guard let program else {
            file.reportNotSearched(Message.preNotFound.text(language, shown))
            return false
        }
        let child: ChildProcess
        do {
            child = try ChildProcess(program: program, arguments: [command, file.entry.path], input: input)
        } catch {
            let reason = language == .english ? error.description : error.portugueseDescription
            file.reportNotSearched(Message.preCannotStart.text(language, shown, reason))
            return false
        }
        var readError: Errno?
        do { try read(child.output) } catch { readError = error }
        // Closed first: a command still writing ends on a closed pipe.
        child.output.close()
        let ending = try child.wait()
        if let readError { throw readError }
        switch ending {
        case .exited(0):
            return true
        case .exited(let status):
            file.reportNotSearched(Message.preExited.text(language, shown, "\(status)"))
        case .signalled(let signal):
            file.reportNotSearched(Message.preSignal.text(language, shown, "\(signal)"))
        }
        return false
    }
}
