import CPFSystem

/// The options `find` and `redact` share for trees of files: `-r`,
/// `--threads`, `--no-progress`.
enum TreeOptions {
    static let recursive = OptionDefinition(
        "recursive", short: "r",
        help: Localized(
            """
            Search directories given as <file> through: every regular file below them, in sorted path order, each \
            folder opened inside its parent; symbolic links below them are not followed, FIFOs, sockets and \
            devices skipped.
            """,
            pt:
                """
                Percorre as pastas dadas como <file>: todo arquivo comum dentro delas, em ordem de caminho, cada \
                pasta aberta dentro da pasta-mãe; links simbólicos dentro delas não são seguidos, FIFOs, sockets \
                e dispositivos são ignorados.
                """
        ))
    static let glob = OptionDefinition(
        "glob", short: "g", value: "glob",
        help: Localized(
            """
            With -r, search only the files below a directory argument that <glob> matches; '!<glob>' leaves out \
            what it matches (a folder is then not entered). Repeatable: the last glob that matches decides. Read \
            as a .gitignore line: without '/' it matches the base name at any depth, with '/' the path from the \
            argument; '*', '?', '[...]', '**'. Files named as arguments are always searched.
            """,
            pt:
                """
                Com -r, pesquisa só os arquivos dentro de uma pasta dada que <glob> casa; '!<glob>' deixa de fora \
                o que casa (uma pasta então não é aberta). Repetível: decide o último glob que casa. Lido como \
                uma linha de .gitignore: sem '/' casa o nome em qualquer profundidade, com '/' o caminho a partir \
                do argumento; '*', '?', '[...]', '**'. Arquivos dados como argumentos são sempre pesquisados.
                """
        ))
    static let threads = OptionDefinition(
        "threads", short: "j", value: "n",
        help: Localized(
            """
            Scan with <n> threads (default: one per processor): <n> files at a time, or the parts of one large \
            file side by side. The output is the same, in the same order, whatever <n>.
            """,
            pt:
                """
                Usa <n> threads (padrão: uma por processador): <n> arquivos de cada vez, ou as partes de um \
                arquivo grande lado a lado. A saída é a mesma, na mesma ordem, qualquer que seja <n>.
                """
        ))
    static let noProgress = OptionDefinition(
        "no-progress",
        help: Localized(
            "Do not show the progress line (shown on standard error only when it is a terminal).",
            pt: "Não mostra a linha de progresso (mostrada na saída de erro só quando ela é um terminal)."))

    /// The value of `--threads`, or the number of processors; fewer under a
    /// memory limit (`ulimit -v`) that cannot hold them all. Under one, the
    /// largest document part held whole is lowered to each thread's share
    /// (``DocumentReader/fitHeldSize(toShare:)``).
    static func threadCount(_ arguments: ParsedArguments) throws(UsageError) -> Int {
        let wanted =
            try arguments.integer(threads, in: 1...1024, expected: Message.expectThreads.localized())
            ?? system_onlineProcessors()
        let left = system_addressSpaceLeft()
        let threads = threadsThatFit(wanted, addressSpaceLeft: left)
        // A document held whole by each thread must fit too: less is held, the rest named not searched.
        if let left { DocumentReader.fitHeldSize(toShare: (left - memoryReserve) / threads - memoryPerThread) }
        return threads
    }

    /// What one scanning thread may take at most: its stack, its read
    /// buffers and chunks, and its share of the output waiting its turn.
    static let memoryPerThread = workerStackSize + (8 << 20)
    /// What the run needs besides its threads' own (the walk, the printer,
    /// the C library's and Swift's own allocations).
    static let memoryReserve = 24 << 20

    /// `wanted` threads, or as many as `addressSpaceLeft` bytes hold (at
    /// least one). When not even one fits, `cpf: not enough memory` and exit
    /// status 2 at once, before any file is read or written.
    static func threadsThatFit(_ wanted: Int, addressSpaceLeft: Int?) -> Int {
        guard let left = addressSpaceLeft else { return wanted }
        system_useOneMemoryArena()
        guard left >= memoryReserve + memoryPerThread else { LargeBuffer.outOfMemory() }
        return min(wanted, (left - memoryReserve) / memoryPerThread)
    }

    /// The threads that scan the parts of one large file when `threads`
    /// read `files` files: all of them for one file, else what the files
    /// leave over (none once there is a file per thread).
    static func threadsPerFile(_ threads: Int, files: Int) -> Int {
        max(1, threads / max(1, min(threads, files)))
    }

    /// The inputs the FILE arguments stand for (standard input without any),
    /// walked as they are asked for; with `inPlace`, each argument opened in
    /// its directory, to be rewritten there; with `reportsNames`, the
    /// directories and links below the arguments too, for their names.
    static func walk(_ arguments: ParsedArguments, inPlace: Bool = false, reportsNames: Bool = false) -> TreeWalk {
        DirectoryWalker(
            recursive: arguments.has(recursive), opensArgumentsInTheirDirectory: inPlace,
            globs: GlobSet(arguments.values(glob)), reportsNames: reportsNames && arguments.has(recursive)
        )
        .entries(for: InputList(files: arguments.positionals).names)
    }
}

/// What `find --stats` adds up over the files, from every worker.
final class TreeStats: @unchecked Sendable {
    private let monitor = Monitor()
    private(set) var files = 0
    private(set) var filesWithCPFs = 0
    private(set) var bytes = 0
    private(set) var found = (low: 0, medium: 0, high: 0, mistyped: 0)
    private let start = system_monotonicSeconds()

    /// Adds one file read: its size and what it had.
    func add(bytes: Int, found counts: (low: Int, medium: Int, high: Int, mistyped: Int)) {
        monitor.locked {
            files += 1
            self.bytes += bytes
            let total = counts.low + counts.medium + counts.high + counts.mistyped
            if total > 0 { filesWithCPFs += 1 }
            found.low += counts.low
            found.medium += counts.medium
            found.high += counts.high
            found.mistyped += counts.mistyped
        }
    }

    /// Adds the CPFs found in the name of a directory or a link (no file read).
    func addName(found counts: (low: Int, medium: Int, high: Int, mistyped: Int)) {
        monitor.locked {
            found.low += counts.low
            found.medium += counts.medium
            found.high += counts.high
            found.mistyped += counts.mistyped
        }
    }

    var totalFound: Int { monitor.locked { found.low + found.medium + found.high + found.mistyped } }

    /// The summary on standard error.
    func write(to errors: OutputBuffer, notSearched: Int = 0, language: Language = .english) {
        monitor.locked {
            errors.write(
                TreeMessages.statsFiles(
                    files: files, withCPFs: filesWithCPFs, bytes: bytes,
                    seconds: system_monotonicSeconds() - start, language) + "\n")
            errors.write(
                TreeMessages.statsCPFs(
                    high: found.high, medium: found.medium, low: found.low,
                    mistyped: found.mistyped, language) + "\n")
            if notSearched > 0 { errors.write(Message.statsNotSearched.text(language, "\(notSearched)") + "\n") }
        }
        errors.flush()
    }
}
