/// How much memory a JPEG's quantised coefficients may take: 2 bytes for
/// each of the 64 coefficients of every 8×8 block of every component, which
/// ``JPEGImage`` holds whole. A file whose frame header announces more is
/// refused with ``JPEGError/tooLarge(bytes:limit:)`` before anything is
/// allocated, so a small hostile header cannot claim gigabytes.
///
/// The default, 1 GiB, holds a 4:4:4 photo of about 170 megapixels (a
/// 4000×3000 4:2:0 photo takes 36 MB).
///
/// ```swift
/// var limits = JPEGLimits.default
/// limits.maximumCoefficientBytes = 64 << 20
/// let image = try JPEGImage(bytes, limits: limits)
/// ```
public struct JPEGLimits: Hashable, Sendable {
    /// The most bytes the coefficients of all blocks may take.
    public var maximumCoefficientBytes: Int

    /// Limits with the given value.
    public init(maximumCoefficientBytes: Int) {
        self.maximumCoefficientBytes = maximumCoefficientBytes
    }

    /// 1 GiB of coefficients at most.
    public static let `default` = JPEGLimits(maximumCoefficientBytes: 1 << 30)
}
