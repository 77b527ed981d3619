// What every test file sees with `import CPFTestSupport`: the system layer
// and the C library. Only the targets under Sources are layered (see
// docs/architecture.md); tests reach the system however they need to.

@_exported import CPFSystem

#if canImport(Glibc)
    @_exported import Glibc
#elseif canImport(Musl)
    @_exported import Musl
#elseif canImport(Darwin)
    @_exported import Darwin
#endif
