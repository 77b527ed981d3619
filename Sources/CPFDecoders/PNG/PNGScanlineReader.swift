/// Turns the inflated `IDAT` stream of an image, given in pieces of any
/// size, into the image's rows: each filtered row (a filter-type byte and
/// the row's bytes) is unfiltered against the row above as soon as it is
/// complete, and, for an interlaced image, its pixels are put in their
/// place in the whole image (Adam7, ISO/IEC 15948 8.2: seven passes over
/// 8×8 blocks). Memory is the image plus two rows.
///
/// ```swift
/// var reader = PNGScanlineReader(width: 4, height: 4, bitsPerPixel: 8, interlaced: false)
/// try reader.read(inflatedPiece)
/// let pixels = try reader.finish()   // 16 bytes
/// ```
struct PNGScanlineReader {
    /// The passes of Adam7: first column and row, and the steps between them.
    static let adam7: [(x: Int, y: Int, dx: Int, dy: Int)] = [
        (0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2),
    ]

    let width: Int
    let height: Int
    let bitsPerPixel: Int
    let interlaced: Bool
    let bytesPerPixel: Int
    /// The image, non-interlaced, as ``PNGImage/pixels`` holds it.
    private(set) var pixels: [UInt8]
    private let rowByteCount: Int
    /// The pass being read (0 for a non-interlaced image), its width in
    /// pixels, its row length in bytes and the rows it has left.
    private var pass = -1
    private var passWidth = 0
    private var passRowBytes = 0
    private var passRowsLeft = 0
    private var passRow = 0
    /// The row being filled: its filter byte first.
    private var row: [UInt8]
    private var rowFill = 0
    private var previous: [UInt8]
    /// Whether every row of every pass has been read.
    private(set) var isComplete = false

    /// The number of bytes the inflated stream holds for this image:
    /// every row of every pass with its filter byte, or nil when it does
    /// not fit in an `Int`.
    static func filteredSize(width: Int, height: Int, bitsPerPixel: Int, interlaced: Bool) -> Int? {
        let passes = interlaced ? adam7 : [(x: 0, y: 0, dx: 1, dy: 1)]
        var total = 0
        for pass in passes {
            let columns = width > pass.x ? (width - pass.x + pass.dx - 1) / pass.dx : 0
            let rows = height > pass.y ? (height - pass.y + pass.dy - 1) / pass.dy : 0
            guard columns > 0, rows > 0 else { continue }
            let rowBytes = PNGImage.rowByteCount(width: columns, bitsPerPixel: bitsPerPixel) + 1
            let (size, overflow) = rowBytes.multipliedReportingOverflow(by: rows)
            guard !overflow else { return nil }
            let (sum, overflowed) = total.addingReportingOverflow(size)
            guard !overflowed else { return nil }
            total = sum
        }
        return total
    }

    /// A reader for an image of the given size; its raw size must fit in memory (checked by the caller).
    init(width: Int, height: Int, bitsPerPixel: Int, interlaced: Bool) {
        self.width = width
        self.height = height
        self.bitsPerPixel = bitsPerPixel
        self.interlaced = interlaced
        bytesPerPixel = max(1, bitsPerPixel / 8)
        rowByteCount = PNGImage.rowByteCount(width: width, bitsPerPixel: bitsPerPixel)
        pixels = [UInt8](repeating: 0, count: rowByteCount * height)
        row = [UInt8](repeating: 0, count: rowByteCount + 1)
        previous = [UInt8](repeating: 0, count: rowByteCount + 1)
        startNextPass()
    }

    /// Moves to the next pass that has pixels, or marks the image complete.
    private mutating func startNextPass() {
        let passes = interlaced ? Self.adam7 : [(x: 0, y: 0, dx: 1, dy: 1)]
        while true {
            pass += 1
            guard pass < passes.count else {
                isComplete = true
                return
            }
            let step = passes[pass]
            passWidth = width > step.x ? (width - step.x + step.dx - 1) / step.dx : 0
            passRowsLeft = height > step.y ? (height - step.y + step.dy - 1) / step.dy : 0
            guard passWidth > 0, passRowsLeft > 0 else { continue }
            passRowBytes = PNGImage.rowByteCount(width: passWidth, bitsPerPixel: bitsPerPixel)
            passRow = 0
            rowFill = 0
            for index in 0...passRowBytes { previous[index] = 0 }
            return
        }
    }

    /// Reads the next piece of the inflated stream; bytes past the image's
    /// last row are ignored. Throws ``PNGError/damagedImageData(_:)`` for a
    /// filter type past 4.
    ///
    /// - Complexity: O(*n*) in the piece's length.
    mutating func read(_ piece: UnsafeBufferPointer<UInt8>) throws(PNGError) {
        var offset = 0
        while offset < piece.count, !isComplete {
            let count = min(passRowBytes + 1 - rowFill, piece.count - offset)
            for index in 0..<count { row[rowFill + index] = piece[offset + index] }
            rowFill += count
            offset += count
            if rowFill == passRowBytes + 1 { try finishRow() }
        }
    }

    /// Unfilters the row just filled and puts it in place.
    private mutating func finishRow() throws(PNGError) {
        guard let filter = PNGFilter(rawValue: row[0]) else {
            throw .damagedImageData("filter type \(row[0]) in a row")
        }
        let length = passRowBytes
        let bytesPerPixel = bytesPerPixel
        row.withUnsafeMutableBufferPointer { row in
            previous.withUnsafeBufferPointer { previous in
                filter.undo(
                    UnsafeMutableBufferPointer(rebasing: row[1...length]),
                    previous: UnsafeBufferPointer(rebasing: previous[1...length]), bytesPerPixel: bytesPerPixel)
            }
        }
        if interlaced {
            scatterRow()
        } else {
            let start = passRow * rowByteCount
            for index in 0..<length { pixels[start + index] = row[1 + index] }
        }
        swap(&row, &previous)
        rowFill = 0
        passRow += 1
        passRowsLeft -= 1
        if passRowsLeft == 0 { startNextPass() }
    }

    /// Puts the pixels of the row just unfiltered (in `row`) of an Adam7 pass in their place.
    private mutating func scatterRow() {
        let step = Self.adam7[pass]
        let y = step.y + passRow * step.dy
        let rowStart = y * rowByteCount
        if bitsPerPixel >= 8 {
            let size = bitsPerPixel / 8
            for column in 0..<passWidth {
                let target = rowStart + (step.x + column * step.dx) * size
                let source = 1 + column * size
                for index in 0..<size { pixels[target + index] = row[source + index] }
            }
        } else {
            let mask = UInt8((1 << bitsPerPixel) - 1)
            for column in 0..<passWidth {
                let sourceBit = column * bitsPerPixel
                let value = row[1 + sourceBit / 8] >> (8 - bitsPerPixel - sourceBit % 8) & mask
                let targetBit = (step.x + column * step.dx) * bitsPerPixel
                let shift = 8 - bitsPerPixel - targetBit % 8
                let index = rowStart + targetBit / 8
                pixels[index] = pixels[index] & ~(mask << shift) | value << shift
            }
        }
    }
}
