import CPFKit

/// `cpf find`: print the CPFs written in text files.
enum FindCommand: Command {
    static let json = OptionDefinition(
        "json",
        help: Localized(
            """
            Print one JSON object per CPF (JSON Lines): source, line, column, text, cpf (its 11 digits), \
            confidence and valid (and "ocr":true for an OCR reading or a CPF read in an image, with its "box").
            """,
            pt:
                """
                Imprime um objeto JSON por CPF (JSON Lines): source, line, column, text, cpf (os 11 dígitos), \
                confidence e valid (e "ocr":true numa leitura de OCR ou num CPF lido numa imagem, com o "box").
                """
        ))
    /// `--per-line`: one JSON array per input line (``FindLinesEngine``).
    static let perLine = OptionDefinition(
        "per-line",
        help: Localized(
            """
            Print one line per input line: a JSON array of the CPFs found on it (column, text, cpf, confidence, \
            valid), [] when none, so results join back to their rows in Spark or Hadoop. Each line is searched \
            on its own (as --line-local). Reads FILE arguments or standard input, bytes as they are.
            """,
            pt: """
                Imprime uma linha por linha de entrada: um array JSON dos CPFs encontrados nela (column, text, cpf, \
                confidence, valid), [] quando nenhum, para que os resultados voltem às suas linhas no Spark ou no \
                Hadoop. Cada linha é pesquisada sozinha (como --line-local). Lê os argumentos FILE ou a entrada \
                padrão, os bytes como estão.
                """))
    /// `--line-local` of `find` and `redact`.
    static let lineLocal = OptionDefinition(
        "line-local",
        help: Localized(
            """
            Take no CPF written across a line break (390.533.\\n447-05), so that a file cut at line ends, as \
            Spark and Hadoop cut it, gives the same result as the whole.
            """,
            pt: """
                Não toma como CPF nada escrito através de uma quebra de linha (390.533.\\n447-05), para que um \
                arquivo cortado em fins de linha, como o Spark e o Hadoop o cortam, dê o mesmo resultado que o todo.
                """))
    static let confidence = OptionDefinition(
        "confidence", value: "level", completion: .choices(["low", "medium", "high"]),
        help: Localized(
            "Report CPFs of at least this confidence: low, medium (default) or high.",
            pt: "Relata CPFs de pelo menos esta confiança: low, medium (padrão) ou high."))
    static let includeInvalid = OptionDefinition(
        "include-invalid",
        help: Localized(
            "Also report mistyped CPFs: wrong check digits, written as the full mask or after a CPF keyword.",
            pt:
                """
                Relata também CPFs digitados errado: dígitos verificadores errados, escritos com a máscara \
                completa ou depois de uma palavra-chave de CPF.
                """
        ))
    static let count = OptionDefinition(
        "count",
        help: Localized(
            "Print FILE:N for each file with at least one CPF, N the number of CPFs in it (JSON: source and count).",
            pt:
                """
                Imprime ARQUIVO:N para cada arquivo com pelo menos um CPF, N o número de CPFs nele (JSON: source \
                e count).
                """
        ))
    static let filesWithMatches = OptionDefinition(
        "files-with-matches", short: "l",
        help: Localized(
            "Print only the name of each file with at least one CPF (JSON: source); each file is read up to its first.",
            pt: """
                Imprime só o nome de cada arquivo com pelo menos um CPF (JSON: source); cada arquivo é lido até o \
                primeiro.
                """))
    static let quiet = OptionDefinition(
        "quiet", short: "q",
        help: Localized(
            """
            Print no CPF; the exit status answers (0: found, 1: none, 2: something not searched). Each file is \
            read up to its first CPF.
            """,
            pt: """
                Não imprime CPF; o código de saída responde (0: achou, 1: nenhum, 2: algo não pesquisado). Cada \
                arquivo é lido até o primeiro CPF.
                """))
    static let hide = OptionDefinition(
        "hide", value: "style", completion: .choices(["full", "lgpd", "pseudonym"]),
        help: Localized(
            """
            Print each CPF hidden as 'cpf redact --style' would hide it, in TEXT and in JSON's cpf: full (every \
            digit '*'), lgpd (***.533.447-**) or pseudonym (its pseudonym; needs --key-file), so the report can \
            be shared.
            """,
            pt:
                """
                Imprime cada CPF escondido como 'cpf redact --style' o esconderia, em TEXTO e no cpf do JSON: full \
                (todos os dígitos '*'), lgpd (***.533.447-**) ou pseudonym (o pseudônimo; precisa de --key-file), \
                para o relatório poder ser compartilhado.
                """
        ))
    static let stats = OptionDefinition(
        "stats",
        help: Localized(
            """
            At the end, print on standard error the files and bytes read, the CPFs found by confidence, the time \
            taken, and the files not searched completely (if any).
            """,
            pt:
                """
                No fim, imprime na saída de erro os arquivos e bytes lidos, os CPFs encontrados por confiança, o \
                tempo gasto e os arquivos não pesquisados por inteiro (se houver).
                """
        ))

