/// A part of a command's usage line, naming options of its definition: an
/// option, or options shown together. ``CommandDefinition/usageLine`` is made
/// from these terms, as swift-argument-parser makes its usage from its
/// argument definitions, so what the line says about an option (that it must
/// be given, that it excludes others, that it only goes with another) is
/// said once, beside the option list, and help, the man page and usage
/// errors print the same line.
struct UsageTerm: Sendable {
    /// One option, or alternatives of which at most one may be given.
    let options: [OptionDefinition]
    /// Whether the option must be given: it is shown without brackets.
    let isRequired: Bool
    /// Terms that only go with this one, shown inside its brackets.
    let dependents: [UsageTerm]

    /// `[-r]`, `[--pre <command>]`: an option that may be given.
    static func optional(_ option: OptionDefinition) -> UsageTerm {
        UsageTerm(options: [option], isRequired: false, dependents: [])
    }

    /// `[-f <n> [--header]]`: an option that may be given, and others that
    /// only go with it.
    static func optional(_ option: OptionDefinition, with dependents: [UsageTerm]) -> UsageTerm {
        UsageTerm(options: [option], isRequired: false, dependents: dependents)
    }

    /// `--key-file <file>`: an option that must be given.
    static func required(_ option: OptionDefinition) -> UsageTerm {
        UsageTerm(options: [option], isRequired: true, dependents: [])
    }

    /// `[--count | -l | -q]`: options of which at most one may be given.
    static func oneOf(_ options: [OptionDefinition]) -> UsageTerm {
        UsageTerm(options: options, isRequired: false, dependents: [])
    }

    /// The term as the usage line writes it.
    var text: String {
        var text = options.map(\.synopsis).joined(separator: " | ")
        for dependent in dependents { text += " " + dependent.text }
        return isRequired ? text : "[\(text)]"
    }

    /// Every option the term names, its dependents' included.
    var allOptions: [OptionDefinition] { options + dependents.flatMap(\.allOptions) }
}
