import CPFDecoders
import CPFKit
import CPFSystem

/// `cpf redact`: copy text with the digits of every CPF hidden.
enum RedactCommand: Command {
    static let style = OptionDefinition(
        "style", value: "style", completion: .choices(["full", "lgpd", "pseudonym"]),
        help: Localized(
            """
            'full' (default) hides every digit: ***.***.***-**, ***********. 'lgpd' hides the first three and the \
            last two: ***.533.447-**, ***533447**. 'pseudonym' writes each CPF's pseudonym (see 'cpf \
            pseudonymize'; needs --key-file), a mistyped one fully hidden.
            """,
            pt:
                """
                'full' (padrão) esconde todos os dígitos: ***.***.***-**, ***********. 'lgpd' esconde os três \
                primeiros e os dois últimos: ***.533.447-**, ***533447**. 'pseudonym' escreve o pseudônimo de \
                cada CPF (veja 'cpf pseudonymize'; precisa de --key-file), e um CPF digitado errado é todo \
                escondido.
                """
        ))

    static let confidence = OptionDefinition(
        "confidence", value: "level", completion: .choices(["low", "medium", "high"]),
        help: Localized(
            """
            Hide CPFs of at least this confidence: low (default: anything that could be a CPF), medium or high. \
            Mistyped CPFs are always hidden.
            """,
            pt:
                """
                Esconde CPFs de pelo menos esta confiança: low (padrão: tudo o que poderia ser um CPF), medium ou \
                high. CPFs digitados errado são sempre escondidos.
                """
        ))

    static let inPlace = OptionDefinition(
        "in-place",
        help: Localized(
            """
            Rewrite each <file> that has something to hide instead of printing it: atomically (a temporary file \
            in the same folder, renamed over it), owner, mode, ACLs and extended attributes kept; files with \
            nothing to hide are left untouched. Each file changed is listed on standard error.
            """,
            pt:
                """
                Reescreve cada <file> que tem algo a esconder em vez de imprimi-lo: de forma atômica (um arquivo \
                temporário na mesma pasta, renomeado por cima), mantendo dono, permissões, ACLs e atributos \
                estendidos; arquivos sem nada a esconder ficam intocados. Cada arquivo alterado é listado na \
                saída de erro.
                """
        ))

    static let pdfFill = OptionDefinition(
        "pdf-fill", value: "fill", completion: .choices(["black", "white", "none"]),
        help: Localized(
            """
            What is painted where the glyphs of a CPF were removed from a PDF's page: black (default), white or \
            none. The text is removed whatever the fill.
            """,
            pt:
                """
                O que é pintado onde os glifos de um CPF foram retirados da página de um PDF: black (padrão), \
                white ou none. O texto é retirado qualquer que seja o preenchimento.
                """
        ))

    static let stats = OptionDefinition(
        "stats",
        help: Localized(
            """
            At the end, print on standard error the files and bytes read and how each ended: with --in-place, \
            rewritten and read back clean, left as it was (named above), or with nothing to hide; then how many \
            values were hidden, and the files not searched completely (if any).
            """,
            pt:
                """
                No fim, imprime na saída de erro os arquivos e bytes lidos e como cada um terminou: com \
                --in-place, reescrito e relido limpo, deixado como estava (nomeado antes) ou sem nada a ocultar; \
                depois quantos valores foram ocultados, e os arquivos não pesquisados por inteiro (se houver).
                """
        ))

    static let field = CommonOptions.field(
        help: Localized(
            """
            Hide the CPFs of field <n> (from 1) of each CSV record only, or with --header of the field whose name in \
            the header is <n> (RFC 4180: quoted fields, doubled quotes, quoted line breaks); every other byte of the \
            record is kept. Reads files and standard input as they are: not with -r, --in-place or --pre.
            """,
            pt: """
                Esconde só os CPFs do campo <n> (a partir de 1) de cada registro CSV, ou com --header do campo \
                cujo nome no cabeçalho é <n> (RFC 4180: campos entre aspas, aspas duplicadas, quebras de linha \
                entre aspas); todos os outros bytes do registro são mantidos. Lê arquivos e a entrada padrão como \
                são: não com -r, --in-place ou --pre.
                """))

    static let header = CommonOptions.header(
        help: Localized(
            "With --field, the first record of each input is a header: copied unchanged, the first input's only.",
            pt: """
                Com --field, o primeiro registro de cada entrada é um cabeçalho: copiado sem mudança, só o da \
                primeira.
                """))

