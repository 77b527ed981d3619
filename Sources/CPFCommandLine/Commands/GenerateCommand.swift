import CPFKit

/// `cpf generate`: random valid CPFs for test data.
enum GenerateCommand: Command {
    static let count = OptionDefinition(
        "count", short: "n", value: "count",
        help: Localized(
            "How many CPFs to print, one per line (default: 1). Streamed: any count runs in constant memory.",
            pt:
                """
                Quantos CPFs imprimir, um por linha (padrão: 1). Em fluxo: qualquer quantidade roda em memória \
                constante.
                """
        ))
    static let formatted = OptionDefinition(
        "formatted", help: Localized("Print them masked, DDD.DDD.DDD-DD.", pt: "Imprime com máscara, DDD.DDD.DDD-DD."))
    static let state = OptionDefinition(
        "state", value: "uf", completion: .choices(FiscalRegion.allCases.flatMap(\.states).sorted()),
        help: Localized(
            "Only CPFs of the fiscal region of this state (two letters, any case: SP, rj).",
            pt: "Só CPFs da região fiscal deste estado (duas letras, maiúsculas ou minúsculas: SP, rj)."))
    static let region = OptionDefinition(
        "region", value: "digit",
        help: Localized(
            "Only CPFs of this fiscal region (the ninth digit, 0 to 9).",
            pt: "Só CPFs desta região fiscal (o nono dígito, de 0 a 9)."))
    static let seed = OptionDefinition(
        "seed", value: "seed",
        help: Localized(
            """
            A number from 0 to 18446744073709551615 that makes the output reproducible, the same on every \
            platform and version.
            """,
            pt:
                """
                Um número de 0 a 18446744073709551615 que torna a saída reproduzível, a mesma em toda plataforma \
                e versão.
                """
        ))
    static let unique = OptionDefinition(
        "unique",
        help: Localized(
            "Never print the same CPF twice: up to 999999990 CPFs (99999999 in one region), in constant memory.",
            pt: "Nunca imprime o mesmo CPF duas vezes: até 999999990 CPFs (99999999 numa região), em memória constante."
        ))

    static let alphanumeric = OptionDefinition(
        "alphanumeric",
        help: Localized(
            """
            With --document cnpj or any: CNPJs of letters and digits (the kind issued from July 2026), each of the \
            first 12 characters drawn from 0-9 and A-Z alike.
            """,
            pt: """
                Com --document cnpj ou any: CNPJs de letras e dígitos (o tipo emitido a partir de julho de 2026), \
                cada um dos 12 primeiros caracteres sorteado entre 0-9 e A-Z por igual.
                """))

    static let definition = CommandDefinition(
        name: "generate",
        abstract: Localized(
            "Print random valid CPFs for test data.", pt: "Imprime CPFs válidos aleatórios para dados de teste."),
        arguments: [],
        options: [
            count,
            formatted,
            state,
            region,
            seed,
            unique,
            TaxpayerIDOptions.generated,
            alphanumeric,
        ],
        synopsis: [
            .optional(count),
            .optional(formatted),
            .oneOf([state, region]),
            .optional(seed),
            .optional(unique),
            .optional(TaxpayerIDOptions.generated, with: [.optional(alphanumeric)]),
        ],
        discussion: Localized(
            """
            CPFs are drawn uniformly over all valid numbers that are not one repeated
            digit (of the region, when given), with the SplitMix64 generator.
            With --unique, the bases are walked in a seeded shuffled order instead,
            so none comes twice and each CPF is equally likely to come.

            FISCAL REGIONS (ninth digit):
              0 RS   1 DF GO MT MS TO   2 AC AP AM PA RO RR   3 CE MA PI
              4 AL PB PE RN   5 BA SE   6 MG   7 ES RJ   8 SP   9 PR SC

            EXAMPLES:
              cpf generate -n 3 --formatted --state SP --seed 42
              cpf generate -n 10000000 > cpfs.txt
              cpf generate -n 5000000 --unique --seed 7 > distinct.txt
            """,
            pt: """
                Os CPFs são sorteados uniformemente entre todos os números válidos que não
                são um só dígito repetido (da região, quando dada), com o gerador SplitMix64.
                Com --unique, as bases são percorridas numa ordem embaralhada pela semente,
                de modo que nenhuma se repete e cada CPF tem a mesma chance de sair.

                REGIÕES FISCAIS (nono dígito):
                  0 RS   1 DF GO MT MS TO   2 AC AP AM PA RO RR   3 CE MA PI
                  4 AL PB PE RN   5 BA SE   6 MG   7 ES RJ   8 SP   9 PR SC

                EXEMPLOS:
                  cpf generate -n 3 --formatted --state SP --seed 42
                  cpf generate -n 10000000 > cpfs.txt
                  cpf generate -n 5000000 --unique --seed 7 > distintos.txt
                """))

