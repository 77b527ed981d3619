import CPFDecoders

/// What bounds the reading of one document: how deep archives nest, how
/// much is held whole in memory (lowered under a memory limit), and the
/// budget of text all the members of one document give together.
extension DocumentReader {
    /// How many archives deep a member is still read (an archive in an archive is 2).
    static let maximumDepth = 3

    /// The largest member, PDF or Office part held whole in memory:
    /// ``largestHeldSize``, or less under a memory limit (see
    /// ``fitHeldSize(toShare:)``). What is larger is named not searched.
    static var maximumHeldSize: Int { heldSize }
    /// The largest size held whole without a memory limit.
    static let largestHeldSize = 256 << 20
    /// What holding a part whole may take, in multiples of its size: the
    /// part, its text, its sweep, the part rewritten and its sweep read
    /// back, and the copies an array makes while it grows (measured: 5
    /// times for `redact` of a 250 MiB docx part).
    static let heldMultiple = 8
    /// Set once by ``fitHeldSize(toShare:)``, before any thread reads.
    nonisolated(unsafe) private static var heldSize = largestHeldSize

    /// Lowers ``maximumHeldSize`` so that what one thread holds of a
    /// document (``heldMultiple`` times the part) fits in `share` bytes,
    /// its share of the address space a memory limit (`ulimit -v`) leaves;
    /// at least 1 MiB. Called once, before the threads that read start.
    ///
    /// ```swift
    /// DocumentReader.fitHeldSize(toShare: 400 << 20)   // maximumHeldSize: 50 MiB
    /// ```
    static func fitHeldSize(toShare share: Int) {
        heldSize = max(1 << 20, min(largestHeldSize, share / heldMultiple))
    }

    /// `N MiB`, the most held whole, and why when a memory limit lowered it.
    static var heldSizeText: String {
        let size = "\(maximumHeldSize >> 20) MiB"
        return maximumHeldSize < largestHeldSize ? "\(size) (what the memory limit leaves)" : size
    }

    /// Why the walk stopped: the members' text together broke a limit.
    struct BudgetExceeded: Error {
        let reason: String
    }

    /// The bytes of text the members of one document gave so far, against
    /// the decompression limits of the whole document.
    struct Budget {
        let limits: DecompressionLimits
        /// The size of the document on disk.
        let documentSize: Int
        private(set) var produced = 0

        init(limits: DecompressionLimits, documentSize: Int) {
            self.limits = limits
            self.documentSize = documentSize
        }

        /// Counts `count` bytes more; throws ``BudgetExceeded`` past a limit.
        mutating func count(_ count: Int) throws {
            produced += count
            if produced > limits.maximumOutputSize {
                let error = DecompressionLimitError.outputTooLarge(limit: limits.maximumOutputSize)
                throw BudgetExceeded(reason: "decompression limit: \(error)")
            }
            if produced > limits.ratioAllowance, produced / max(documentSize, 1) >= limits.maximumRatio {
                let error = DecompressionLimitError.ratioTooHigh(
                    output: produced, input: documentSize, limit: limits.maximumRatio)
                throw BudgetExceeded(reason: "decompression limit: \(error)")
            }
        }
    }

    func count(_ count: Int) throws { try budget.count(count) }

    /// A member larger than ``maximumHeldSize`` that must be held whole.
    struct HeldTooLarge: Error, CustomStringConvertible {
        var description: String { "larger than \(DocumentReader.heldSizeText), held whole" }
    }

    /// The limits a PDF's streams are decoded under: the run's, their total
    /// at most ``maximumHeldSize`` (a PDF is held whole, and its decoded
    /// streams with it), so that memory stays bounded whatever the ratio.
    static func pdfLimits(_ limits: DecompressionLimits) -> DecompressionLimits {
        DecompressionLimits(
            maximumOutputSize: min(limits.maximumOutputSize, maximumHeldSize), maximumRatio: limits.maximumRatio,
            ratioAllowance: limits.ratioAllowance)
    }
}