    static let definition = CommandDefinition(
        name: "redact",
        abstract: Localized(
            "Copy text with the digits of every CPF in it hidden.", pt: "Copia texto escondendo os dígitos de todo CPF."
        ),
        arguments: [
            ArgumentDefinition(
                "file", completion: .file,
                help: Localized(
                    """
                    Files to copy, in order ('-' for standard input); with -r, directories too. Without any, \
                    standard input is read.
                    """,
                    pt:
                        """
                        Arquivos a copiar, em ordem ('-' para a entrada padrão); com -r, também pastas. Sem \
                        nenhum, lê a entrada padrão.
                        """
                )
            )
        ],
        options: [
            style,
            confidence,
            TaxpayerIDOptions.hidden,
            inPlace,
            pdfFill,
            stats,
            TreeOptions.recursive,
            TreeOptions.glob,
            Preprocessor.pre,
            Preprocessor.preGlob,
            OCROptions.engine,
            OCROptions.noOCR,
            TreeOptions.threads,
            TreeOptions.noProgress,
            PseudonymizeCommand.keyFile,
            PseudonymizeCommand.tweak,
            PseudonymizeCommand.keepRegion,
            field,
            CommonOptions.delimiter,
            header,
            CommonOptions.raw,
            FindCommand.lineLocal,
            CommonOptions.exitZero,
        ] + DecodingOptions.all,
        synopsis: [
            .optional(TreeOptions.recursive),
            .optional(TreeOptions.glob),
            .optional(Preprocessor.pre),
            .optional(inPlace),
            .optional(style),
            .optional(confidence),
            .optional(TaxpayerIDOptions.hidden),
            .optional(stats),
            .optional(DecodingOptions.skipUnsearchable),
            .optional(field, with: [.optional(header)]),
        ],
        discussion: Localized(
            """
            Every CPF and mistyped CPF that 'cpf find --include-invalid' reports at
            the same confidence is rewritten in place, separators, line breaks and
            invisible characters kept; every other byte is copied unchanged, binary
            data and invalid UTF-8 included. After 'cpf redact --confidence L',
            'cpf find --confidence L --include-invalid' finds nothing. Memory stays
            flat whatever the input, even a 1 GB line.

            A file in UTF-16, UTF-32 or Windows-1252, or compressed with gzip, is
            decoded as 'cpf find' decodes it, and written back in its encoding
            (byte order mark kept) and compressed with gzip again. A file that
            cannot be searched completely (xz, bzip2, zstd...; a corrupt gzip
            file; a decompression limit) is named on standard error as
            'cpf: FILE: not searched: REASON', and --in-place leaves it as it was.

            A zip archive or Office document (docx, xlsx, pptx, odt, ods, odp) is
            written again with only the members that held a CPF changed (in an
            Office document, only the characters of the CPFs in its XML); every
            other member is copied byte for byte, names, order and times kept. A
            PDF is written again as one new file, without earlier revisions: the
            glyphs of each CPF are removed from its pages' text (what follows
            them does not move) and a box painted over them (--pdf-fill); the
            file written is read back, and a CPF left anywhere (metadata, an
            annotation, an attachment), glyphs that map to no text or
            encryption leave it as it was, named as
            'cpf: FILE: not rewritten: REASON' (exit status 2). A legacy Office
            file (doc, xls, ppt, msg) is never rewritten: one whose text holds a
            CPF is named so too, and so is an archive with a member that cannot
            be searched or rewritten (encrypted; gzip or UTF-16 text holding a
            CPF inside it); a PDF inside a zip archive or an e-mail is
            rewritten as a PDF file is. A PNG image's
            text chunks with a CPF are written again with their CRC; a CPF in
            another chunk or a keyword leaves the image as it was, named.

            The text of a PNG or JPEG file is read by Tesseract as 'cpf find'
            reads it (--ocr-engine, --no-ocr), and the boxes of the words of each
            CPF, grown by 15 % of their height (at least 2 pixels), are painted
            black in the pixels: a PNG's every other pixel and chunk kept, a
            JPEG's every other 8x8 block kept in its coefficients and its
            embedded thumbnails dropped. The image written is read again by a
            fresh Tesseract run and searched in its bytes; a CPF that run reads
            is painted too and the image read again, three paintings at most. A
            CPF still there after them, or in its bytes, a
            progressive, CMYK or animated image, or a TIFF, BMP, GIF or WebP
            image in which Tesseract reads a CPF leave it as it was, named
            (exit status 2). Without Tesseract, or with --no-ocr, images are not
            searched. Images inside zip archives, Office documents and e-mail are
            painted the same way; one inside a tar holding a CPF leaves the tar as
            it was, named; a CPF in a picture of a legacy Office file names it
            not rewritten, as does one in an image of a PDF file.

            E-mail (a message or mbox file) is read as 'cpf find' reads it and
            written back with only the MIME parts that held a CPF re-encoded, in
            their charset and base64 or quoted-printable, so mail clients still
            read it; the other parts are copied byte for byte. E-mail from a pipe
            or compressed with gzip cannot be rewritten: it is not searched.

            With --in-place, each file is rewritten only if it has something to
            hide: the new contents are written to a temporary file in the same
            folder (.cpf-redact-XXXXXX), given the file's owner, group, mode, ACLs
            and extended attributes, flushed to the disk and renamed over the
            file, so the file is at every moment the old one or the new one. A
            link named as a file has the file it points to rewritten. Folders are
            opened inside their parents, never by a path looked up again, so a
            folder swapped for a link during the run cannot lead cpf outside the
            arguments. A file is not rewritten, and is reported, when that would
            lose something: other hard links, metadata that cannot be kept, a
            change while it was rewritten, another program writing to it. A file
            that cannot be read or written is reported and left as it was; the
            others go on. Nothing is ever written inside a .git, .hg or .svn
            folder: a file there with something to hide is reported (leave the
            folder out with -g '!.git'). Nothing is renamed: with -r, a name that
            holds a CPF is reported, the CPF hidden. A file read through --pre is
            never rewritten, and is reported when its text holds a CPF. Names on
            standard error are shown with their CPFs hidden.

            EXIT STATUS:
              0 copied or rewritten (whether or not a CPF was found),
              2 usage or I/O error (with --in-place: some file could not be
                rewritten, or a name still holds a CPF), or a file not searched
                completely (unless --skip-unsearchable).

            EXAMPLES:
              cpf redact app.log > app-shared.log
              cpf redact --style lgpd < ticket.txt
              cpf redact -r --in-place shared-folder/
              cpf redact --document any invoices.txt
            """,
            pt: """
                Todo CPF e CPF digitado errado que 'cpf find --include-invalid' relata na
                mesma confiança é reescrito no lugar, mantendo separadores, quebras de linha
                e caracteres invisíveis; todos os outros bytes são copiados sem mudança,
                inclusive dados binários e UTF-8 inválido. Depois de
                'cpf redact --confidence L', 'cpf find --confidence L --include-invalid'
                não encontra nada. A memória fica estável qualquer que seja a entrada,
                mesmo uma linha de 1 GB.

                Um arquivo em UTF-16, UTF-32 ou Windows-1252, ou comprimido com gzip, é
                decodificado como 'cpf find' o decodifica, e escrito de volta na mesma
                codificação (com a marca de ordem de bytes) e comprimido com gzip de
                novo. Um arquivo que não pode ser pesquisado por inteiro (xz, bzip2,
                zstd...; um gzip corrompido; um limite de descompressão) é nomeado
                na saída de erro como 'cpf: ARQUIVO: não pesquisado: MOTIVO', e
                --in-place o deixa como estava.

                Um arquivo zip ou documento do Office (docx, xlsx, pptx, odt, ods, odp)
                é escrito de novo com só os membros que tinham um CPF mudados (num
                documento do Office, só os caracteres dos CPFs no XML); os outros
                membros são copiados byte a byte, com nomes, ordem e datas. Um PDF é
                escrito de novo como um arquivo novo, sem revisões anteriores: os
                glifos de cada CPF são retirados do texto das páginas (o que vem
                depois não se move) e uma caixa é pintada por cima (--pdf-fill); o
                arquivo escrito é relido, e um CPF que sobre em qualquer lugar
                (metadados, uma anotação, um anexo), glifos que não se traduzem
                em texto ou criptografia o deixam como estava, nomeado
                como 'cpf: ARQUIVO: não reescrito: MOTIVO' (código de saída 2). Um
                arquivo antigo do Office (doc, xls, ppt, msg) nunca é reescrito: um
                cujo texto tem um CPF também é nomeado, assim como um arquivo zip
                com um membro que não pode ser pesquisado ou reescrito
                (criptografado; gzip ou texto UTF-16 com um CPF dentro dele); um PDF
                dentro de um arquivo zip ou de um e-mail é reescrito como um arquivo
                PDF.
                Os blocos de texto de uma imagem PNG com um CPF são escritos de novo
                com seu CRC; um CPF em outro bloco ou numa palavra-chave deixa a imagem
                como estava, nomeada.

                O texto de um arquivo PNG ou JPEG é lido pelo Tesseract como 'cpf find'
                o lê (--ocr-engine, --no-ocr), e as caixas das palavras de cada CPF,
                aumentadas em 15 % de sua altura (ao menos 2 pixels), são pintadas de
                preto nos pixels: os demais pixels e blocos de um PNG mantidos, os
                demais blocos 8x8 de um JPEG mantidos em seus coeficientes e suas
                miniaturas embutidas removidas. A imagem escrita é lida de novo por uma
                nova execução do Tesseract e pesquisada em seus bytes; um CPF que essa
                execução leia é pintado também e a imagem lida de novo, três pinturas
                no máximo. Um CPF que continue lá depois delas, ou em seus bytes, uma
                imagem progressiva, CMYK ou animada, ou uma imagem
                TIFF, BMP, GIF ou WebP em que o Tesseract lê um CPF deixam-na como
                estava, nomeada (código de saída 2). Sem o Tesseract, ou com --no-ocr,
                as imagens não são pesquisadas. Imagens dentro de arquivos zip,
                documentos do Office e e-mails são pintadas da mesma forma; uma dentro
                de um tar com um CPF deixa o tar como estava, nomeado; um CPF numa
                imagem de um arquivo legado do Office o nomeia como não reescrito.
                Um CPF numa imagem de um arquivo PDF também o nomeia como não
                reescrito.

                Um e-mail (mensagem ou arquivo mbox) é lido como 'cpf find' o lê e
                escrito de volta com só as partes MIME que tinham um CPF recodificadas,
                no charset e em base64 ou quoted-printable originais, e os programas de
                e-mail continuam a lê-lo; as outras partes são copiadas byte a byte.
                Um e-mail vindo de um pipe ou comprimido com gzip não pode ser
                reescrito: não é pesquisado.

                Com --in-place, cada arquivo só é reescrito se tiver algo a esconder: o
                novo conteúdo vai para um arquivo temporário na mesma pasta
                (.cpf-redact-XXXXXX), com o dono, o grupo, as permissões, as ACLs e os
                atributos estendidos do arquivo, gravado no disco e renomeado por cima
                dele; assim o arquivo é a todo momento o antigo ou o novo. Um link dado
                como arquivo tem reescrito o arquivo para o qual aponta. As pastas são
                abertas dentro das pastas-mãe, nunca por um caminho procurado de novo:
                uma pasta trocada por um link durante a execução não leva o cpf para
                fora dos argumentos. Um arquivo não é reescrito, e é relatado, quando
                isso perderia algo: outros links físicos, metadados que não podem ser
                mantidos, uma mudança durante a reescrita, outro programa escrevendo
                nele. Um arquivo que não pode ser lido ou escrito é relatado e fica como
                estava; os outros seguem. Nada é escrito dentro de uma pasta .git, .hg
                ou .svn: um arquivo ali com algo a esconder é relatado (exclua a pasta
                com -g '!.git'). Nada é renomeado: com -r, um nome que tem um CPF é
                relatado, com o CPF escondido. Um arquivo lido por --pre nunca é
                reescrito, e é relatado quando o texto dele tem um CPF. Os nomes na
                saída de erro aparecem com os CPFs escondidos.

                CÓDIGO DE SAÍDA:
                  0 copiado ou reescrito (com ou sem CPF encontrado),
                  2 erro de uso ou de E/S (com --in-place: algum arquivo não foi
                    reescrito, ou um nome ainda tem um CPF), ou um arquivo não
                    pesquisado por inteiro (exceto com --skip-unsearchable).

                EXEMPLOS:
                  cpf redact app.log > app-compartilhado.log
                  cpf redact --style lgpd < chamado.txt
                  cpf redact -r --in-place pasta-compartilhada/
                  cpf redact --document any notas.txt
                """))

