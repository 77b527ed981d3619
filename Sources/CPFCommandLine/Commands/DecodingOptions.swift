import CPFDecoders

/// The options `find` and `redact` share about what they decode: the
/// decompression limits and `--skip-unsearchable`.
enum DecodingOptions {
    static let skipUnsearchable = OptionDefinition(
        "skip-unsearchable",
        help: Localized(
            """
            A file that cannot be searched completely (a format cpf does not read, such as xz, bzip2 or zstd; \
            a corrupt gzip file; a decompression limit; an encrypted zip member; a PDF without text; e-mail cpf \
            cannot read or rewrite) is still named on standard error, but no longer makes the exit status 2.
            """,
            pt:
                """
                Um arquivo que não pode ser pesquisado por inteiro (um formato que o cpf não lê, como xz, bzip2 \
                ou zstd; um arquivo gzip corrompido; um limite de descompressão; um membro zip criptografado; um \
                PDF sem texto; um e-mail que o cpf não consegue ler ou reescrever) continua sendo nomeado na saída \
                de erro, mas não faz mais o código de saída ser 2.
                """
        ))
    static let maxDecompressedSize = OptionDefinition(
        "max-decompressed-size", value: "size",
        help: Localized(
            """
            Stop decompressing a gzip file, or the members of a zip archive together, past <size> bytes of \
            output (suffix K, M, G or T, powers of 1024; default 64G); the file is then not searched completely.
            """,
            pt:
                """
                Para de descomprimir um arquivo gzip, ou os membros de um arquivo zip juntos, depois de <size> \
                bytes de saída (sufixo K, M, G ou T, potências de 1024; padrão 64G); o arquivo não é então \
                pesquisado por inteiro.
                """
        ))
    static let maxRatio = OptionDefinition(
        "max-ratio", value: "n",
        help: Localized(
            """
            Stop decompressing a gzip file (or zip archive) whose output, past its first 64 MiB, is more than \
            <n> times the compressed bytes read (default 200): a decompression bomb; the file is then not \
            searched completely.
            """,
            pt:
                """
                Para de descomprimir um arquivo gzip (ou zip) cuja saída, depois dos primeiros 64 MiB, passa de \
                <n> vezes os bytes comprimidos lidos (padrão 200): uma bomba de descompressão; o arquivo não é \
                então pesquisado por inteiro.
                """
        ))

    static let all = [skipUnsearchable, maxDecompressedSize, maxRatio]

    /// The decompression limits the options ask for.
    static func limits(_ arguments: ParsedArguments) throws(UsageError) -> DecompressionLimits {
        var limits = DecodingReader.defaultLimits
        if let text = arguments.value(maxDecompressedSize) {
            guard let size = byteCount(text.text) else {
                throw .invalidValue(
                    option: arguments.spelling(maxDecompressedSize), value: text,
                    expected: Localized(
                        "a size in bytes, such as 500M or 64G", pt: "um tamanho em bytes, como 500M ou 64G"))
            }
            limits.maximumOutputSize = size
        }
        if let ratio = try arguments.integer(
            maxRatio, in: 1...Int.max,
            expected: Localized("a whole number from 1", pt: "um número inteiro a partir de 1"))
        {
            limits.maximumRatio = ratio
        }
        return limits
    }

    /// A number of bytes, with an optional suffix K, M, G or T (powers of
    /// 1024, either case): `500M`, `64G`, `1048576`.
    static func byteCount(_ text: String) -> Int? {
        var digits = Substring(text)
        var shift = 0
        if let last = digits.last, let index = "KMGT".firstIndex(of: Character(last.uppercased())) {
            shift = 10 * ("KMGT".distance(from: "KMGT".startIndex, to: index) + 1)
            digits = digits.dropLast()
        }
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let number = Int(digits), number >= 0 else { return nil }
        let (value, overflow) = number.multipliedReportingOverflow(by: 1 << shift)
        return overflow ? nil : value
    }
}
