import CPFSystem

/// The globs of `-g/--glob` in the order given: the last one that matches
/// a path decides. Files below a directory argument are searched when
/// the deciding glob is not negated, or when none matches and every glob is
/// negated; a directory is left out (not entered) only when the deciding
/// glob is negated. Files named as arguments are always searched.
///
/// ```swift
/// let globs = GlobSet(["*.txt", "!secret*"])
/// globs.includes(path: "a/notes.txt", isDirectory: false)  // true
/// globs.includes(path: "a/secret.txt", isDirectory: false) // false
/// globs.includes(path: "a/b.csv", isDirectory: false)      // false
/// ```
struct GlobSet: Equatable {
    let globs: [Glob]
    /// Whether a glob is not negated: files no glob matches are then left out.
    let hasIncludes: Bool

    init(_ texts: [RawText]) {
        globs = texts.map(Glob.init)
        hasIncludes = globs.contains { !$0.isNegated }
    }

    var isEmpty: Bool { globs.isEmpty }

    /// Whether the walk takes the file or enters the directory at `path`.
    func includes(path: RawText, isDirectory: Bool) -> Bool {
        if let deciding = globs.last(where: { $0.matches(path: path, isDirectory: isDirectory) }) {
            return !deciding.isNegated
        }
        return isDirectory || !hasIncludes
    }
}
