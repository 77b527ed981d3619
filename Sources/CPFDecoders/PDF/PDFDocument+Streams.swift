// The data of a PDF stream decoded through its filters (ISO 32000-1,
// 7.4): FlateDecode with its predictors, LZWDecode, RunLengthDecode,
// ASCIIHexDecode and ASCII85Decode, every output checked against the
// DecompressionLimits.

extension PDFDocument {
    /// The decoded data of a stream object (an empty array for any other
    /// object).
    func decodeStream(_ object: PDFObject) throws(PDFError) -> [UInt8] {
        guard case .stream(let dictionary, let range) = object else { return [] }
        let filterObject = try resolve(dictionary["Filter"] ?? dictionary["F"] ?? .null)
        var filters: [PDFObject] = filterObject.array ?? (filterObject == .null ? [] : [filterObject])
        let parameterObject = try resolve(dictionary["DecodeParms"] ?? dictionary["DP"] ?? .null)
        let parameters: [PDFObject] = parameterObject.array ?? [parameterObject]
        var data = try source.bytes(in: range)
        if filters.count > 16 { filters.removeLast(filters.count - 16) }
        for (index, filter) in filters.enumerated() {
            let name = (try resolve(filter)).name ?? ""
            let parameter = index < parameters.count ? try resolve(parameters[index]) : .null
            switch name {
            case "FlateDecode", "Fl":
                let remaining = DecompressionLimits(
                    maximumOutputSize: max(0, limits.maximumOutputSize - decodedTotal),
                    maximumRatio: limits.maximumRatio, ratioAllowance: limits.ratioAllowance)
                let inflated = data.withUnsafeBytes { raw in
                    Result { () throws(DecompressionLimitError) in
                        try ZlibDecoder.decompressLeniently(raw, limits: remaining)
                    }
                }
                switch inflated {
                case .success(let output):
                    data = output
                case .failure(let error):
                    if case .outputTooLarge = error {
                        throw .decompressionLimit(.outputTooLarge(limit: limits.maximumOutputSize))
                    }
                    throw .decompressionLimit(error)
                }
                data = try PDFPredictor.undo(data, parameters: parameter)
            case "LZWDecode", "LZW", "RunLengthDecode", "RL":
                let remaining = max(0, limits.maximumOutputSize - decodedTotal)
                do throws(DecompressionLimitError) {
                    if name.hasPrefix("L") {
                        let early = min(max(parameter["EarlyChange"]?.integer ?? 1, 0), 1)
                        data = try PDFLZWDecoder.decode(data, earlyChange: early, limit: remaining)
                    } else {
                        data = try PDFLZWDecoder.runLength(data, limit: remaining)
                    }
                } catch {
                    throw .decompressionLimit(.outputTooLarge(limit: limits.maximumOutputSize))
                }
                if name.hasPrefix("L") { data = try PDFPredictor.undo(data, parameters: parameter) }
            case "ASCIIHexDecode", "AHx":
                data = Self.asciiHexDecode(data)
            case "ASCII85Decode", "A85":
                data = Self.ascii85Decode(data)
            default:
                throw .unsupportedFilter(Self.knownFilters.contains(name) ? name : "(unknown)")
            }
        }
        decodedTotal += data.count
        do {
            try limits.check(output: decodedTotal, input: count)
        } catch {
            throw .decompressionLimit(error)
        }
        return data
    }

    static func asciiHexDecode(_ data: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(data.count / 2)
        var high: UInt8?
        for byte in data {
            if byte == UInt8(ascii: ">") { break }
            guard let value = PDFParser.hexValue(byte) else { continue }
            if let first = high {
                result.append(first << 4 | value)
                high = nil
            } else {
                high = value
            }
        }
        if let first = high { result.append(first << 4) }
        return result
    }

    static func ascii85Decode(_ data: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(data.count * 4 / 5)
        var group: UInt64 = 0
        var count = 0
        var index = 0
        if data.count >= 2 && data[0] == UInt8(ascii: "<") && data[1] == UInt8(ascii: "~") { index = 2 }
        while index < data.count {
            let byte = data[index]
            index += 1
            if byte == UInt8(ascii: "~") { break }
            if byte == UInt8(ascii: "z") && count == 0 {
                result.append(contentsOf: [0, 0, 0, 0])
                continue
            }
            guard byte >= 0x21 && byte <= 0x75 else { continue }
            group = group * 85 + UInt64(byte - 0x21)
            count += 1
            if count == 5 {
                let value = UInt32(truncatingIfNeeded: group)
                result.append(contentsOf: [
                    UInt8(value >> 24), UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8),
                    UInt8(truncatingIfNeeded: value),
                ])
                group = 0
                count = 0
            }
        }
        if count > 1 {
            for _ in count..<5 { group = group * 85 + 84 }
            let value = UInt32(truncatingIfNeeded: group)
            let all = [
                UInt8(value >> 24), UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8),
                UInt8(truncatingIfNeeded: value),
            ]
            result.append(contentsOf: all[0..<count - 1])
        }
        return result
    }
}
