import SiftMessages

/// A line out of line with a list above it (libyaml: "did not find expected '-' indicator"),
/// said as the indentation it is: the column it belongs at, and why.
enum YAMLListLayout {
    /// The keys of a check that go beside its kind, in the same list item.
    static let checkKeys: Set<String> = ["then", "else", "message", "reason", "tolerance"]
    /// The options of a field, which go beside its `checks:`, never inside the list.
    static let fieldKeys: Set<String> = ["required", "null", "report", "count", "unique_in_run", "unique_across_runs", "description"]

    /// The message and where to point, for the line at `mark` under the list starting at `listStart`.
    static func outOfLine(_ mark: Mark, listStart: Mark, _ lines: [Substring]) -> (Message, Mark)? {
        guard mark.line >= 1, mark.line <= lines.count, listStart.line >= 1, listStart.line < mark.line else { return nil }
        let here = lines[mark.line - 1]
        let indent = here.prefix { $0 == " " }.count
        let at = Mark(file: mark.file, line: mark.line, column: indent + 1)
        let key = Self.key(here)
        let dash = listStart.column  // the '-' of the list's items
        // The item above: the nearest line whose '-' is in the list's column.
        var item = mark.line - 1
        while item > listStart.line, !Self.startsItem(lines[item - 1], at: dash) { item -= 1 }
        let itemKey = Self.key(lines[item - 1].drop { $0 == " " }.dropFirst())
        if let key, checkKeys.contains(key), let itemKey {
            return (ConfigMessages.yamlItemKeyOutOfLine(["key": key, "item_key": itemKey, "line": "\(item)", "column": "\(dash + 2)"]), at)
        }
        if let key, fieldKeys.contains(key), let (owner, line, column) = Self.owner(of: listStart, lines) {
            return (ConfigMessages.yamlFieldOptionInList(["key": key, "owner": owner, "line": "\(line)", "column": "\(column)"]), at)
        }
        return (ConfigMessages.yamlListOutOfLine(["line": "\(listStart.line)", "dash": "\(dash)", "keys": "\(dash + 2)"]), at)
    }

    /// The key a line starts with (`then` of `then: {...}`), if it is a plain word.
    private static func key(_ line: Substring) -> String? {
        let text = line.drop { $0 == " " }
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let word = text[..<colon]
        guard !word.isEmpty, word.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
        return String(word)
    }

    private static func startsItem(_ line: Substring, at column: Int) -> Bool {
        let indent = line.prefix { $0 == " " }.count
        return indent == column - 1 && line.dropFirst(indent).hasPrefix("-")
    }

    /// The key whose value the list is (`checks:`), with its line and column.
    private static func owner(of list: Mark, _ lines: [Substring]) -> (String, Int, Int)? {
        var n = list.line
        if lines[n - 1].prefix(while: { $0 == " " }).count == list.column - 1 { n -= 1 }
        while n >= 1 {
            let line = lines[n - 1]
            let indent = line.prefix { $0 == " " }.count
            if indent < list.column - 1, let key = key(line) { return (key, n, indent + 1) }
            n -= 1
        }
        return nil
    }
}
