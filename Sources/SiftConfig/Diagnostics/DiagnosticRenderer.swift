import Foundation
import SiftMessages

/// Prints diagnostics as `file:line:col: error: message`, then the source line and a caret.
package struct DiagnosticRenderer: Sendable {
    private let sources: [String: SourceLines]
    private let language: Language

    /// - Parameter sources: rule-file texts by path, used to show the offending line.
    public init(sources: [String: String] = [:], language: Language = .en) {
        self.sources = sources.mapValues(SourceLines.init)
        self.language = language
    }

    public func render(_ diagnostic: Diagnostic) -> String {
        var out = diagnostic.headline(language)
        guard let mark = diagnostic.mark, let source = sources[mark.file], let text = source.line(mark.line) else { return out }
        var line = Self.maskingPasswords(text)
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
        // Keep tabs so the caret lines up in a terminal; East Asian wide characters take two columns.
        var pad = ""
        for (i, ch) in line.unicodeScalars.enumerated() where i < column - 1 {
            if ch == "\t" {
                pad += "\t"
            } else if ch.properties.generalCategory == .nonspacingMark {
                continue
            } else {
                pad += Self.isWide(ch) ? "  " : " "
            }
        }
        if line.unicodeScalars.count < column - 1 {
            pad += String(repeating: " ", count: min(200, column - 1 - line.unicodeScalars.count))
        }
        out += pad + "^"
        return out
    }

    /// True for characters a terminal shows two columns wide (East Asian Wide and Fullwidth:
    /// CJK ideographs, kana, Hangul, full-width forms, most emoji).
    /// The line with the password of any URL in it (the part between `user:` and `@host`) shown as
    /// `****`: a rule file that wrongly holds one must not have it echoed. The password follows
    /// the value's start, so the caret's column is kept.
    static func maskingPasswords(_ line: String) -> String {
        guard line.contains("://") else { return line }
        var out = ""
        var rest = Substring(line)
        while let scheme = rest.range(of: "://") {
            out += rest[..<scheme.upperBound]
            rest = rest[scheme.upperBound...]
            let end = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" || $0 == " " || $0 == "'" || $0 == "\"" } ?? rest.endIndex
            guard let at = rest[..<end].lastIndex(of: "@"), let colon = rest[..<at].firstIndex(of: ":") else { continue }
            out += rest[...colon] + "****"
            rest = rest[at...]
        }
        return out + rest
    }

    static func isWide(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
            0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    public func render(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map(render).joined(separator: "\n")
    }
}

/// A text's lines, found by their byte offsets once (a large schema file is megabytes: splitting
/// it into `Character`s for each message would cost more than reading it).
struct SourceLines: Sendable {
    let bytes: [UInt8]
    /// The UTF-8 offset where each line starts.
    let starts: [Int]

    init(_ text: String) {
        bytes = Array(text.utf8)
        var starts = [0]
        for (i, b) in bytes.enumerated() where b == 0x0A { starts.append(i + 1) }
        self.starts = starts
    }

    /// Line `n` (1-based) without its line break; nil past the end.
    func line(_ n: Int) -> String? {
        guard n >= 1, n <= starts.count else { return nil }
        let end = n < starts.count ? starts[n] - 1 : bytes.count
        return String(decoding: bytes[starts[n - 1]..<max(starts[n - 1], end)], as: UTF8.self)
    }
}
