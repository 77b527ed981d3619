/// Where each byte of a transcoded text came from: for each range of the
/// UTF-8 output, the input bytes of the character it encodes.
///
/// The map is a list of runs of characters that take the same number of
/// bytes in and out (ASCII text in UTF-16 is one run per piece: 1 byte out
/// for 2 in), so it stays small. Offsets count from the start of the whole
/// input and output, byte order mark included in the input.
///
/// ```swift
/// // "Aé" in UTF-16LE with a BOM: FF FE 41 00 E9 00
/// map.inputRange(ofOutputOffset: 0)   // 2..<4  ("A")
/// map.inputRange(ofOutputOffset: 2)   // 4..<6  (second byte of "é")
/// ```
public struct TranscodingOffsetMap: Hashable, Sendable {
    /// `count` characters, each `outputLength` bytes of output made from
    /// `inputLength` bytes of input, one after the other.
    public struct Run: Hashable, Sendable {
        /// The output offset of the run's first byte.
        public var outputStart: Int
        /// The input offset of the run's first byte.
        public var inputStart: Int
        /// The UTF-8 bytes of each character: 1 to 4.
        public var outputLength: Int
        /// The input bytes of each character: 1 to 4.
        public var inputLength: Int
        /// The number of characters.
        public var count: Int

        /// The output offset after the run.
        public var outputEnd: Int { outputStart + outputLength * count }
        /// The input offset after the run.
        public var inputEnd: Int { inputStart + inputLength * count }
    }

    /// The runs, in output order.
    public private(set) var runs: [Run] = []

    /// An empty map.
    public init() {}

    /// The input bytes of the character whose UTF-8 encoding holds output
    /// byte `offset`, or nil when the map does not cover it.
    ///
    /// - Complexity: O(log *r*) in the number of runs.
    public func inputRange(ofOutputOffset offset: Int) -> Range<Int>? {
        var low = 0
        var high = runs.count
        while low < high {
            let middle = (low + high) / 2
            if runs[middle].outputEnd <= offset { low = middle + 1 } else { high = middle }
        }
        guard low < runs.count, runs[low].outputStart <= offset else { return nil }
        let run = runs[low]
        let start = run.inputStart + (offset - run.outputStart) / run.outputLength * run.inputLength
        return start..<start + run.inputLength
    }

    mutating func append(outputStart: Int, outputLength: Int, inputStart: Int, inputLength: Int, count: Int = 1) {
        guard count > 0 else { return }
        if var last = runs.last, last.outputLength == outputLength, last.inputLength == inputLength,
            last.inputEnd == inputStart, last.outputEnd == outputStart
        {
            last.count += count
            runs[runs.count - 1] = last
        } else {
            runs.append(
                Run(
                    outputStart: outputStart, inputStart: inputStart, outputLength: outputLength,
                    inputLength: inputLength, count: count))
        }
    }

    mutating func appendIdentity(outputStart: Int, inputStart: Int, count: Int) {
        guard count > 0 else { return }
        if var last = runs.last, last.outputLength == 1, last.inputLength == 1,
            last.inputEnd == inputStart, last.outputEnd == outputStart
        {
            last.count += count
            runs[runs.count - 1] = last
        } else {
            runs.append(
                Run(outputStart: outputStart, inputStart: inputStart, outputLength: 1, inputLength: 1, count: count))
        }
    }
}
