import CPFKit

/// Writes generated CPFs, one per line, straight into the output buffer.
enum CPFListWriter {
    static func write(
        count: Int, from generator: CPFGenerator, using random: inout SplitMix64, formatted: Bool, to out: OutputBuffer
    ) {
        if formatted {
            for _ in 0..<count {
                let cpf = generator.next(using: &random)
                out.withReservedSpace(15) { pointer in
                    cpf.writeFormatted(to: UnsafeMutableRawBufferPointer(start: pointer, count: 15))
                    pointer.storeBytes(of: 0x0A, toByteOffset: 14, as: UInt8.self)
                    return 15
                }
            }
        } else {
            for _ in 0..<count {
                let cpf = generator.next(using: &random)
                out.withReservedSpace(12) { pointer in
                    cpf.writeDigits(to: UnsafeMutableRawBufferPointer(start: pointer, count: 12))
                    pointer.storeBytes(of: 0x0A, toByteOffset: 11, as: UInt8.self)
                    return 12
                }
            }
        }
    }
}
