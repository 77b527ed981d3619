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
            for index in 0..<rowLength {
                let raw = index < count ? data[at + index] : 0
                let left = index >= bytesPerPixel ? current[index - bytesPerPixel] : 0
                let up = previous[index]
                let upLeft = index >= bytesPerPixel ? previous[index - bytesPerPixel] : 0
                switch type {
                case 1: current[index] = raw &+ left
                case 2: current[index] = raw &+ up
                case 3: current[index] = raw &+ UInt8((Int(left) + Int(up)) / 2)
                case 4: current[index] = raw &+ paeth(left, up, upLeft)
                default: current[index] = raw
                }
            }
            result.append(contentsOf: current[0..<count])
            at += count
            swap(&previous, &current)
        }
        return result
    }

    private static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let p = Int(a) + Int(b) - Int(c)
        let pa = abs(p - Int(a))
        let pb = abs(p - Int(b))
        let pc = abs(p - Int(c))
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }
}
