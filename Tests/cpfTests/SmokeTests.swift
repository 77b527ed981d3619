import Testing
import CPFKit

@Test func smoke() { #expect("390.533.447-05".isValidCPF) }
