import Foundation

/// Prints diagnostics as `file:line:col: error: message`, then the source line and a caret.
public struct DiagnosticRenderer: Sendable {
    private let sources: [String: [Substring]]

    /// - Parameter sources: rule-file texts by path, used to show the offending line.
    public init(sources: [String: String] = [:]) {
        self.sources = sources.mapValues { $0.split(separator: "\n", omittingEmptySubsequences: false) }
    }

    public func render(_ diagnostic: Diagnostic) -> String {
        var out = diagnostic.headline
        guard let mark = diagnostic.mark, let lines = sources[mark.file],
              mark.line >= 1, mark.line <= lines.count else { return out }
        var line = String(lines[mark.line - 1])
        if line.hasSuffix("\r") { line.removeLast() }
        var column = mark.column
        // Show a window of a very long line around the column.
        let scalars = Array(line.unicodeScalars)
        if scalars.count > 160 {
            let start = max(0, min(column - 1 - 60, scalars.count - 120))
            let end = min(scalars.count, start + 120)
            line = (start > 0 ? "…" : "") + String(String.UnicodeScalarView(scalars[start..<end])) + (end < scalars.count ? "…" : "")
            column = column - start + (start > 0 ? 1 : 0)
        }
        out += "\n" + line + "\n"
        // Keep tabs so the caret lines up in a terminal.
        var pad = ""
        for (i, ch) in line.unicodeScalars.enumerated() where i < column - 1 {
            pad.unicodeScalars.append(ch == "\t" ? "\t" : " ")
        }
        if line.unicodeScalars.count < column - 1 {
            pad += String(repeating: " ", count: min(200, column - 1 - line.unicodeScalars.count))
        }
        out += pad + "^"
        return out
    }

    public func render(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map(render).joined(separator: "\n")
    }
}