    static func run(_ arguments: ParsedArguments, context: Context) throws(UsageError) -> ExitStatus {
        let inPlace = arguments.has(Self.inPlace)
        if inPlace, arguments.positionals.isEmpty || arguments.positionals.contains("-") {
            throw .invalid(Message.inPlaceNeedsFiles.localized(arguments.spelling(Self.inPlace)))
        }
        let threads = try TreeOptions.threadCount(arguments)
        let preprocessor = try Preprocessor.make(arguments, environment: context.environment)
        // Each worker has its own style: the pseudonym cache is not shared between threads.
        var makeStyle: () -> RedactEngine.Style = { .hidden(.full) }
        let choices = CPFScanner.RedactionStyle.allCases.map(\.rawValue) + ["pseudonym"]
        let chosen = try arguments.choice(Self.style, among: choices)
        let accepted = try TaxpayerIDOptions.accepted(arguments)
        try TaxpayerIDOptions.requireCPFOnly(
            [PseudonymizeCommand.keyFile, PseudonymizeCommand.tweak, PseudonymizeCommand.keepRegion],
            in: arguments, accepted: accepted)
        if accepted != .cpf, chosen == "pseudonym" {
            throw .invalid(Message.onlyWithCPF.localized("--style pseudonym"))
        }
        if chosen == "pseudonym" {
            guard let key = try PseudonymizeCommand.key(arguments, context: context) else { return .error }
            let pseudonymizer = PseudonymizeCommand.pseudonymizer(key: key, arguments)
            makeStyle = { .pseudonym(CachingCPFPseudonymizer(pseudonymizer)) }
        } else {
            for option in [PseudonymizeCommand.keyFile, PseudonymizeCommand.tweak, PseudonymizeCommand.keepRegion]
            where arguments.has(option) {
                throw .invalid(Message.goesWithPseudonymStyle.localized(arguments.spelling(option)))
            }
            if let chosen, let hiding = CPFScanner.RedactionStyle(rawValue: chosen) { makeStyle = { .hidden(hiding) } }
        }
        let minimumConfidence = try FindCommand.confidenceLevel(arguments, Self.confidence) ?? .low
        let fill =
            try arguments.choice(Self.pdfFill, among: PDFRedactor.Fill.allCases.map(\.rawValue))
            .flatMap(PDFRedactor.Fill.init(rawValue:)) ?? .black
        let columns = try CommonOptions.columns(arguments, argumentsAreFiles: true)
        if columns.readsField {
            if accepted != .cpf { try TaxpayerIDOptions.requireSafeDelimiter(columns, in: arguments) }
            return try redactField(
                arguments, columns: columns, style: makeStyle(), minimumConfidence: minimumConfidence,
                accepted: accepted, context: context)
        }
        if arguments.has(header) { throw .invalid(Message.needsField.localized(arguments.spelling(header))) }
        let run = TreeRun(
            walk: TreeOptions.walk(arguments, inPlace: inPlace, reportsNames: inPlace), context: context,
            showsProgress: Progress.isWanted(disabled: arguments.has(TreeOptions.noProgress)), threads: threads,
            hidesCPFsInNames: true)
        let limits = try DecodingOptions.limits(arguments)
        run.skipsUnsearchable = arguments.has(DecodingOptions.skipUnsearchable)
        let stats = arguments.has(Self.stats) ? RedactStats() : nil
        let images = try OCROptions.imageReading(arguments, environment: context.environment)
        run.run(
            makeWorker: TreeWorkers.redact(
                makeStyle: makeStyle, minimumConfidence: minimumConfidence, inPlace: inPlace,
                threadsPerFile: TreeOptions.threadsPerFile(threads, files: run.filesAtFirst), limits: limits,
                preprocessor: preprocessor, isLineLocal: arguments.has(FindCommand.lineLocal), accepted: accepted,
                pdfFill: fill, images: images, stats: stats, context: context))
        stats?.write(
            to: context.errors, inPlace: inPlace, accepted: accepted, notSearched: run.notSearchedCount,
            language: context.language)
        return run.failedInput ? .error : .success
    }

    /// `redact --field`: each input read as CSV records, the field's CPFs (and CNPJs) hidden.
    private static func redactField(
        _ arguments: ParsedArguments, columns: CSVColumns, style: RedactEngine.Style,
        minimumConfidence: CPFScanner.Confidence, accepted: TaxpayerID.Accepted, context: Context
    ) throws(UsageError) -> ExitStatus {
        let others = [
            inPlace, TreeOptions.recursive, TreeOptions.glob, Preprocessor.pre, Preprocessor.preGlob, stats, pdfFill,
            OCROptions.engine, OCROptions.noOCR,
        ]
        for other in others where arguments.has(other) {
            throw .conflictingOptions(arguments.spelling(field), arguments.spelling(other))
        }
        let engine = RedactFieldEngine(
            style: style, minimumConfidence: minimumConfidence, accepting: accepted, columns: columns,
            context: context)
        InputList(files: arguments.positionals).forEach(in: context) { name, descriptor throws(Errno) in
            try engine.redact(descriptor, named: name)
        }
        return context.failedInput ? .error : .success
    }
}
