import CPFKit

/// How a name echoed in a message is shown when it must not print a
/// number in clear: the name of a file, a member of an archive, an
/// attachment, in a diagnostic, a `--stats` line, JSON or `find --hide`'s
/// output.
enum NameHiding {
    /// `name` with the digits of every CPF and the characters of every CNPJ
    /// in it (of any confidence, mistyped ones too) hidden as `*`, every
    /// other byte kept, so it has the same length. Both are looked for in
    /// the name as it is, in what follows each `/` and in each component
    /// between them (a folder's name, a member's), so that neither a path's separators nor
    /// one kind of number keeps the other from being found.
    ///
    /// ```swift
    /// NameHiding.hidden(Array("11222333000181/39053344705.txt".utf8))
    /// // "**************/***********.txt" as bytes
    /// ```
    ///
    /// - Complexity: O(*n*) in the length of the name.
    static func hidden(_ name: [UInt8]) -> [UInt8] {
        var shown = name
        func hide(_ part: ArraySlice<UInt8>) {
            let cpfs = CPFScanner.redacting(part, style: .full)
            let cnpjs = CNPJScanner.redacting(part, style: .full)
            for (offset, index) in part.indices.enumerated()
            where cpfs[offset] != part[index] || cnpjs[offset] != part[index] {
                shown[index] = UInt8(ascii: "*")
            }
        }
        hide(name[...])
        for index in name.indices where name[index] == UInt8(ascii: "/") {
            // What follows the separator: the rest of the path, and the component alone.
            let rest = name[(index + 1)...]
            hide(rest)
            hide(rest.prefix { $0 != UInt8(ascii: "/") })
        }
        hide(name.prefix { $0 != UInt8(ascii: "/") })
        return shown
    }
}
