/// One of the ten fiscal regions of the Receita Federal, told by the ninth
/// digit of a CPF: the region where the number was first issued.
///
/// ```swift
/// let region = try CPF(validating: "390.533.447-05").fiscalRegion
/// region.digit     // 7
/// region.states    // ["ES", "RJ"]
/// FiscalRegion(state: "sp")?.digit   // 8
/// ```
public struct FiscalRegion: Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// The ninth digit of the CPFs issued in this region, 0 to 9.
    public let digit: Int

    /// The two-letter codes of the states of this region, such as `["ES", "RJ"]`.
    public var states: [String] { Self.statesByDigit[digit] }

    /// The region of a ninth digit, or `nil` unless `digit` is 0 to 9.
    public init?(digit: Int) {
        guard (0...9).contains(digit) else { return nil }
        self.digit = digit
    }

    /// The region of a state, by its two-letter code in any case (`"SP"`,
    /// `"sp"`), or `nil` for an unknown code.
    public init?(state: some StringProtocol) {
        // ASCII letters only: Unicode case mapping would turn "ſp" into "SP".
        let letters = state.utf8.map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }
        let code = String(decoding: letters, as: UTF8.self)
        guard let digit = Self.statesByDigit.firstIndex(where: { $0.contains(code) }) else { return nil }
        self.digit = digit
    }

    /// The ten regions, by digit 0 to 9.
    public static let allCases: [FiscalRegion] = (0...9).map { FiscalRegion(digit: $0)! }

    /// The digit and its states: `7 (ES, RJ)`.
    public var description: String { "\(digit) (\(states.joined(separator: ", ")))" }

    private static let statesByDigit: [[String]] = [
        ["RS"],
        ["DF", "GO", "MT", "MS", "TO"],
        ["AC", "AP", "AM", "PA", "RO", "RR"],
        ["CE", "MA", "PI"],
        ["AL", "PB", "PE", "RN"],
        ["BA", "SE"],
        ["MG"],
        ["ES", "RJ"],
        ["SP"],
        ["PR", "SC"],
    ]
}
