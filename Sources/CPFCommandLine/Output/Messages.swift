import CPFKit

/// The catalogue of `cpf`'s messages, each in English and in Brazilian
/// Portuguese (help texts live with the command and option definitions, as
/// ``Localized`` pairs).
///
/// A template holds placeholders `{1}`, `{2}`… for its arguments, and
/// `{1|word|words}`, the argument followed by the singular or the plural
/// word (for Portuguese agreement: `1 válido`, `2 válidos`). Both languages
/// of a key use the same placeholders (a test checks it).
///
/// To add a message: add a case, and its two templates in ``templates``;
/// the compiler refuses a case without them. Write it where it is used as
/// `context.text(.key, argument, …)` or `Message.key.text(language, …)`.
enum Message: String, CaseIterable, Sendable {
    // Usage errors.
    case unknownCommand, unknownOption, missingValue, unexpectedValue, invalidValue
    case conflictingOptions, missingArgument, unexpectedArgument, didYouMean, or
    case usagePrefix, seeCommandHelp, seeCommandList
    case expectFieldNumber, expectDelimiter, expectWholeNumber, expectState, expectRegion, expectSeed
    case expectLabel, expectChoice, expectThreads
    case goesWithPseudonymStyle, goesWithHidePseudonym, appliesToLines, uniqueTooMany, uniqueTooManyInRegion,
        keyFileRequired
    case needsField, needsFieldOr, inputNeedsName, argumentsWithInput
    // Hints and input problems.
    case fileHint, terminalHint, standardInput, standardOutput, inputIsOutput
    case lineNotHeldCopied, lineNotHeldLeftOut
    case valueHidden, valueBlanked, rewriteSummary, reportsNotShown
    case unterminatedQuote, noField, noFieldNamed, cannotRewrite, tooLongToKeepForm, repeatedBase
    // check.
    case verdictValid, verdictInvalid, checkSummary
    // info.
    case infoInput, infoValid, infoYes, infoNo, infoMasked, infoDigits, infoCheckDigits, infoRight
    case infoExpected, infoRegion, infoLGPD, infoDidYouMean, infoNeedsDigits, infoNothingClose
    // prompt and pseudonymize.
    case terminalOpen, terminalClosed
    case keyFileError, keyFileExists, keyFileLength, keyFileLengthAtLeast, keyFileCharacter, keyFileCreate
    case noRandomness, keyFileReadable, keyFileNotRegular
    // Folders (-r), redact --in-place, find --stats, the progress line.
    case inPlaceNeedsFiles, notRegularFile, replacedDuringWalk, notRewritten, hasOtherNames, cannotKeepOwner,
        cannotKeepAttribute, changedWhileRewritten, openForWriting, readBackFound, readBackUnreadable, redactedFile,
        statsFiles, statsCPFs, progress, progressOfTotal, redactStatsFiles, redactStatsInPlace, redactStatsCopied,
        redactStatsHidden
    // Inputs not searched completely (gzip, encodings, formats cpf does not read, --pre).
    case notSearched, statsNotSearched
    // -g/--glob, version-control folders, CPFs in names, --pre.
    case inVersionControl, cpfInName, preExited, preSignal, preNotFound, preCannotStart, fromPre, needsPre
    // --document cnpj|any (CNPJs beside CPFs).
    case infoDocument, infoKindNumeric, infoKindAlphanumeric, infoRoot, infoBranch, infoHeadOffice
    case onlyWithCPF, alphanumericNeedsCNPJ, recordTooLongForDocument, documentDelimiter, lineTooLongForDocument
    case cnpjInName

