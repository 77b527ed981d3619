// What a PDF names and points to (ISO 32000-1, 12.3 and 12.6): the named
// destinations, the actions of links and bookmarks (a URI, another file),
// and the page labels, which PDFRedactor rewrites through its `rewriting`
// closure, keeping every link to a renamed destination working.

extension PDFRedactor {
    /// Rewrites, through `rewriting`, into `writer`: the keys of the
    /// named destinations (the catalog's /Dests dictionary and the /Names
    /// /Dests name tree, written again as one sorted node), every /Dest
    /// and GoTo action's /D that names one of them (renamed alike); the
    /// strings of the actions of the pages' annotations, of the bookmarks
    /// and of the catalog's /OpenAction (/URI, /F and its file
    /// specification, a remote /D); and the prefixes (/P) of the page
    /// labels. Returns how many objects changed.
    static func rewriteNames(
        of document: PDFDocument, pages: [PDFTextExtractor.Page], into writer: inout PDFWriter,
        rewriting: ([UInt8]) -> [UInt8]?
    ) throws(PDFError) -> Int {
        guard case .reference(let root, _)? = document.trailer["Root"] else { return 0 }
        var changed = 0
        var renamed: [PDFObject: PDFObject] = [:]
        // The named destinations: the name tree's keys (strings), the old dictionary's (names).
        if let tree = try nameTree("Dests", of: document),
            let (entries, names) = renamedEntries(tree, rewriting: rewriting)
        {
            renamed.merge(names) { first, _ in first }
            try setNameTree("Dests", to: entries, root: root, in: &writer)
            changed += 1
        }
        if case .reference(let number, _)? = try writer.object(root)["Dests"],
            case .dictionary(let destinations) = try writer.object(number)
        {
            var written: [String: PDFObject] = [:]
            for (name, value) in destinations {
                var new = name
                // A name's bytes are its scalars, each below 256.
                if let text = rewriting(Array(name.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) })) {
                    let base = String(String.UnicodeScalarView(text.map { Unicode.Scalar($0) }))
                    new = base
                    var suffix = 2
                    while destinations[new] != nil || written[new] != nil {
                        new = base + " (\(suffix))"
                        suffix += 1
                    }
                    renamed[.name(name)] = .name(new)
                }
                written[new] = value
            }
            if written.count == destinations.count, written.keys != destinations.keys {
                writer.replacements[number] = .object(.dictionary(written))
                changed += 1
            }
        }
        // The links, bookmarks and the opening action: where they go.
        var owners: [Int] = []
        for page in pages {
            for annotation in try document.resolve(try page.dictionary(in: document)["Annots"] ?? .null).array ?? [] {
                if case .reference(let number, _) = annotation { owners.append(number) }
            }
        }
        owners += try outlineItems(of: document)
        owners.append(root)
        for number in owners {
            guard case .dictionary(var dictionary) = try writer.object(number) else { continue }
            var any = false
            if let destination = dictionary["Dest"], let new = renamed[destination] {
                dictionary["Dest"] = new
                any = true
            }
            for key in ["A", "OpenAction"] {
                guard let action = dictionary[key] else { continue }
                if case .reference(let target, _) = action {
                    guard let new = rewrittenAction(try writer.object(target), renamed: renamed, rewriting: rewriting)
                    else { continue }
                    writer.replacements[target] = .object(new)
                    changed += 1
                } else if let new = rewrittenAction(action, renamed: renamed, rewriting: rewriting) {
                    dictionary[key] = new
                    any = true
                }
            }
            if any {
                writer.replacements[number] = .object(.dictionary(dictionary))
                changed += 1
            }
        }
        changed += try rewritePageLabels(root: root, in: &writer, rewriting: rewriting)
        return changed
    }

    /// `action` (a dictionary) with its strings rewritten, a GoTo's /D
    /// renamed as its destination was; nil when nothing changed.
    static func rewrittenAction(
        _ action: PDFObject, renamed: [PDFObject: PDFObject], rewriting: ([UInt8]) -> [UInt8]?
    ) -> PDFObject? {
        guard case .dictionary(var entries) = action else { return nil }
        var any = false
        let local = entries["S"]?.name == "GoTo"
        for (key, value) in entries where key != "Next" {
            let new = key == "D" && local ? renamed[value] : rewritten(value, rewriting: rewriting)
            guard let new else { continue }
            entries[key] = new
            any = true
        }
        return any ? .dictionary(entries) : nil
    }

    /// The entries of name tree `key` of the catalog's /Names (a key and
    /// its value, in order), or nil when there is none.
    static func nameTree(_ key: String, of document: PDFDocument) throws(PDFError) -> [(PDFObject, PDFObject)]? {
        let catalog = try document.resolve(document.trailer["Root"] ?? .null)
        let root = try document.resolve(try document.resolve(catalog["Names"] ?? .null)[key] ?? .null)
        guard root.dictionary != nil else { return nil }
        var entries: [(PDFObject, PDFObject)] = []
        var pending: [(PDFObject, Int)] = [(root, 0)]
        var visited: Set<Int> = []
        while let (node, depth) = pending.popLast(), depth < 64, entries.count < PDFDocument.maximumObjectsParsed {
            let names = try document.resolve(node["Names"] ?? .null).array ?? []
            for index in stride(from: 0, to: names.count - 1, by: 2) {
                entries.append((names[index], names[index + 1]))
            }
            for kid in (try document.resolve(node["Kids"] ?? .null).array ?? []).reversed() {
                guard case .reference(let number, _) = kid, visited.insert(number).inserted else { continue }
                pending.append((try document.object(number), depth + 1))
            }
        }
        return entries
    }

    /// `entries` of a name tree with their keys rewritten, a key that
    /// would be another's made unique (` (2)`, ` (3)`, …), sorted as a
    /// name tree is, and the keys renamed (old to new); nil when no key
    /// changed.
    static func renamedEntries(
        _ entries: [(PDFObject, PDFObject)], rewriting: ([UInt8]) -> [UInt8]?
    ) -> ([(PDFObject, PDFObject)], [PDFObject: PDFObject])? {
        var renamed: [PDFObject: PDFObject] = [:]
        var keys = Set(entries.compactMap { $0.0.string })
        var written: [(PDFObject, PDFObject)] = []
        for (key, value) in entries {
            guard case .string(let bytes) = key, let new = rewritten(key, rewriting: rewriting)?.string else {
                written.append((key, value))
                continue
            }
            var unique = new
            var suffix = 2
            while keys.contains(unique) {
                unique = textString(PDFSweep.textUTF8(new) + Array(" (\(suffix))".utf8), like: bytes)
                suffix += 1
            }
            keys.insert(unique)
            renamed[key] = .string(unique)
            written.append((.string(unique), value))
        }
        guard !renamed.isEmpty else { return nil }
        written.sort { ($0.0.string ?? []).lexicographicallyPrecedes($1.0.string ?? []) }
        return (written, renamed)
    }

    /// Sets name tree `key` of the catalog (object `root`) to one node
    /// holding `entries`, where the tree stood (its own object, or in the
    /// /Names dictionary).
    static func setNameTree(
        _ key: String, to entries: [(PDFObject, PDFObject)], root: Int, in writer: inout PDFWriter
    ) throws(PDFError) {
        let node = PDFObject.dictionary(["Names": .array(entries.flatMap { [$0.0, $0.1] })])
        guard case .dictionary(var catalog) = try writer.object(root) else { return }
        switch catalog["Names"] {
        case .reference(let number, _)?:
            guard case .dictionary(var names) = try writer.object(number) else { return }
            if case .reference(let tree, _)? = names[key] {
                writer.replacements[tree] = .object(node)
            } else {
                names[key] = node
                writer.replacements[number] = .object(.dictionary(names))
            }
        case .dictionary(var names)?:
            if case .reference(let tree, _)? = names[key] {
                writer.replacements[tree] = .object(node)
            } else {
                names[key] = node
                catalog["Names"] = .dictionary(names)
                writer.replacements[root] = .object(.dictionary(catalog))
            }
        default: return
        }
    }

    /// The object numbers of the bookmarks, every level.
    static func outlineItems(of document: PDFDocument) throws(PDFError) -> [Int] {
        let catalog = try document.resolve(document.trailer["Root"] ?? .null)
        var pending: [PDFObject] = [try document.resolve(catalog["Outlines"] ?? .null)["First"] ?? .null]
        var numbers: [Int] = []
        var visited: Set<Int> = []
        while let item = pending.popLast(), visited.count < PDFDocument.maximumObjectsParsed {
            guard case .reference(let number, _) = item, visited.insert(number).inserted else { continue }
            numbers.append(number)
            let outline = try document.object(number)
            pending += [outline["Next"] ?? .null, outline["First"] ?? .null]
        }
        return numbers
    }

    /// Rewrites the prefixes (/P) of the page labels (the catalog's
    /// /PageLabels number tree, ISO 32000-1, 12.4.2) into `writer`; returns
    /// how many objects changed.
    static func rewritePageLabels(
        root: Int, in writer: inout PDFWriter, rewriting: ([UInt8]) -> [UInt8]?
    ) throws(PDFError) -> Int {
        var changed = 0
        var visited: Set<Int> = []
        /// `value` (a node, or a label) edited by `body`: when it is a
        /// reference, its object replaced and nil returned; else the new
        /// value, or nil when unchanged.
        func edit(
            _ value: PDFObject, _ body: (PDFObject) throws(PDFError) -> PDFObject?
        ) throws(PDFError) -> PDFObject? {
            guard case .reference(let number, _) = value else { return try body(value) }
            guard visited.insert(number).inserted else { return nil }
            let object = try writer.object(number)
            guard let new = try body(object) else { return nil }
            writer.replacements[number] = .object(new)
            changed += 1
            return nil
        }
        func label(_ value: PDFObject) -> PDFObject? {
            guard case .dictionary(var entries) = value, let prefix = entries["P"],
                let new = rewritten(prefix, rewriting: rewriting)
            else { return nil }
            entries["P"] = new
            return .dictionary(entries)
        }
        func node(_ value: PDFObject, depth: Int) throws(PDFError) -> PDFObject? {
            guard depth < 64, case .dictionary(var entries) = value else { return nil }
            var any = false
            if var numbers = entries["Nums"]?.array {
                for index in stride(from: 1, to: numbers.count, by: 2) {
                    guard let new = try edit(numbers[index], label) else { continue }
                    numbers[index] = new
                    any = true
                }
                if any { entries["Nums"] = .array(numbers) }
            }
            for kid in entries["Kids"]?.array ?? [] {
                _ = try edit(kid) { (value) throws(PDFError) in try node(value, depth: depth + 1) }
            }
            return any ? .dictionary(entries) : nil
        }
        guard case .dictionary(var catalog) = try writer.object(root), let labels = catalog["PageLabels"] else {
            return 0
        }
        if let new = try edit(labels, { (value) throws(PDFError) in try node(value, depth: 0) }) {
            catalog["PageLabels"] = new
            writer.replacements[root] = .object(.dictionary(catalog))
            changed += 1
        }
        return changed
    }
}
