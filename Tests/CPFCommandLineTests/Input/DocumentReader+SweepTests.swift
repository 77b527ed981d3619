// Tests of Input/DocumentReader+Sweep.swift: what the sweep adds to a
// part's text.

import CPFDecoders
import CPFKit
import CPFSystem
import CPFTestSupport
import Testing

@testable import CPFCommandLine

@Suite("DocumentReader+Sweep")
struct DocumentReaderSweepTests {
    @Test("the sweep keeps only the lines whose CPFs and CNPJs the text does not hold, each line once")
    func unplacedLines() {
        let sweep = Array(
            """
            A1
            CPF 390.533.447-05
            529.982.247-25 e 111.444.777-35
            nada
            12.ABC.345/01DE-35
            000.000.000-00

            """.utf8)
        let placed = DocumentReader.characters(in: Array("CPF 390.533.447-05 e 111.444.777-35".utf8))
        #expect(placed == ["39053344705", "11144477735"])
        let kept = DocumentReader.unplaced(sweep, placed: placed)
        #expect(String(decoding: kept, as: UTF8.self) == "529.982.247-25 e 111.444.777-35\n12.ABC.345/01DE-35\n")
        #expect(DocumentReader.unplaced(sweep, placed: placed.union(["52998224725", "12ABC34501DE35"])).isEmpty)
    }
}
