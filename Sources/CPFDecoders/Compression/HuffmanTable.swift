/// A canonical Huffman code of RFC 1951, section 3.2.2, set up for decoding
/// bits read least significant first: a 1024-entry table answers every code
/// of up to ten bits with one look-up; longer codes (rare by construction)
/// are decoded bit by bit from the counts of codes of each length.
///
/// The storage is owned by the ``Inflater`` that made it and freed by it.
struct HuffmanTable {
    /// The bits answered by one look-up.
    static let fastBits = 10

    /// Entry `bits & 1023`: `symbol << 4 | length`, or 0 when the code is
    /// longer than ten bits or unused.
    let fast: UnsafeMutablePointer<UInt16>
    /// The number of codes of each length 0...15 (count[0] unused).
    let counts: UnsafeMutablePointer<UInt16>
    /// The symbols in canonical order: by code length, then by value.
    let symbols: UnsafeMutablePointer<UInt16>

    init(maximumSymbols: Int) {
        fast = .allocate(capacity: 1 << Self.fastBits)
        counts = .allocate(capacity: 16)
        symbols = .allocate(capacity: maximumSymbols)
        fast.initialize(repeating: 0, count: 1 << Self.fastBits)
        counts.initialize(repeating: 0, count: 16)
        symbols.initialize(repeating: 0, count: maximumSymbols)
    }

    func deallocate() {
        fast.deallocate()
        counts.deallocate()
        symbols.deallocate()
    }

    /// Sets up the code whose symbol `s` has code length `lengths[s]` (0:
    /// unused). Throws for an over-subscribed set, and for an incomplete one
    /// unless `allowsSingleCode` and the set is one code of one bit (or no
    /// code at all), which RFC 1951 allows for distances.
    ///
    /// - Complexity: O(*n* + 1024).
    func build(lengths: UnsafePointer<UInt8>, count: Int, allowsSingleCode: Bool) throws(InflateError) {
        for length in 0..<16 { counts[length] = 0 }
        for symbol in 0..<count { counts[Int(lengths[symbol])] += 1 }
        counts[0] = 0
        var left = 1
        var used = 0
        for length in 1..<16 {
            left <<= 1
            left -= Int(counts[length])
            used += Int(counts[length])
            if left < 0 { throw .invalidCodeLengths(.oversubscribed) }
        }
        if left > 0 && !(allowsSingleCode && used <= 1 && counts[1] == used) {
            throw .invalidCodeLengths(.incomplete)
        }
        // Canonical order (RFC 1951, 3.2.2, step 2): the first code of each length.
        var offsets = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var nextCode = offsets
        withUnsafeMutableBytes(of: &offsets) { raw in
            withUnsafeMutableBytes(of: &nextCode) { rawCode in
                let offset = raw.bindMemory(to: Int.self)
                let next = rawCode.bindMemory(to: Int.self)
                var code = 0
                for length in 1..<16 {
                    offset[length] = length == 1 ? 0 : offset[length - 1] + Int(counts[length - 1])
                    code = (code + (length == 1 ? 0 : Int(counts[length - 1]))) << 1
                    next[length] = code
                }
                fast.update(repeating: 0, count: 1 << Self.fastBits)
                for symbol in 0..<count {
                    let length = Int(lengths[symbol])
                    if length == 0 { continue }
                    symbols[offset[length]] = UInt16(symbol)
                    offset[length] += 1
                    let code = next[length]
                    next[length] += 1
                    if length <= Self.fastBits {
                        var reversed = 0
                        for bit in 0..<length where code & (1 << bit) != 0 {
                            reversed |= 1 << (length - 1 - bit)
                        }
                        let entry = UInt16(symbol << 4 | length)
                        var index = reversed
                        while index < 1 << Self.fastBits {
                            fast[index] = entry
                            index += 1 << length
                        }
                    }
                }
            }
        }
    }

    /// Decodes the code at the bottom of `bits`, of which `available` are
    /// input: the symbol and its length; length 16 when the bits are no code
    /// (none of up to 15 bits matches, or none of the remaining lengths
    /// can), 17 when more bits are needed to tell.
    ///
    /// - Complexity: O(1); at most 15 steps for a code over ten bits.
    @inline(__always)
    func decode(_ bits: UInt64, available: Int) -> (symbol: Int, length: Int) {
        let entry = Int(fast[Int(bits & UInt64((1 << Self.fastBits) - 1))])
        if entry != 0 {
            let length = entry & 15
            return (entry >> 4, length <= available ? length : 17)
        }
        return decodeSlowly(bits, available: available)
    }

    /// Bit-by-bit canonical decoding (RFC 1951, 3.2.2): a code of length
    /// `n` is the `code - first`-th symbol of that length when it is below
    /// `first + count[n]`.
    func decodeSlowly(_ bits: UInt64, available: Int) -> (symbol: Int, length: Int) {
        var code = 0
        var first = 0
        var index = 0
        for length in 1..<16 {
            if length > available {
                // More bits could still make a code only if longer codes exist.
                for longer in length..<16 where counts[longer] != 0 { return (0, 17) }
                return (0, 16)
            }
            code |= Int((bits >> UInt64(length - 1)) & 1)
            let count = Int(counts[length])
            if code - count < first {
                return (Int(symbols[index + code - first]), length)
            }
            index += count
            first = (first + count) << 1
            code <<= 1
        }
        return (0, 16)
    }
}
