/// The language of `cpf`'s human-readable text: help, messages, summaries,
/// `info` and `prompt`. Machine output (JSON, CSV, reason codes) is the same
/// in every language.
///
/// Chosen once at startup from the locale (``init(environment:)``) and
/// carried by ``Context``; nothing global changes.
enum Language: Sendable, Equatable, CaseIterable {
    case english
    case portuguese

    /// The language the locale asks for: the first of `LC_ALL`,
    /// `LC_MESSAGES` and `LANG` that is set and not empty decides; a value
    /// starting with `pt` (`pt_BR.UTF-8`, `pt`) means Brazilian Portuguese,
    /// anything else English.
    init(environment: (String) -> String?) {
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment(name), !value.isEmpty else { continue }
            self = value.hasPrefix("pt") ? .portuguese : .english
            return
        }
        self = .english
    }
}

/// A text written in both languages, such as the help of an option. The
/// two are always given together, so no text can miss its translation.
///
/// Two texts are equal when their English is: the English names the
/// message (a usage error is the same error whatever the language).
struct Localized: Sendable, Equatable {
    let english: String
    let portuguese: String

    init(_ english: String, pt portuguese: String) {
        self.english = english
        self.portuguese = portuguese
    }

    func text(_ language: Language) -> String {
        language == .english ? english : portuguese
    }

    static func == (a: Localized, b: Localized) -> Bool { a.english == b.english }
}
