/// Why a DEFLATE stream (RFC 1951) could not be decompressed.
///
/// Each case names the rule of RFC 1951 the input broke; a stream that
/// breaks a ``DecompressionLimits`` limit throws a
/// ``DecompressionLimitError`` instead.
///
/// ```swift
/// do {
///     _ = try Inflater.inflate([0x07])          // BFINAL 1, BTYPE 11
/// } catch let error as InflateError {
///     print(error)                              // "invalid block type 3"
/// }
/// ```
public enum InflateError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A block header with BTYPE 11, which is reserved.
    case invalidBlockType
    /// A stored block whose NLEN is not the one's complement of its LEN.
    case storedLengthMismatch(length: Int, complement: Int)
    /// The code lengths of a dynamic block do not make a usable code.
    case invalidCodeLengths(CodeLengthsProblem)
    /// The input holds a bit sequence that is no code of the block's
    /// Huffman code (possible only when the code is incomplete, or when a
    /// block that defined no distance code uses one).
    case invalidCode
    /// A literal/length symbol that RFC 1951 reserves (286 or 287).
    case invalidLengthSymbol(Int)
    /// A distance symbol that RFC 1951 reserves (30 or 31).
    case invalidDistanceSymbol(Int)
    /// A back-reference further back than the start of the output.
    case distanceTooFarBack(distance: Int, available: Int)
    /// The input ended before the final block did.
    case truncatedInput

    /// What is wrong with the code lengths of a dynamic block.
    public enum CodeLengthsProblem: Hashable, Sendable, CustomStringConvertible {
        /// HLIT above 286 literal/length codes or HDIST above 30 distance codes.
        case tooManyCodes(literalLength: Int, distance: Int)
        /// More codes of some lengths than a prefix code can have.
        case oversubscribed
        /// Too few codes: some bit sequences would mean nothing. RFC 1951
        /// allows it only for a distance code of a single code of one bit.
        case incomplete
        /// Repeat code 16 as the first length: there is nothing to repeat.
        case repeatWithoutPrevious
        /// A repeat code running past the number of lengths HLIT and HDIST announced.
        case repeatPastEnd
        /// The literal/length code has no code for symbol 256, so the block could never end.
        case missingEndOfBlock

        /// A short English phrase, such as `over-subscribed`.
        public var description: String {
            switch self {
            case .tooManyCodes(let literalLength, let distance):
                "too many codes (\(literalLength) literal/length, \(distance) distance)"
            case .oversubscribed: "over-subscribed"
            case .incomplete: "incomplete"
            case .repeatWithoutPrevious: "a repeat with no previous length"
            case .repeatPastEnd: "a repeat past the last length"
            case .missingEndOfBlock: "no code for the end of the block"
            }
        }
    }

    /// A short English sentence fragment, such as `invalid block type 3`.
    public var description: String {
        switch self {
        case .invalidBlockType: "invalid block type 3"
        case .storedLengthMismatch(let length, let complement):
            "stored block length \(length) does not match its complement \(complement)"
        case .invalidCodeLengths(let problem): "invalid code lengths: \(problem)"
        case .invalidCode: "invalid Huffman code"
        case .invalidLengthSymbol(let symbol): "invalid literal/length symbol \(symbol)"
        case .invalidDistanceSymbol(let symbol): "invalid distance symbol \(symbol)"
        case .distanceTooFarBack(let distance, let available):
            "distance \(distance) too far back (\(available) bytes of output before it)"
        case .truncatedInput: "truncated input: the stream ends before its final block"
        }
    }
}
