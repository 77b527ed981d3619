import CPFKit

/// `cpf generate`: random valid CPFs for test data.
enum GenerateCommand: Command {
    static let count = OptionDefinition(
        "count", short: "n", value: "count", help: "How many CPFs to print, one per line (default: 1). Streamed: any count runs in constant memory.")
    static let formatted = OptionDefinition(
        "formatted", help: "Print them masked, DDD.DDD.DDD-DD.")
    static let state = OptionDefinition(
        "state", value: "uf", help: "Only CPFs of the fiscal region of this state (two letters, any case: SP, rj).")
    static let region = OptionDefinition(
        "region", value: "digit", help: "Only CPFs of this fiscal region (the ninth digit, 0 to 9).")
    static let seed = OptionDefinition(
        "seed", value: "seed", help: "A number from 0 to 18446744073709551615 that makes the output reproducible, the same on every platform and version.")
    static let unique = OptionDefinition(
        "unique", help: "Never print the same CPF twice: up to 999999990 CPFs (99999999 in one region), in constant memory.")

    static let definition = CommandDefinition(
        name: "generate",
        abstract: "Print random valid CPFs for test data.",
        usage: "[-n <count>] [--formatted] [--state <uf> | --region <digit>] [--seed <seed>] [--unique]",
        arguments: [],
        options: [
            count,
            formatted,
            state,
            region,
            seed,
            unique,
        ],
        discussion: """
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
            """)

    static func run(_ arguments: ParsedArguments, context: Context) throws(UsageError) -> ExitStatus {
        if let extra = arguments.positionals.first { throw .unexpectedArgument(extra) }
        try arguments.requireAtMostOne(of: [Self.state, Self.region])
        let count = try arguments.integer(Self.count, in: 0...Int.max, expected: "a whole number from 0") ?? 1
        var region: FiscalRegion?
        if let state = arguments.value(Self.state) {
            guard let found = FiscalRegion(state: state.text) else {
                throw .invalidValue(option: arguments.spelling(Self.state), value: state, expected: "a Brazilian state such as SP or rj")
            }
            region = found
        }
        if let digit = try arguments.integer(Self.region, in: 0...9, expected: "a region digit from 0 to 9") {
            region = FiscalRegion(digit: digit)
        }
        var system = SystemRandomNumberGenerator()
        var seed = system.next()
        if let text = arguments.value(Self.seed) {
            guard let value = UInt64(text.text) else {
                throw .invalidValue(option: arguments.spelling(Self.seed), value: text, expected: "a whole number from 0 to 18446744073709551615")
            }
            seed = value
        }
        if arguments.has(Self.unique) {
            let available = UniqueCPFGenerator.count(in: region)
            guard count <= available else {
                throw .invalid("'\(arguments.spelling(Self.unique))': there are only \(available) CPFs\(region == nil ? "" : " in that region"), not \(count)")
            }
            var generator = UniqueCPFGenerator(region: region, seed: seed)
            CPFListWriter.write(count: count, from: &generator, formatted: arguments.has(Self.formatted), to: context.output)
            return .success
        }
        var random = SplitMix64(seed: seed)
        CPFListWriter.write(count: count, from: CPFGenerator(region: region), using: &random,
                            formatted: arguments.has(Self.formatted), to: context.output)
        return .success
    }
}