    /// The English and the Portuguese template.
    var templates: (english: String, portuguese: String) {
        switch self {
        case .unknownCommand: ("unknown command '{1}'", "comando desconhecido '{1}'")
        case .unknownOption: ("unknown option '{1}'", "opção desconhecida '{1}'")
        case .missingValue: ("missing value for '{1}'", "falta o valor de '{1}'")
        case .unexpectedValue: ("'{1}' does not take a value", "'{1}' não aceita valor")
        case .invalidValue:
            ("invalid value '{1}' for '{2}': expected {3}", "valor inválido '{1}' para '{2}': esperado {3}")
        case .conflictingOptions: ("'{1}' cannot be used with '{2}'", "'{1}' não pode ser usada com '{2}'")
        case .missingArgument: ("missing argument {1}", "falta o argumento {1}")
        case .unexpectedArgument: ("unexpected argument '{1}'", "argumento inesperado '{1}'")
        case .didYouMean: ("; did you mean '{1}'?", "; você quis dizer '{1}'?")
        case .or: ("{1} or {2}", "{1} ou {2}")
        case .usagePrefix: ("Usage: ", "Uso: ")
        case .seeCommandHelp:
            ("  See 'cpf help {1}' for more information.", "  Veja 'cpf help {1}' para mais informações.")
        case .seeCommandList:
            ("  See 'cpf --help' for the list of commands.", "  Veja 'cpf --help' para a lista de comandos.")
        case .expectFieldNumber:
            (
                "a field number from 1, or a field name with --header",
                "um número de campo a partir de 1, ou um nome de campo com --header"
            )
        case .rewriteSummary:
            (
                "{1} read, {2} rewritten, {3} not rewritten",
                "{1|lido|lidos}, {2|reescrito|reescritos}, {3|não reescrito|não reescritos}"
            )
        case .reportsNotShown:
            (
                "; {1|report|reports} past the first 20 not shown",
                "; {1|relato omitido|relatos omitidos} após os 20 primeiros"
            )
        case .valueHidden: ("{1}; hidden", "{1}; escondido")
        case .valueBlanked: ("{1}; left out", "{1}; omitido")
        case .noFieldNamed: ("no field named '{1}' in the header", "o cabeçalho não tem campo chamado '{1}'")
        case .expectDelimiter:
            (
                "one ASCII character other than a quote, a line break, a digit, '.', '-' or a space, or 'tab'",
                "um caractere ASCII que não seja aspas, quebra de linha, dígito, '.', '-' ou espaço, ou 'tab'"
            )
        case .expectWholeNumber: ("a whole number from 0", "um número inteiro a partir de 0")
        case .expectState: ("a Brazilian state such as SP or rj", "a sigla de um estado, como SP ou rj")
        case .expectRegion: ("a region digit from 0 to 9", "o dígito de uma região, de 0 a 9")
        case .expectSeed:
            ("a whole number from 0 to 18446744073709551615", "um número inteiro de 0 a 18446744073709551615")
        case .expectLabel:
            ("text without control or format characters", "um texto sem caracteres de controle ou de formatação")
        case .expectChoice: ("'{1}'", "'{1}'")
        case .goesWithPseudonymStyle: ("'{1}' goes with '--style pseudonym'", "'{1}' só vale com '--style pseudonym'")
        case .goesWithHidePseudonym: ("'{1}' goes with '--hide pseudonym'", "'{1}' só vale com '--hide pseudonym'")
        case .appliesToLines:
            (
                "'{1}' applies to input lines, not to CPF arguments",
                "'{1}' vale para linhas de entrada, não para CPFs passados como argumento"
            )
        case .uniqueTooMany: ("'{1}': there are only {2} CPFs, not {3}", "'{1}': só existem {2} CPFs, não {3}")
        case .uniqueTooManyInRegion:
            (
                "'{1}': there are only {2} CPFs in that region, not {3}",
                "'{1}': só existem {2} CPFs nessa região, não {3}"
            )
        case .keyFileRequired:
            (
                "'--key-file' is required (make a key with 'cpf pseudonymize --new-key-file <file>')",
                "'--key-file' é obrigatória (crie uma chave com 'cpf pseudonymize --new-key-file <arquivo>')"
            )
        case .needsField: ("'{1}' needs '--field'", "'{1}' precisa de '--field'")
        case .needsFieldOr: ("'{1}' needs '--field' or '{2}'", "'{1}' precisa de '--field' ou '{2}'")
        case .inputNeedsName:
            (
                "'{1}' needs a file name ('-' for standard input)",
                "'{1}' precisa de um nome de arquivo ('-' para a entrada padrão)"
            )
        case .argumentsWithInput:
            (
                "CPF arguments cannot be combined with '{1}'",
                "CPFs passados como argumento não podem ser combinados com '{1}'"
            )
        case .fileHint:
            (
                "hint: '{1}' is a file; to read CPFs from it, use '--input {1}' (or '-i')",
                "dica: '{1}' é um arquivo; para ler os CPFs dele, use '--input {1}' (ou '-i')"
            )
        case .terminalHint:
            (
                "reading CPFs from the terminal, one per line; Ctrl-D ends",
                "lendo CPFs do terminal, um por linha; Ctrl-D termina"
            )
        case .standardInput: ("standard input", "entrada padrão")
        case .standardOutput: ("standard output: {1}", "saída padrão: {1}")
        case .lineNotHeldCopied:
            (
                "cannot hold this long line in a temporary file in {1} ({2}): passed through unchecked",
                "não foi possível guardar esta linha longa num arquivo temporário em {1} ({2}): copiada sem verificação"
            )
        case .lineNotHeldLeftOut:
            (
                "cannot hold this long line in a temporary file in {1} ({2}): left out",
                "não foi possível guardar esta linha longa num arquivo temporário em {1} ({2}): omitida"
            )
        case .inputIsOutput: ("input file is output file", "o arquivo de entrada é o próprio arquivo de saída")
        case .unterminatedQuote:
            (
                "unterminated quoted field: the record starting on this line runs to the end of the input",
                "campo entre aspas sem fechamento: o registro que começa nesta linha vai até o fim da entrada"
            )
        case .noField: ("no field {1} in this record", "este registro não tem o campo {1}")
        case .cannotRewrite: ("cannot be rewritten", "não pode ser reescrito")
        case .tooLongToKeepForm: ("too long to keep its form", "longo demais para manter a forma")
        case .repeatedBase:
            (
                "a base of one repeated digit makes a number that is never issued (--allow-repeated completes it)",
                """
                uma base de um só dígito repetido dá um número que nunca é emitido (--allow-repeated completa \
                assim mesmo)
                """
            )
        case .verdictValid: ("valid", "válido")
        case .verdictInvalid: ("invalid ({1})", "inválido ({1})")
        case .checkSummary:
            (
                "{1} checked, {2} valid, {3} invalid",
                "{1|conferido|conferidos}, {2|válido|válidos}, {3|inválido|inválidos}"
            )
        case .infoInput: ("Input", "Entrada")
        case .infoValid: ("Valid", "Válido")
        case .infoYes: ("yes", "sim")
        case .infoNo: ("no: {1} ({2})", "não: {1} ({2})")
        case .infoMasked: ("Masked", "Com máscara")
        case .infoDigits: ("Digits", "Dígitos")
        case .infoCheckDigits: ("Check digits", "Verificadores")
        case .infoRight: ("{1} (right)", "{1} (corretos)")
        case .infoExpected: ("{1}, expected {2}", "{1}, esperados {2}")
        case .infoRegion: ("Fiscal region", "Região fiscal")
        case .infoLGPD: ("LGPD display", "Exibição LGPD")
        case .infoDidYouMean: ("Did you mean", "Quis dizer")
        case .infoNeedsDigits: ("(needs 11 digits)", "(são precisos 11 dígitos)")
        case .infoNothingClose: ("(nothing one typo away)", "(nenhum a um erro de digitação)")
        case .infoDocument: ("Document", "Documento")
        case .infoKindNumeric: ("{1}, numeric", "{1}, numérico")
        case .infoKindAlphanumeric: ("{1}, alphanumeric", "{1}, alfanumérico")
        case .infoRoot: ("Root", "Raiz")
        case .infoBranch: ("Branch", "Filial")
        case .infoHeadOffice: ("{1} (head office)", "{1} (matriz)")
        case .onlyWithCPF:
            ("'{1}' goes only with --document cpf", "'{1}' só vale com --document cpf")
        case .alphanumericNeedsCNPJ:
            ("'{1}' needs --document cnpj or any", "'{1}' exige --document cnpj ou any")
        case .lineTooLongForDocument:
            (
                "line longer than {1} bytes: passed through unchanged with --document {2}",
                "linha com mais de {1} bytes: copiada sem mudança com --document {2}"
            )
        case .documentDelimiter:
            (
                "'{1}' cannot be a letter or '/' with --document cnpj or any: a CNPJ holds them",
                "'{1}' não pode ser letra nem '/' com --document cnpj ou any: um CNPJ os contém"
            )
        case .recordTooLongForDocument:
            (
                "record longer than {1} bytes: not filtered with --document {2} (left out)",
                "registro com mais de {1} bytes: não filtrado com --document {2} (deixado de fora)"
            )
        case .terminalOpen: ("cannot open the terminal ({1}): {2}", "não foi possível abrir o terminal ({1}): {2}")
        case .terminalClosed: ("the terminal was closed", "o terminal foi fechado")
        case .keyFileError: ("key file '{1}': {2}", "arquivo de chave '{1}': {2}")
        case .keyFileExists:
            (
                "'{1}' already exists: a key file is never overwritten",
                "'{1}' já existe: um arquivo de chave nunca é sobrescrito"
            )
        case .keyFileLength:
            (
                "key file '{1}': expected 64 hexadecimal digits (a 256-bit key), found {2} characters",
                """
                arquivo de chave '{1}': esperados 64 dígitos hexadecimais (uma chave de 256 bits), encontrados \
                {2} caracteres
                """
            )
        case .keyFileLengthAtLeast:
            (
                "key file '{1}': expected 64 hexadecimal digits (a 256-bit key), found at least {2} characters",
                """
                arquivo de chave '{1}': esperados 64 dígitos hexadecimais (uma chave de 256 bits), encontrados ao \
                menos {2} caracteres
                """
            )
        case .keyFileCharacter:
            (
                "key file '{1}': character {2} is not a hexadecimal digit (0-9, a-f)",
                "arquivo de chave '{1}': o caractere {2} não é um dígito hexadecimal (0-9, a-f)"
            )
        case .keyFileCreate:
            ("cannot create key file '{1}': {2}", "não foi possível criar o arquivo de chave '{1}': {2}")
        case .noRandomness: ("the system's random source failed", "a fonte de aleatoriedade do sistema falhou")
        case .keyFileNotRegular:
            (
                "key file '{1}': not a regular file (a key is read from a file, never from a pipe or a device)",
                """
                arquivo de chave '{1}': não é um arquivo comum (a chave é lida de um arquivo, nunca de um pipe ou \
                dispositivo)
                """
            )
        case .keyFileReadable:
            (
                "warning: key file '{1}' can be read by others (mode 0{2}); run 'chmod 600 {1}'",
                "aviso: outros usuários podem ler o arquivo de chave '{1}' (modo 0{2}); rode 'chmod 600 {1}'"
            )
        case .expectThreads: ("a number of threads from 1 to 1024", "um número de threads de 1 a 1024")
        case .inPlaceNeedsFiles:
            (
                "'{1}' rewrites files: standard input cannot be rewritten in place",
                "'{1}' reescreve arquivos: a entrada padrão não pode ser reescrita no lugar"
            )
        case .notRegularFile: ("not a regular file, skipped", "não é um arquivo comum, ignorado")
        case .replacedDuringWalk:
            (
                "replaced during the walk (by a link or another folder), not searched",
                "substituída durante a busca (por um link ou outra pasta), não pesquisada"
            )
        case .notRewritten: ("not rewritten: {1}", "não reescrito: {1}")
        case .inVersionControl:
            (
                """
                it holds a CPF and lies in a version-control folder (.git, .hg, .svn, a bare git repository), \
                never written by cpf; leave it out with -g '!.git' (or the repository's name)
                """,
                """
                tem um CPF e está numa pasta de controle de versão (.git, .hg, .svn, um repositório git bare), \
                onde o cpf nunca escreve; exclua-a com -g '!.git' (ou o nome do repositório)
                """
            )
        case .cpfInName:
            (
                "its name holds a CPF (shown hidden), not renamed",
                "o nome tem um CPF (mostrado escondido), não renomeado"
            )
        case .cnpjInName:
            ("its name holds a CNPJ, not renamed", "o nome tem um CNPJ, não renomeado")
        case .preExited: ("'{1}' exited with status {2}", "'{1}' terminou com código {2}")
        case .preSignal: ("'{1}' was killed by signal {2}", "'{1}' foi morto pelo sinal {2}")
        case .preNotFound: ("'{1}' not found in PATH", "'{1}' não encontrado no PATH")
        case .fromPre:
            (
                "it holds a CPF in the text '{1}' made of it, which cpf cannot write back",
                "tem um CPF no texto que '{1}' fez dele, que o cpf não consegue escrever de volta"
            )
        case .needsPre: ("'{1}' goes with --pre", "'{1}' só vale com --pre")
        case .preCannotStart: ("cannot start '{1}': {2}", "não foi possível iniciar '{1}': {2}")
        case .hasOtherNames:
            (
                "it has other names (hard links), which would keep the CPFs",
                "ele tem outros nomes (links físicos), que manteriam os CPFs"
            )
        case .cannotKeepOwner: ("cannot keep its owner and group ({1})", "não é possível manter seu dono e grupo ({1})")
        case .cannotKeepAttribute:
            ("cannot keep its extended attribute {1} ({2})", "não é possível manter seu atributo estendido {1} ({2})")
        case .changedWhileRewritten: ("it changed while it was rewritten", "ele mudou enquanto era reescrito")
        case .openForWriting: ("another program has it open for writing", "outro programa o tem aberto para escrita")
        case .readBackFound:
            (
                "read back, the file written still holds {1} of what was to be hidden",
                "relido, o arquivo escrito ainda tem {1} do que era para ocultar"
            )
        case .readBackUnreadable:
            (
                "the file written could not be read back whole ({1})",
                "o arquivo escrito não pôde ser relido inteiro ({1})"
            )
        case .redactedFile: ("redacted {1} ({2} hidden)", "{1} reescrito ({2|oculto|ocultos})")
        case .notSearched: ("not searched: {1}", "não pesquisado: {1}")
        case .statsNotSearched:
            (
                "{1|file|files} not searched completely",
                "{1|arquivo não pesquisado|arquivos não pesquisados} por inteiro"
            )
        case .statsFiles:
            (
                "{1} files ({2} with CPFs), {3} bytes, {4}",
                "{1|arquivo|arquivos} ({2} com CPFs), {3} bytes, {4}"
            )
        case .statsCPFs:
            (
                "CPFs: {1} high, {2} medium, {3} low, {4} mistyped",
                "CPFs: {1} de confiança high, {2} medium, {3} low, {4|digitado|digitados} errado"
            )
        case .progress: ("{1} files, {2}, {3}/s", "{1|arquivo|arquivos}, {2}, {3}/s")
        case .progressOfTotal:
            ("{1}/{2} files, {3}, {4}/s, {5} left", "{1}/{2|arquivo|arquivos}, {3}, {4}/s, tempo restante {5}")
        case .redactStatsFiles: ("{1|file|files}, {2} bytes, {3}: {4}", "{1|arquivo|arquivos}, {2} bytes, {3}: {4}")
        case .redactStatsInPlace:
            (
                "{1} rewritten and read back clean, {2} left as they were, {3} with nothing to hide",
                "{1|reescrito e relido limpo|reescritos e relidos limpos}, "
                    + "{2|deixado como estava|deixados como estavam}, {3} sem nada a ocultar"
            )
        case .redactStatsCopied:
            (
                "{1} copied with values hidden, {2} not read whole, {3} with nothing to hide",
                "{1|copiado|copiados} com valores ocultos, {2|não lido|não lidos} por inteiro, "
                    + "{3} sem nada a ocultar"
            )
        case .redactStatsHidden: ("{1} hidden: {2}", "{1} ocultos: {2}")
        }
    }

