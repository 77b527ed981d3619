/// The five filter types of PNG's filter method 0 (ISO/IEC 15948, 9.2): each
/// row of an image is stored as the difference between its bytes and a
/// prediction from the bytes to its left (`a`, one pixel back, or the byte
/// before for pixels under 8 bits), above (`b`) and above-left (`c`).
///
/// ```swift
/// var row: [UInt8] = [1, 1, 1]
/// PNGFilter.sub.undo(&row[...], previous: [0, 0, 0][...], bytesPerPixel: 1)   // row == [1, 2, 3]
/// ```
public enum PNGFilter: UInt8, Hashable, Sendable, CaseIterable {
    /// The byte as it is.
    case none = 0
    /// Less the byte to the left.
    case sub = 1
    /// Less the byte above.
    case up = 2
    /// Less the mean of left and above.
    case average = 3
    /// Less whichever of left, above and above-left is nearest to left + above − above-left.
    case paeth = 4

    /// The Paeth predictor (9.4): of `a`, `b` and `c`, the one nearest to
    /// `a + b - c`, ties going to `a`, then `b`.
    @inline(__always)
    static func paethPredictor(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let p = Int(a) + Int(b) - Int(c)
        let pa = abs(p - Int(a))
        let pb = abs(p - Int(b))
        let pc = abs(p - Int(c))
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }

    /// Turns the filtered `row` back into the row's bytes, in place;
    /// `previous` is the row above, already unfiltered (all zeros for the
    /// first row of an image or pass), as long as `row`.
    ///
    /// - Complexity: O(*n*) in the row's length.
    public func undo(_ row: inout ArraySlice<UInt8>, previous: ArraySlice<UInt8>, bytesPerPixel: Int) {
        row.withUnsafeMutableBufferPointer { row in
            previous.withUnsafeBufferPointer { previous in
                undo(row, previous: previous, bytesPerPixel: bytesPerPixel)
            }
        }
    }

    /// As the variant taking slices, on buffers of the same length.
    func undo(_ row: UnsafeMutableBufferPointer<UInt8>, previous: UnsafeBufferPointer<UInt8>, bytesPerPixel: Int) {
        let count = row.count
        let left = min(bytesPerPixel, count)
        switch self {
        case .none:
            break
        case .sub:
            for index in left..<max(left, count) { row[index] &+= row[index - bytesPerPixel] }
        case .up:
            for index in 0..<count { row[index] &+= previous[index] }
        case .average:
            for index in 0..<left { row[index] &+= previous[index] >> 1 }
            for index in left..<max(left, count) {
                row[index] &+= UInt8((UInt16(row[index - bytesPerPixel]) + UInt16(previous[index])) >> 1)
            }
        case .paeth:
            for index in 0..<left { row[index] &+= previous[index] }
            for index in left..<max(left, count) {
                row[index] &+= Self.paethPredictor(
                    row[index - bytesPerPixel], previous[index], previous[index - bytesPerPixel])
            }
        }
    }

    /// Writes `row` filtered with this filter type into `output` (as long
    /// as `row`); `previous` is the row above (all zeros for the first).
    ///
    /// - Complexity: O(*n*) in the row's length.
    func apply(
        _ row: UnsafeBufferPointer<UInt8>, previous: UnsafeBufferPointer<UInt8>, bytesPerPixel: Int,
        into output: UnsafeMutableBufferPointer<UInt8>
    ) {
        let count = row.count
        let left = min(bytesPerPixel, count)
        switch self {
        case .none:
            for index in 0..<count { output[index] = row[index] }
        case .sub:
            for index in 0..<left { output[index] = row[index] }
            for index in left..<max(left, count) { output[index] = row[index] &- row[index - bytesPerPixel] }
        case .up:
            for index in 0..<count { output[index] = row[index] &- previous[index] }
        case .average:
            for index in 0..<left { output[index] = row[index] &- previous[index] >> 1 }
            for index in left..<max(left, count) {
                output[index] = row[index] &- UInt8((UInt16(row[index - bytesPerPixel]) + UInt16(previous[index])) >> 1)
            }
        case .paeth:
            for index in 0..<left { output[index] = row[index] &- previous[index] }
            for index in left..<max(left, count) {
                output[index] =
                    row[index]
                    &- Self.paethPredictor(row[index - bytesPerPixel], previous[index], previous[index - bytesPerPixel])
            }
        }
    }

    /// The sum of the filtered bytes taken as signed (−128…127), in
    /// absolute value: the heuristic the specification suggests (12.8) for
    /// choosing a row's filter, smallest best.
    static func cost(_ filtered: UnsafeBufferPointer<UInt8>) -> Int {
        var sum = 0
        for byte in filtered {
            let value = Int(Int8(bitPattern: byte))
            sum &+= value < 0 ? -value : value
        }
        return sum
    }
}
