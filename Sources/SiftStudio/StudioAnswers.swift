import SiftCore
import SiftMessages
import SiftConfig

/// A problem of the rules, placed for the editor: its line and column in the open file (nil
/// when it is in another file, such as an include), its words in the page's language, and a
/// one-click fix when the message offers a did-you-mean for the word at its place.
package struct Problem: Codable, Sendable, Equatable {
    package var severity: String
    package var file: String?
    package var line: Int?
    package var column: Int?
    package var message: String
    /// `file:line:col: error: message`, as `sift lint` prints it.
    package var headline: String
    package var fix: Fix?

    /// Replace `from` at `line`:`column` with `to`.
    package struct Fix: Codable, Sendable, Equatable {
        package var line: Int
        package var column: Int
        package var from: String
        package var to: String
    }

    init(_ d: Diagnostic, in path: String, text: String, language: Language) {
        severity = d.severity.rawValue
        file = d.mark?.file
        let here = d.mark?.file == path
        line = here ? d.mark?.line : nil
        column = here ? d.mark?.column : nil
        headline = d.headline(language)
        let prefix = d.mark.map { "\($0): \(d.severity.rawValue): " } ?? "\(d.severity.rawValue): "
        message = headline.hasPrefix(prefix) ? String(headline.dropFirst(prefix.count)) : headline
        if here, let mark = d.mark { fix = Self.fix(d.message, at: mark, in: text) }
    }

    /// The did-you-mean of `message` ("unknown key 'regx' ...; did you mean 'regex'?") as a fix,
    /// when the text at the mark is the word it replaces.
    static func fix(_ message: String, at mark: Mark, in text: String) -> Fix? {
        guard let range = message.range(of: "did you mean '") else { return nil }
        let after = message[range.upperBound...]
        guard let end = after.firstIndex(of: "'"), let open = message.firstIndex(of: "'") else { return nil }
        let to = String(after[..<end])
        let rest = message[message.index(after: open)...]
        guard let close = rest.firstIndex(of: "'") else { return nil }
        let from = String(rest[..<close])
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard mark.line >= 1, mark.line <= lines.count, !from.isEmpty, from != to else { return nil }
        let scalars = Array(lines[mark.line - 1].unicodeScalars)
        let start = mark.column - 1
        guard start >= 0, start + from.unicodeScalars.count <= scalars.count,
            String(String.UnicodeScalarView(scalars[start..<(start + from.unicodeScalars.count)])) == from
        else { return nil }
        return Fix(line: mark.line, column: mark.column, from: from, to: to)
    }
}

package struct LintAnswer: Codable, Sendable {
    package var problems: [Problem]
    package var errors: Int
    package var warnings: Int
}

package struct ExamplesAnswer: Codable, Sendable {
    /// False when the rules have errors (no example can run).
    package var loaded: Bool
    package var examples: [Outcome]

    package struct Outcome: Codable, Sendable, Equatable {
        package var pack: String
        package var name: String
        /// The example's line in the open file.
        package var line: Int?
        package var passed: Bool
        /// Expected against actual, as `sift test` prints it (empty when passed).
        package var detail: String
    }
}

package struct ExplainAnswer: Codable, Sendable {
    package var loaded: Bool
    package var text: String
}

package struct TryAnswer: Codable, Sendable {
    package var loaded: Bool
    package var records: [Row] = []
    package var valid = 0
    package var invalid = 0
    /// Whether a saved version of the file was there to compare with.
    package var comparedWithSaved = false
    /// Records valid under the saved rules and invalid under the edited ones, and the reverse.
    package var newlyInvalid = 0
    package var newlyValid = 0
    /// Records whose verdict or reasons the edit changes.
    package var changed = 0

    package init(loaded: Bool) { self.loaded = loaded }

    package struct Row: Codable, Sendable {
        package var number: Int
        package var valid: Bool
        /// Why the record could not be read (malformed JSON...), if so.
        package var error: String?
        package var violations: [Violation] = []
        package var changed = false

        package struct Violation: Codable, Sendable {
            package var field: String
            package var reason: String
            package var message: String
            package var value: String?
            /// The line of the rule that reported it, in the open file.
            package var line: Int?
        }

        init(_ v: RecordVerdict, number: Int, in path: String, language: Language) {
            self.number = number
            valid = v.isValid
            error = v.inputError.map { "\($0.reason): \($0.localized.text(language))" }
            violations = v.violations.map {
                Violation(
                    field: $0.field, reason: $0.reason.text, message: $0.message.text(language), value: $0.value,
                    line: $0.rule?.file == path ? $0.rule?.line : nil)
            }
        }
    }
}