    static func run(_ arguments: ParsedArguments, context: Context) throws(UsageError) -> ExitStatus {
        if let extra = arguments.positionals.first { throw .unexpectedArgument(extra) }
        let accepted = try TaxpayerIDOptions.accepted(arguments)
        try TaxpayerIDOptions.requireCPFOnly([Self.state, Self.region, Self.unique], in: arguments, accepted: accepted)
        if accepted == .cpf, arguments.has(Self.alphanumeric) {
            throw .invalid(Message.alphanumericNeedsCNPJ.localized(arguments.spelling(Self.alphanumeric)))
        }
        try arguments.requireAtMostOne(of: [Self.state, Self.region])
        let count =
            try arguments.integer(Self.count, in: 0...Int.max, expected: Message.expectWholeNumber.localized()) ?? 1
        var region: FiscalRegion?
        if let state = arguments.value(Self.state) {
            guard let found = FiscalRegion(state: state.text) else {
                throw .invalidValue(
                    option: arguments.spelling(Self.state), value: state, expected: Message.expectState.localized())
            }
            region = found
        }
        if let digit = try arguments.integer(Self.region, in: 0...9, expected: Message.expectRegion.localized()) {
            region = FiscalRegion(digit: digit)
        }
        var system = SystemRandomNumberGenerator()
        var seed = system.next()
        if let text = arguments.value(Self.seed) {
            guard let value = UInt64(text.text) else {
                throw .invalidValue(
                    option: arguments.spelling(Self.seed), value: text, expected: Message.expectSeed.localized())
            }
            seed = value
        }
        if accepted != .cpf {
            generateDocuments(count: count, seed: seed, accepted: accepted, arguments: arguments, context: context)
            return .success
        }
        if arguments.has(Self.unique) {
            let available = UniqueCPFGenerator.count(in: region)
            guard count <= available else {
                throw .invalid(
                    (region == nil ? Message.uniqueTooMany : .uniqueTooManyInRegion).localized(
                        arguments.spelling(Self.unique), "\(available)", "\(count)"))
            }
            var generator = UniqueCPFGenerator(region: region, seed: seed)
            inBatches(of: count, context: context) { batch in
                CPFListWriter.write(
                    count: batch, from: &generator, formatted: arguments.has(Self.formatted), to: context.output)
            }
            return .success
        }
        var random = SplitMix64(seed: seed)
        inBatches(of: count, context: context) { batch in
            CPFListWriter.write(
                count: batch, from: CPFGenerator(region: region), using: &random,
                formatted: arguments.has(Self.formatted), to: context.output)
        }
        return .success
    }

    /// Calls `body` with batch sizes that add up to `count`, until the run is
    /// cancelled (a write error): a billion CPFs to a full disk stop at the
    /// next batch. The sizes do not change what is drawn.
    private static func inBatches(of count: Int, context: Context, _ body: (Int) -> Void) {
        var left = count
        while left > 0, !context.cancellation.isCancelled {
            let batch = min(left, 1 << 16)
            body(batch)
            left -= batch
        }
    }

    /// `--document cnpj|any`: CNPJs (numeric, or with `--alphanumeric` of
    /// letters and digits), or with `any` a CPF or a CNPJ, even odds, each
    /// line.
    private static func generateDocuments(
        count: Int, seed: UInt64, accepted: TaxpayerID.Accepted, arguments: ParsedArguments, context: Context
    ) {
        var random = SplitMix64(seed: seed)
        let cnpjs = CNPJGenerator(alphanumeric: arguments.has(Self.alphanumeric))
        let cpfs = CPFGenerator()
        let formatted = arguments.has(Self.formatted)
        inBatches(of: count, context: context) { batch in
            for _ in 0..<batch {
                let number: TaxpayerID =
                    accepted == .any && random.next() & 1 == 0
                    ? .cpf(cpfs.next(using: &random)) : .cnpj(cnpjs.next(using: &random))
                context.output.write(formatted ? number.formatted : number.characters)
                context.output.write(byte: 0x0A)
            }
        }
    }
}
