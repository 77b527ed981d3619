/// The name a mistyped one was most likely meant to be, for `cpf chek`
/// (`did you mean 'check'?`) and unknown options.
enum NearestName {
    /// The candidate at the smallest edit distance from `name`, when that
    /// distance is at most 2 (and less than the name's length); the first
    /// such candidate on a tie.
    static func nearest(to name: String, among candidates: [String]) -> String? {
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(Array(name.utf8), Array(candidate.utf8))
            if distance <= 2, distance < name.utf8.count, distance < best?.distance ?? .max {
                best = (candidate, distance)
            }
        }
        return best?.name
    }

    /// The Levenshtein distance, with a swap of two adjacent bytes counted
    /// as one edit (`chekc` is one edit from `check`).
    static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previousPrevious[j - 2] + 1)
                }
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}
