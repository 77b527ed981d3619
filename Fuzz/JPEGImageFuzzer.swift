// libFuzzer target: the JPEG reader, redactor and writer (JPEGImage).
//
// `Scripts/fuzz.sh JPEGImageFuzzer` builds and runs it, linked with the
// CPFDecoders target built with the fuzzer's coverage and `-enable-testing`.
//
// Input layout: the first byte is a selector, the rest is the file.
//   the selector's value × 3 is the corner of the one rectangle redacted,
//   24 × 16 pixels.
//
// Properties checked (a failure is a crash):
//   (a) reading under a small limit (16 MiB of coefficients) throws only
//       JPEGError;
//   (b) a file read is written again, or refused with a JPEGError, and what
//       is written reads back with every block's coefficients the same;
//   (c) redacted, the file written reads back with every block the
//       rectangle does not touch the same, and those it touches flat.

@testable import CPFDecoders

private let limits = JPEGLimits(maximumCoefficientBytes: 16 << 20)

private func readBack(_ bytes: [UInt8]) -> JPEGImage {
    do {
        return try JPEGImage(bytes, limits: limits)
    } catch {
        fatalError("a file written does not read back: \(error)")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let corner = Int(data[0]) * 3
    let input = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    let image: JPEGImage
    do {
        image = try JPEGImage(input, limits: limits)
    } catch {
        return 0
    }
    guard let same = try? image.encoded() else { return 0 }
    if readBack(same).coefficients != image.coefficients { fatalError("written again, the blocks differ") }

    let box = PixelRectangle(x: corner, y: corner / 2, width: 24, height: 16)
    var redacted = image
    redacted.redact([box])
    guard let written = try? redacted.encoded() else { return 0 }
    let again = readBack(written)
    for (index, component) in image.components.enumerated() {
        let touched = image.blocks(touchedBy: box, component: index)
        for row in 0..<component.codedRows {
            for column in 0..<component.codedColumns {
                let block = again.block(component: index, row: row, column: column)
                if let touched, touched.rows.contains(row), touched.columns.contains(column) {
                    if block[1...].contains(where: { $0 != 0 }) { fatalError("a touched block is not flat") }
                } else if block != image.block(component: index, row: row, column: column) {
                    fatalError("a block outside the rectangle changed")
                }
            }
        }
    }
    return 0
}
