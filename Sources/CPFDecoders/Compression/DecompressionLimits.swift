/// How much a decompressor may produce before it stops, so a decompression
/// bomb (a small file that inflates to terabytes) ends quickly, in bounded
/// memory, with a ``DecompressionLimitError`` instead of filling the disk or
/// keeping a scan busy for hours.
///
/// Two limits apply, both to the whole stream a decoder has read since it
/// was made (every member of a multi-member gzip file together):
///
/// - a **size cap**: at most ``maximumOutputSize`` bytes of output;
/// - a **ratio**: once the output passes ``ratioAllowance`` bytes, it may
///   be at most ``maximumRatio`` times the compressed input read so far.
///
/// The defaults (64 GiB, 1 GiB allowance, ratio 200) let through what real
/// files do (text and logs compress 3 to 20 times, very repetitive logs up
/// to about 100; DEFLATE cannot exceed about 1032) and stop a bomb's
/// zeros after at most about 1 GiB of work past the allowance.
///
/// ```swift
/// var limits = DecompressionLimits.default
/// limits.maximumOutputSize = 1 << 30          // 1 GiB
/// let inflater = Inflater(limits: limits)
/// let strict = DecompressionLimits(maximumOutputSize: 1 << 20, maximumRatio: 50, ratioAllowance: 64 << 10)
/// ```
public struct DecompressionLimits: Hashable, Sendable {
    /// The most bytes of output, in total.
    public var maximumOutputSize: Int
    /// The most bytes of output per byte of input, once the output passes
    /// ``ratioAllowance``.
    public var maximumRatio: Int
    /// The output below which the ratio is not checked: a small file of
    /// zeros compresses a thousand times and is no bomb.
    public var ratioAllowance: Int

    /// Limits with the given values.
    public init(maximumOutputSize: Int, maximumRatio: Int, ratioAllowance: Int) {
        self.maximumOutputSize = maximumOutputSize
        self.maximumRatio = maximumRatio
        self.ratioAllowance = ratioAllowance
    }

    /// 64 GiB of output at most, and at most 200 bytes per input byte past
    /// the first GiB.
    public static let `default` = DecompressionLimits(
        maximumOutputSize: 64 << 30, maximumRatio: 200, ratioAllowance: 1 << 30)

    /// No limit at all: for input that is trusted.
    public static let none = DecompressionLimits(maximumOutputSize: .max, maximumRatio: .max, ratioAllowance: .max)

    /// Throws when `output` bytes made from `input` bytes break a limit.
    ///
    /// ```swift
    /// try DecompressionLimits.default.check(output: 10, input: 1)   // fine
    /// ```
    ///
    /// - Complexity: O(1).
    public func check(output: Int, input: Int) throws(DecompressionLimitError) {
        if output > maximumOutputSize {
            throw .outputTooLarge(limit: maximumOutputSize)
        }
        if output > ratioAllowance {
            let (allowed, overflow) = input.multipliedReportingOverflow(by: maximumRatio)
            if !overflow && output > allowed {
                throw .ratioTooHigh(output: output, input: input, limit: maximumRatio)
            }
        }
    }
}
