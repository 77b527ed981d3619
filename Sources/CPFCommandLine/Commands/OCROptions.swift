import CPFSystem

/// The options of `find` and `redact` about images: the OCR engine that
/// reads their pixels (`--ocr-engine`), or none (`--no-ocr`).
///
/// ```swift
/// // cpf find --ocr-engine /opt/tesseract/bin/tesseract scans/
/// settings.images = try OCROptions.imageReading(arguments, environment: context.environment)
/// ```
enum OCROptions {
    static let engine = OptionDefinition(
        "ocr-engine", value: "path", completion: .file,
        help: Localized(
            """
            Read the text of images (PNG, JPEG, TIFF, BMP, GIF, WebP) with the Tesseract program at <path> \
            (default: tesseract in PATH), with its Portuguese data (tesseract-ocr-por). Without one, each image \
            is named not searched (exit status 2).
            """,
            pt:
                """
                Lê o texto de imagens (PNG, JPEG, TIFF, BMP, GIF, WebP) com o programa Tesseract em <path> \
                (padrão: tesseract no PATH), com os dados de português (tesseract-ocr-por). Sem ele, cada imagem \
                é nomeada como não pesquisada (código de saída 2).
                """
        ))
    static let noOCR = OptionDefinition(
        "no-ocr",
        help: Localized(
            "Do not read the text of images: each image is named not searched (exit status 2).",
            pt: "Não lê o texto de imagens: cada imagem é nomeada como não pesquisada (código de saída 2)."))

    static let all = [engine, noOCR]

    /// How images are read as the options ask: `--no-ocr` and
    /// `--ocr-engine` together are refused.
    static func imageReading(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError)
        -> FindEngine.ImageReading
    {
        try arguments.requireAtMostOne(of: [engine, noOCR])
        if let given = arguments.value(engine), given.bytes.isEmpty {
            throw .invalidValue(
                option: arguments.spelling(engine), value: given, expected: Localized("a program", pt: "um programa"))
        }
        return .chosen(engine: arguments.value(engine), refused: arguments.has(noOCR), searchPath: environment["PATH"])
    }
}
