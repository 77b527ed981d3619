/// Undoes the predictors of PDF's FlateDecode parameters (ISO 32000-1,
/// 7.4.4.4): the PNG filters (predictors 10 to 15: None, Sub, Up, Average,
/// Paeth per row) and TIFF predictor 2 for 8-bit components.
///
/// ```swift
/// let rows = try PDFPredictor.undo(data, parameters: .dictionary(["Predictor": .integer(12), "Columns": .integer(4)]))
/// ```
enum PDFPredictor {
    /// The longest row accepted, in bytes.
    static let maximumRowLength = 1 << 20

    static func undo(_ data: [UInt8], parameters: PDFObject) throws(PDFError) -> [UInt8] {
        let predictor = parameters["Predictor"]?.integer ?? 1
        guard predictor > 1 else { return data }
        let colors = min(max(parameters["Colors"]?.integer ?? 1, 1), 32)
        let bits = min(max(parameters["BitsPerComponent"]?.integer ?? 8, 1), 16)
        let columns = max(parameters["Columns"]?.integer ?? 1, 1)
        guard columns <= maximumRowLength else { throw .malformed("predictor with too many columns") }
        let bytesPerPixel = max(1, colors * bits / 8)
        let rowLength = (colors * bits * columns + 7) / 8
        guard rowLength <= maximumRowLength else { throw .malformed("predictor with too many columns") }
        if predictor == 2 {
            guard bits == 8 else { throw .malformed("TIFF predictor with \(bits)-bit components") }
            var result = data
            var row = 0
            while row < result.count {
                let end = min(result.count, row + rowLength)
                var index = row + bytesPerPixel
                while index < end {
                    result[index] &+= result[index - bytesPerPixel]
                    index += 1
                }
                row += rowLength
            }
            return result
        }
        guard predictor >= 10 else { throw .malformed("unknown predictor") }
        var result: [UInt8] = []
        result.reserveCapacity(data.count)
        var previous = [UInt8](repeating: 0, count: rowLength)
        var current = [UInt8](repeating: 0, count: rowLength)
        var at = 0
        while at < data.count {
            let type = data[at]
            at += 1
            let count = min(rowLength, data.count - at)
            // PNG's filters, as ISO 32000-1 (7.4.4.4) takes them; a short last row read with zeros after it.
            for index in 0..<rowLength { current[index] = index < count ? data[at + index] : 0 }
            (PNGFilter(rawValue: type) ?? .none).undo(
                &current[...], previous: previous[...], bytesPerPixel: bytesPerPixel)
            result.append(contentsOf: current[0..<count])
            at += count
            swap(&previous, &current)
        }
        return result
    }
}