    static let definition = CommandDefinition(
        name: "find",
        abstract: Localized(
            "Find CPFs in free text: logs, dumps, documents.", pt: "Encontra CPFs em texto: logs, dumps, documentos."),
        arguments: [
            ArgumentDefinition(
                "file", completion: .file,
                help: Localized(
                    """
                    Files to search, in order ('-' for standard input); with -r, directories too. Without any, \
                    standard input is read.
                    """,
                    pt:
                        """
                        Arquivos onde procurar, em ordem ('-' para a entrada padrão); com -r, também pastas. Sem \
                        nenhum, lê a entrada padrão.
                        """
                )
            )
        ],
        options: [
            confidence,
            includeInvalid,
            json,
            hide,
            PseudonymizeCommand.keyFile,
            PseudonymizeCommand.tweak,
            PseudonymizeCommand.keepRegion,
            TaxpayerIDOptions.found,
            TreeOptions.recursive,
            TreeOptions.glob,
            Preprocessor.pre,
            Preprocessor.preGlob,
            OCROptions.engine,
            OCROptions.noOCR,
            count,
            filesWithMatches,
            quiet,
            stats,
            TreeOptions.threads,
            TreeOptions.noProgress,
            CommonOptions.color,
            perLine,
            lineLocal,
            CommonOptions.exitZero,
        ] + DecodingOptions.all,
        synopsis: [
            .optional(TreeOptions.recursive),
            .optional(TreeOptions.glob),
            .optional(Preprocessor.pre),
            .optional(confidence),
            .optional(includeInvalid),
            .optional(json),
            .optional(hide),
            .optional(TaxpayerIDOptions.found),
            .oneOf([count, filesWithMatches, quiet]),
            .optional(stats),
            .optional(CommonOptions.color),
            .optional(DecodingOptions.skipUnsearchable),
        ],
        discussion: Localized(
            """
            Prints each CPF as SOURCE:LINE:COLUMN: TEXT, TEXT being the CPF as written
            (a line break or control character in it escaped) and COLUMN counting
            bytes from 1. A candidate is 11 digits in groups of 3, 3, 3 and 2, with
            nothing or one separator between groups ('.', a dash, a space; before the
            last group also '/' or ' - '), a line break allowed at a separator, and
            invisible characters ignored. It must not touch another number: a digit,
            or '.' or a dash next to a digit, right before or after it (so no part of
            a CNPJ 12.345.678/0001-95 or of 1.390.533.447-05 is a CPF). With valid
            check digits it is a CPF of confidence high (after a CPF keyword such as
            'CPF', or as the full mask DDD.DDD.DDD-DD), low (after a phone, PIS, CNH,
            RENAVAM... keyword, or written with spaces or dots only, like an IP
            address) or medium (anything else). See docs/reference.md for the lists.
            Fullwidth digits (U+FF10-FF19) count as digits. A full mask in which OCR
            wrote one or two digits as look-alike letters (133.72O.622-99,
            3l0.996.985-88), or 11 such characters written bare after a CPF keyword
            (CPF 3l099698588), is read as those digits when they pass the checksum:
            an OCR reading, of confidence medium.

            Files are read on several threads at once (--threads), and what each
            prints comes out in the order of the files, the same as with one thread.
            Binary files are searched like any other. With -r, a CPF in the name of
            a file, folder or link below the arguments is printed as
            SOURCE:name:COLUMN: TEXT (JSON: "in":"name"), COLUMN counted in the name.
            -g chooses the files below the arguments; --pre searches what a
            converter prints (see docs/reference.md).

            Files are decoded first, whatever their name: gzip (every member),
            UTF-16 and UTF-32 with a byte order mark, UTF-16 without one (by its
            NUL bytes), and Windows-1252 when the text is not UTF-8. LINE and
            COLUMN are then those of the text decoded to UTF-8. A file that cannot
            be searched completely (xz, bzip2, zstd, lz4, lzip, compress, 7z or
            rar; a corrupt gzip file; a decompression limit) is named on
            standard error as 'cpf: FILE: not searched: REASON'.

            A zip archive is searched member by member, each printed as
            ARCHIVE!MEMBER:LINE:COLUMN: TEXT (JSON: "source" the archive and
            "member"), archives inside it to 3 deep. Office documents (docx, xlsx,
            pptx, odt, ods, odp) are searched in their text as a reader sees it
            (a CPF split between a bold run and a plain one is found), and PDFs
            in the text of their pages, read by cpf itself, then in every other
            place the file keeps text, each printed as FILE:PLACE:LINE:COLUMN
            (PLACE information, metadata, form field, page N, page N annotation,
            bookmark, named destination, page label, structure tree, attachment,
            document, or unreferenced for earlier revisions). Legacy Office files
            (doc, xls, ppt, Outlook msg) are searched in the text of their
            streams, each printed as FILE!STREAM. An encrypted member, a PDF
            without text (scanned images) or encrypted, and an archive read from
            a pipe are not searched. A PNG image is searched in its text chunks
            (tEXt, zTXt, iTXt), each printed as FILE!TYPE:KEYWORD:LINE:COLUMN.

            The text of an image file (PNG, JPEG, TIFF, BMP, GIF, WebP, known by
            its first bytes) is read by Tesseract (tesseract-ocr and
            tesseract-ocr-por; --ocr-engine), one image per thread, and searched
            with OCR readings; each CPF is printed as FILE:ocr:LINE:COLUMN of that
            text (JSON: "in":"ocr", "ocr":true and "box":[left,top,width,height]
            in pixels). The file's bytes are searched too, as any file's.
            Without Tesseract, with --no-ocr, or when it takes longer than 120 s,
            the image is named not searched. Images inside zip and tar archives,
            Office documents and e-mail are read the same way, each CPF printed
            as ARCHIVE!MEMBER:ocr:LINE:COLUMN; one that cannot be read leaves
            the file not searched, and so are the PNG and JPEG pictures pasted
            into legacy Office files (FILE!STREAM!picture-N). An image read from
            a pipe is not searched. The images a PDF file's pages draw are read
            too, each CPF printed as FILE:page N image M:ocr:LINE:COLUMN.

            E-mail (a message or mbox file, known by its first header fields, also
            gzipped) is searched in its headers (folded lines joined, RFC 2047
            encoded-words and RFC 2231 parameters decoded) and its MIME parts
            decoded from base64 or quoted-printable and their charset (a soft line
            break inside a CPF joined); LINE and COLUMN are those of that decoded
            text.

            EXIT STATUS:
              0 at least one CPF found, 1 none, 2 usage or I/O error, or a file
              not searched completely (unless --skip-unsearchable), a --pre
              command that failed among them.

            EXAMPLES:
              cpf find app.log dump.sql
              cpf find --confidence high --json tickets/*.txt
              cpf find --confidence low --include-invalid export.csv
              cpf find -r --count --stats shared-folder/
              cpf find -r -g '*.csv' -g '!backup/' exports/
              cpf find -r --pre pdftotext-stdout --pre-glob '*.pdf' docs/
              cpf find --document any --json invoices.txt
            """,
            pt: """
                Imprime cada CPF como ORIGEM:LINHA:COLUNA: TEXTO, sendo TEXTO o CPF como
                escrito (uma quebra de linha ou caractere de controle nele aparece escapado)
                e COLUNA contada em bytes a partir de 1. Um candidato tem 11 dígitos em
                grupos de 3, 3, 3 e 2, com nada ou um separador entre os grupos ('.', um
                traço, um espaço; antes do último grupo também '/' ou ' - '), uma quebra de
                linha permitida num separador, e caracteres invisíveis ignorados. Não pode
                encostar em outro número: um dígito, ou '.' ou traço junto de um dígito,
                logo antes ou depois (assim nenhuma parte de um CNPJ 12.345.678/0001-95 ou
                de 1.390.533.447-05 é um CPF). Com dígitos verificadores válidos, é um CPF
                de confiança high (depois de uma palavra-chave de CPF como 'CPF', ou com a
                máscara completa DDD.DDD.DDD-DD), low (depois de uma palavra-chave de
                telefone, PIS, CNH, RENAVAM..., ou escrito só com espaços ou pontos, como
                um endereço IP) ou medium (todo o resto). As listas estão em
                docs/reference.md. Dígitos de largura total (U+FF10-FF19) contam como
                dígitos. Uma máscara completa em que o OCR escreveu um ou dois dígitos como
                letras parecidas (133.72O.622-99, 3l0.996.985-88), ou 11 caracteres assim
                escritos sem máscara depois de uma palavra-chave de CPF (CPF 3l099698588), é
                lida como esses dígitos quando passam no dígito verificador: uma leitura de
                OCR, de confiança medium.

                Os arquivos são lidos em várias threads ao mesmo tempo (--threads), e o que
                cada um imprime sai na ordem dos arquivos, igual a uma thread só. Arquivos
                binários são pesquisados como qualquer outro. Com -r, um CPF no nome de
                um arquivo, pasta ou link dentro dos argumentos é impresso como
                ORIGEM:name:COLUNA: TEXTO (JSON: "in":"name"), COLUNA contada no nome.
                -g escolhe os arquivos dentro dos argumentos; --pre pesquisa o que um
                conversor imprime (veja docs/reference.md).

                Os arquivos são decodificados antes, qualquer que seja o nome: gzip (todos
                os membros), UTF-16 e UTF-32 com marca de ordem de bytes, UTF-16 sem ela
                (pelos bytes NUL), e Windows-1252 quando o texto não é UTF-8. LINHA e
                COLUNA são então as do texto decodificado em UTF-8. Um arquivo que não
                pode ser pesquisado por inteiro (xz, bzip2, zstd, lz4, lzip, compress, 7z
                ou rar; um gzip corrompido; um limite de descompressão) é nomeado na
                saída de erro como 'cpf: ARQUIVO: não pesquisado: MOTIVO'.

                Um arquivo zip é pesquisado membro a membro, cada um impresso como
                ARQUIVO!MEMBRO:LINHA:COLUNA: TEXTO (JSON: "source" o arquivo e
                "member"), com arquivos zip dentro dele até 3 níveis. Documentos do
                Office (docx, xlsx, pptx, odt, ods, odp) são pesquisados no texto como
                um leitor o vê (um CPF dividido entre um trecho em negrito e outro
                normal é encontrado), e PDFs no texto das páginas, lido pelo próprio
                cpf, e depois em cada outro lugar onde o arquivo guarda texto, cada
                um impresso como ARQUIVO:LUGAR:LINHA:COLUNA (LUGAR em inglês, como
                no JSON: information, metadata, form field, page N, page N
                annotation, bookmark, named destination, page label, structure
                tree, attachment, document, ou unreferenced para revisões
                anteriores). Arquivos antigos do Office (doc, xls, ppt, msg do Outlook) são
                pesquisados no texto dos seus fluxos, cada um impresso como
                ARQUIVO!FLUXO. Um membro criptografado, um PDF sem texto (imagens
                digitalizadas) ou criptografado, e um arquivo zip lido de um pipe não
                são pesquisados. Uma imagem PNG é pesquisada nos seus blocos de texto
                (tEXt, zTXt, iTXt), cada um impresso como
                ARQUIVO!TIPO:PALAVRA-CHAVE:LINHA:COLUNA.

                O texto de um arquivo de imagem (PNG, JPEG, TIFF, BMP, GIF, WebP,
                reconhecido pelos primeiros bytes) é lido pelo Tesseract (tesseract-ocr
                e tesseract-ocr-por; --ocr-engine), uma imagem por thread, e pesquisado
                com leituras de OCR; cada CPF é impresso como ARQUIVO:ocr:LINHA:COLUNA
                desse texto (JSON: "in":"ocr", "ocr":true e
                "box":[left,top,width,height] em pixels). Os bytes do arquivo também
                são pesquisados, como os de qualquer arquivo. Sem o Tesseract, com
                --no-ocr, ou quando ele leva mais de 120 s, a imagem é nomeada como não
                pesquisada. Imagens dentro de arquivos zip e tar, documentos do Office
                e e-mails são lidas da mesma forma, cada CPF impresso como
                ARQUIVO!MEMBRO:ocr:LINHA:COLUNA; uma que não pode ser lida deixa o
                arquivo não pesquisado, assim como as imagens PNG e JPEG coladas em
                arquivos legados do Office (ARQUIVO!FLUXO!picture-N). Uma imagem lida
                de um pipe não é pesquisada. As imagens que as páginas de um arquivo
                PDF desenham também são lidas, cada CPF impresso como
                ARQUIVO:page N image M:ocr:LINHA:COLUNA.

                Um e-mail (mensagem ou arquivo mbox, reconhecido pelos primeiros campos
                de cabeçalho, também em gzip) é pesquisado nos cabeçalhos (linhas
                dobradas juntadas, encoded-words da RFC 2047 e parâmetros da RFC 2231
                decodificados) e nas partes MIME decodificadas de base64 ou
                quoted-printable e do charset (uma quebra de linha suave dentro de um
                CPF é juntada); LINHA e COLUNA são as desse texto decodificado.

                CÓDIGO DE SAÍDA:
                  0 pelo menos um CPF encontrado, 1 nenhum, 2 erro de uso ou de E/S, ou
                  um arquivo não pesquisado por inteiro (exceto com --skip-unsearchable),
                  um comando de --pre que falhou entre eles.

                EXEMPLOS:
                  cpf find app.log dump.sql
                  cpf find --confidence high --json chamados/*.txt
                  cpf find --confidence low --include-invalid export.csv
                  cpf find -r --count --stats pasta-compartilhada/
                  cpf find -r -g '*.csv' -g '!backup/' exportacoes/
                  cpf find -r --pre pdftotext-stdout --pre-glob '*.pdf' documentos/
                  cpf find --document any --json notas.txt
                """))

