import CPFKit

/// Writes generated CPFs, one per line, straight into the output buffer.
enum CPFListWriter {
    static func write(
        count: Int, from generator: CPFGenerator, using random: inout SplitMix64, formatted: Bool, to out: OutputBuffer
    ) {
        if formatted {
            for _ in 0..<count {
                let cpf = generator.next(using: &random)
                out.withReservedSpace(15) { buffer in
                    let pointer = buffer.baseAddress!
                    cpf.writeFormatted(to: pointer)
                    pointer.storeBytes(of: 0x0A, toByteOffset: 14, as: UInt8.self)
                    return 15
                }
            }
        } else {
            for _ in 0..<count {
                let cpf = generator.next(using: &random)
                out.withReservedSpace(12) { buffer in
                    let pointer = buffer.baseAddress!
                    cpf.writeDigits(to: pointer)
                    pointer.storeBytes(of: 0x0A, toByteOffset: 11, as: UInt8.self)
                    return 12
                }
            }
        }
    }
}
