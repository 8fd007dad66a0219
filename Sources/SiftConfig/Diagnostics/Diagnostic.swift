import SiftMessages

/// A problem found in a rule file, located at the node that caused it.
public struct Diagnostic: Sendable, Hashable, Error {
    /// How serious a problem is: errors stop the rules from loading, warnings are advice.
    public enum Severity: String, Sendable, Hashable {
        /// An error, a warning, or a note attached to another problem.
        case error, warning, note
    }

    /// Error or warning.
    public var severity: Severity
    /// What is wrong, in English (`headline(.zh)` gives its Chinese wording).
    public var message: String
    /// Where in the rule file; nil for problems with no place (a missing folder).
    public var mark: Mark?
    /// The Chinese wording of a message from a catalog; nil for one given as text, which is shown
    /// as written in every language (a plugin outside Sift that words its messages in one language).
    private var chinese: String?

    /// A problem of `severity` saying `message` (from a module's catalog) at `mark`. Quoted
    /// values are shortened in each language as below.
    public init(_ severity: Severity, _ message: Message, at mark: Mark?) {
        self.severity = severity
        self.message = Self.clampingQuotes(message.text(.en))
        self.chinese = Self.clampingQuotes(message.text(.zh))
        self.mark = mark
    }

    /// A problem of `severity` saying `message` at `mark`.
    /// Quoted values (`'...'`) longer than about 120 characters are shortened with `…`, so a
    /// message never carries a whole file's text (a rule file that is really `/etc/passwd`).
    public init(_ severity: Severity, _ message: String, at mark: Mark?) {
        self.severity = severity
        self.message = Self.clampingQuotes(message)
        self.mark = mark
    }

    /// Values quoted in messages are cut to this many characters.
    static let quoteLimit = 120

    /// `text` itself, or its first characters and `…` when it is longer than the quote limit.
    package static func clamped(_ text: String) -> String {
        text.count <= quoteLimit ? text : String(text.prefix(quoteLimit - 1)) + "…"
    }

    /// `message` with each `'...'` span longer than the quote limit shortened, and the whole
    /// message cut at 20 times the limit.
    static func clampingQuotes(_ message: String) -> String {
        guard message.utf8.count > quoteLimit else { return message }
        var out = ""
        var quoted: String?
        for ch in message {
            if ch == "'" {
                if let q = quoted {
                    out += clamped(q) + "'"
                    quoted = nil
                } else {
                    out.append(ch)
                    quoted = ""
                }
            } else if quoted != nil {
                quoted!.append(ch)
            } else {
                out.append(ch)
            }
        }
        if let q = quoted { out += clamped(q) }
        return out.count > 20 * quoteLimit ? String(out.prefix(20 * quoteLimit - 1)) + "…" : out
    }

    /// An error saying `message` at `mark`.
    public static func error(_ message: Message, at mark: Mark?) -> Diagnostic {
        Diagnostic(.error, message, at: mark)
    }

    /// A warning saying `message` at `mark`.
    public static func warning(_ message: Message, at mark: Mark?) -> Diagnostic {
        Diagnostic(.warning, message, at: mark)
    }

    /// An error saying `message` at `mark`.
    public static func error(_ message: String, at mark: Mark?) -> Diagnostic {
        Diagnostic(.error, message, at: mark)
    }

    /// A warning saying `message` at `mark`.
    public static func warning(_ message: String, at mark: Mark?) -> Diagnostic {
        Diagnostic(.warning, message, at: mark)
    }

    /// `file:line:col: error: message`, without the source excerpt.
    public var headline: String { headline(.en) }

    /// The headline with the message in `language` (the `error:`/`warning:` word stays, for editors).
    public func headline(_ language: Language) -> String {
        let text = language == .zh ? chinese ?? message : message
        if let mark { return "\(mark): \(severity.rawValue): \(text)" }
        return "\(severity.rawValue): \(text)"
    }
}

/// Diagnostics gathered across a whole load, so that all problems come out in one pass.
package struct DiagnosticList: Sendable {
    public private(set) var items: [Diagnostic] = []

    public init() {}

    public mutating func append(_ d: Diagnostic) { items.append(d) }
    public mutating func append(contentsOf ds: [Diagnostic]) { items.append(contentsOf: ds) }
    public mutating func error(_ message: Message, at mark: Mark?) { items.append(.error(message, at: mark)) }
    public mutating func warning(_ message: Message, at mark: Mark?) { items.append(.warning(message, at: mark)) }

    public var hasErrors: Bool { items.contains { $0.severity == .error } }
    public var errors: [Diagnostic] { items.filter { $0.severity == .error } }
    public var warnings: [Diagnostic] { items.filter { $0.severity == .warning } }

    /// Sorted by file, line and column, duplicates removed.
    public var sorted: [Diagnostic] {
        var seen = Set<Diagnostic>()
        return items.filter { seen.insert($0).inserted }.sorted { a, b in
            let ma = a.mark ?? Mark(file: "", line: 0, column: 0)
            let mb = b.mark ?? Mark(file: "", line: 0, column: 0)
            return (ma.file, ma.line, ma.column) < (mb.file, mb.line, mb.column)
        }
    }
}