    /// The message in `language`, its placeholders filled with `arguments`.
    func text(_ language: Language, _ arguments: String...) -> String {
        Message.fill(language == .english ? templates.english : templates.portuguese, arguments)
    }

    /// The message in both languages, its placeholders filled.
    func localized(_ arguments: String...) -> Localized {
        Localized(Message.fill(templates.english, arguments), pt: Message.fill(templates.portuguese, arguments))
    }

    /// `template` with `{N}` replaced by `arguments[N - 1]`, and
    /// `{N|one|many}` by the argument, a space, and `one` when the argument
    /// is `1`, else `many`.
    static func fill(_ template: String, _ arguments: [String]) -> String {
        var result = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            result += rest[..<open]
            let parts = rest[rest.index(after: open)..<close].split(separator: "|", omittingEmptySubsequences: false)
            if let number = Int(parts[0]), number >= 1, number <= arguments.count {
                let argument = arguments[number - 1]
                result += argument
                if parts.count == 3 { result += " " + (argument == "1" ? parts[1] : parts[2]) }
            } else {
                result += rest[open...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    /// The placeholder numbers of a template, in order of appearance.
    static func placeholders(_ template: String) -> [Int] {
        var numbers: [Int] = []
        var rest = template[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            if let number = Int(
                rest[rest.index(after: open)..<close].split(separator: "|", omittingEmptySubsequences: false)[0])
            {
                numbers.append(number)
            }
            rest = rest[rest.index(after: close)...]
        }
        return numbers
    }

    /// Why `error`'s input is not a valid CPF, in `language`: CPFKit's
    /// description, the one catalogue of reasons. `expectedDigitCount` is 9 for a base.
    static func reason(_ error: CPFValidationError, _ language: Language, expectedDigitCount: Int = 11) -> String {
        error.description(in: language == .english ? .english : .portuguese, expectedDigitCount: expectedDigitCount)
    }
}
