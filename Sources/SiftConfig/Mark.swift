/// A 1-based position in a rule file: where a node, check or error comes from.
public struct Mark: Sendable, Hashable, CustomStringConvertible {
    /// The file path as the user gave it (or as it was resolved from an include).
    public var file: String
    /// 1-based line.
    public var line: Int
    /// 1-based column, counted in Unicode scalars.
    public var column: Int

    /// A position at `line` and `column` (both 1-based) of `file`.
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:col`, the form editors and terminals turn into links.
    public var description: String { "\(file):\(line):\(column)" }
}