    static func run(_ arguments: ParsedArguments, context: Context) throws(UsageError) -> ExitStatus {
        var settings = FindEngine.Settings()
        settings.json = arguments.has(Self.json)
        settings.includesInvalid = arguments.has(Self.includeInvalid)
        if let level = try confidenceLevel(arguments, Self.confidence) { settings.minimumConfidence = level }
        settings.colours = try CommonOptions.colours(arguments, on: .standardOutput, context: context)
        settings.accepted = try TaxpayerIDOptions.accepted(arguments)
        try TaxpayerIDOptions.requireCPFOnly(
            [PseudonymizeCommand.keyFile, PseudonymizeCommand.tweak, PseudonymizeCommand.keepRegion],
            in: arguments, accepted: settings.accepted)
        settings.limits = try DecodingOptions.limits(arguments)
        switch try arguments.choice(
            Self.hide, among: CPFScanner.RedactionStyle.allCases.map(\.rawValue) + ["pseudonym"])
        {
        case "pseudonym":
            if settings.accepted != .cpf { throw .invalid(Message.onlyWithCPF.localized("--hide pseudonym")) }
            guard let key = try PseudonymizeCommand.key(arguments, context: context) else { return .error }
            let pseudonymizer = PseudonymizeCommand.pseudonymizer(key: key, arguments)
            // Each engine its own cache: one is not shared between threads.
            settings.makeHiding = { .pseudonym(CachingCPFPseudonymizer(pseudonymizer)) }
        case let chosen:
            for option in [PseudonymizeCommand.keyFile, PseudonymizeCommand.tweak, PseudonymizeCommand.keepRegion]
            where arguments.has(option) {
                throw .invalid(Message.goesWithHidePseudonym.localized(arguments.spelling(option)))
            }
            if let chosen, let hiding = CPFScanner.RedactionStyle(rawValue: chosen) {
                settings.makeHiding = { .hidden(hiding) }
            }
        }
        try arguments.requireAtMostOne(of: [Self.count, Self.filesWithMatches, Self.quiet])
        settings.isLineLocal = arguments.has(Self.lineLocal)
        if arguments.has(Self.perLine) { return try findPerLine(arguments, settings: settings, context: context) }
        let threads = try TreeOptions.threadCount(arguments)
        let preprocessor = try Preprocessor.make(arguments, environment: context.environment)
        settings.images = try OCROptions.imageReading(arguments, environment: context.environment)
        let listing: TreeWorkers.Listing =
            arguments.has(Self.count)
            ? .count
            : arguments.has(Self.filesWithMatches) ? .names : arguments.has(Self.quiet) ? .nothing : .matches
        settings.printsMatches = listing == .matches
        // --stats counts every CPF, so it reads every file whole.
        settings.stopsAtFirst = (listing == .names || listing == .nothing) && !arguments.has(Self.stats)
        let run = TreeRun(
            walk: TreeOptions.walk(arguments, reportsNames: true), context: context,
            showsProgress: Progress.isWanted(disabled: arguments.has(TreeOptions.noProgress)), threads: threads,
            hidesCPFsInNames: settings.makeHiding != nil)
        settings.threads = TreeOptions.threadsPerFile(threads, files: run.filesAtFirst)
        let stats = TreeStats()
        run.skipsUnsearchable = arguments.has(DecodingOptions.skipUnsearchable)
        run.run(
            makeWorker: TreeWorkers.find(
                settings: settings, listing: listing, stats: stats, preprocessor: preprocessor,
                context: context))
        if arguments.has(Self.stats) {
            stats.write(to: context.errors, notSearched: run.notSearchedCount, language: context.language)
        }
        if run.failedInput { return .error }
        return ExitStatus(succeeded: stats.totalFound > 0)
    }

    /// `find --per-line`: each input (FILE arguments, or standard input)
    /// read line by line, one JSON array per line.
    private static func findPerLine(_ arguments: ParsedArguments, settings: FindEngine.Settings, context: Context)
        throws(UsageError) -> ExitStatus
    {
        for option in [
            Self.json, Self.count, Self.filesWithMatches, Self.quiet, Self.stats, TreeOptions.recursive,
            TreeOptions.glob, Preprocessor.pre, Preprocessor.preGlob, OCROptions.engine, OCROptions.noOCR,
        ] {
            try arguments.requireAtMostOne(of: [Self.perLine, option])
        }
        let engine = FindLinesEngine(settings: settings, context: context)
        engine.find(InputList(files: arguments.positionals), context: context)
        if context.failedInput { return .error }
        return ExitStatus(succeeded: engine.foundCount > 0)
    }

    /// The value of a `--confidence` option, read case-insensitively.
    static func confidenceLevel(_ arguments: ParsedArguments, _ option: OptionDefinition) throws(UsageError)
        -> CPFScanner.Confidence?
    {
        try arguments.choice(option, among: CPFScanner.Confidence.allCases.map(\.rawValue)).flatMap(
            CPFScanner.Confidence.init(rawValue:))
    }
}
