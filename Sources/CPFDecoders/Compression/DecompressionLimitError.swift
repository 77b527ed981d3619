/// A decompressor stopped because its output broke one of its
/// ``DecompressionLimits``: the input is probably a decompression bomb.
///
/// ```swift
/// do {
///     _ = try Inflater.inflate(bomb, limits: .default)
/// } catch let error as DecompressionLimitError {
///     print(error)   // "output more than 200 times the input (…)"
/// }
/// ```
public enum DecompressionLimitError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The output passed ``DecompressionLimits/maximumOutputSize``.
    case outputTooLarge(limit: Int)
    /// The output passed ``DecompressionLimits/maximumRatio`` times the input.
    case ratioTooHigh(output: Int, input: Int, limit: Int)

    /// A short English sentence fragment, such as
    /// `output larger than 1073741824 bytes (size limit)`.
    public var description: String {
        switch self {
        case .outputTooLarge(let limit):
            "output larger than \(limit) bytes (size limit)"
        case .ratioTooHigh(let output, let input, let limit):
            "output more than \(limit) times the input (\(output) bytes from \(input); ratio limit)"
        }
    }
}
