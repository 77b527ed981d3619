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
                    cpf.writeFormatted(to: buffer)
                    buffer[14] = 0x0A
                    return 15
                }
            }
        } else {
            for _ in 0..<count {
                let cpf = generator.next(using: &random)
                out.withReservedSpace(12) { buffer in
                    cpf.writeDigits(to: buffer)
                    buffer[11] = 0x0A
                    return 12
                }
            }
        }
    }

    /// The first `count` CPFs of a unique generator (there must be as many).
    static func write(count: Int, from generator: inout UniqueCPFGenerator, formatted: Bool, to out: OutputBuffer) {
        for _ in 0..<count {
            guard let cpf = generator.next() else { return }
            if formatted {
                out.withReservedSpace(15) { buffer in
                    cpf.writeFormatted(to: buffer)
                    buffer[14] = 0x0A
                    return 15
                }
            } else {
                out.withReservedSpace(12) { buffer in
                    cpf.writeDigits(to: buffer)
                    buffer[11] = 0x0A
                    return 12
                }
            }
        }
    }
}
