/// Decodes PDF's LZWDecode filter (ISO 32000-1, 7.4.4: codes of 9 to 12
/// bits, most significant bit first, 256 clears the table, 257 ends the
/// data, /EarlyChange 1 by default) and RunLengthDecode (7.4.5).
///
/// The output of each is checked against `limit` bytes as it grows; a
/// damaged stream gives what was decoded before the damage, as PDF readers
/// do.
///
/// ```swift
/// let example: [UInt8] = [0x80, 0x0B, 0x60, 0x50, 0x22, 0x0C, 0x0C, 0x85, 0x01]
/// let text = try PDFLZWDecoder.decode(example, earlyChange: 1, limit: 1 << 20)   // "-----A---B"
/// ```
enum PDFLZWDecoder {
    static func decode(_ data: [UInt8], earlyChange: Int, limit: Int) throws(DecompressionLimitError) -> [UInt8] {
        var output: [UInt8] = []
        // Each entry: the previous entry's code and the last byte.
        var prefixes = [Int](repeating: -1, count: 4096)
        var suffixes = [UInt8](repeating: 0, count: 4096)
        var lengths = [Int](repeating: 1, count: 4096)
        for code in 0..<256 { suffixes[code] = UInt8(code) }
        var next = 258
        var width = 9
        var previous = -1
        var bitBuffer = 0
        var bitCount = 0
        var index = 0
        var entry = [UInt8](repeating: 0, count: 4096)
        while true {
            while bitCount < width && index < data.count {
                bitBuffer = (bitBuffer << 8 | Int(data[index])) & 0xFF_FFFF
                bitCount += 8
                index += 1
            }
            guard bitCount >= width else { break }
            let code = (bitBuffer >> (bitCount - width)) & ((1 << width) - 1)
            bitCount -= width
            if code == 256 {
                next = 258
                width = 9
                previous = -1
                continue
            }
            if code == 257 { break }
            var length: Int
            if code < next && (code < 256 || code >= 258) {
                length = lengths[code]
                var walk = code
                for position in stride(from: length - 1, through: 0, by: -1) {
                    entry[position] = suffixes[walk]
                    walk = prefixes[walk]
                }
            } else if code == next && previous >= 0 {
                // The code being defined: the previous entry and its first byte.
                length = lengths[previous] + 1
                var walk = previous
                for position in stride(from: length - 2, through: 0, by: -1) {
                    entry[position] = suffixes[walk]
                    walk = prefixes[walk]
                }
                entry[length - 1] = entry[0]
            } else {
                break
            }
            if previous >= 0 && next < 4096 {
                prefixes[next] = previous
                suffixes[next] = entry[0]
                lengths[next] = lengths[previous] + 1
                next += 1
            }
            output.append(contentsOf: entry[0..<length])
            if output.count > limit { throw .outputTooLarge(limit: limit) }
            previous = code
            let threshold = (1 << width) - earlyChange
            if next >= threshold && width < 12 { width += 1 }
        }
        return output
    }

    /// RunLengthDecode: a length byte 0-127 copies the next 1-128 bytes,
    /// 129-255 repeats the next byte 257 minus it times, 128 ends the data.
    static func runLength(_ data: [UInt8], limit: Int) throws(DecompressionLimitError) -> [UInt8] {
        var output: [UInt8] = []
        var index = 0
        while index < data.count {
            let length = Int(data[index])
            index += 1
            if length == 128 { break }
            if length < 128 {
                let end = min(data.count, index + length + 1)
                output.append(contentsOf: data[index..<end])
                index = end
            } else {
                guard index < data.count else { break }
                output.append(contentsOf: repeatElement(data[index], count: 257 - length))
                index += 1
            }
            if output.count > limit { throw .outputTooLarge(limit: limit) }
        }
        return output
    }
}
