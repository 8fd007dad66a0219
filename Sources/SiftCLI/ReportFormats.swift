import ArgumentParser
import Foundation
import Sift
import SiftBatch
import SiftConfig

/// How `sift lint` prints its findings.
enum LintFormat: String, ExpressibleByArgument, CaseIterable {
    /// `file:line:col: error: message`, the source line and a caret (standard error).
    case text
    /// One JSON array of `{file, line, column, severity, message}` (standard output).
    case json
    /// SARIF 2.1.0, for code-scanning dashboards (standard output).
    case sarif
    /// GitHub Actions workflow commands: `::error file=...,line=...,col=...::message`.
    case github

    /// The findings in this format (`text` is rendered by the loader instead).
    func render(_ diagnostics: [Diagnostic]) -> String {
        switch self {
        case .text: return diagnostics.map(\.headline).joined(separator: "\n")
        case .json: return Self.json(diagnostics)
        case .sarif: return Self.sarif(diagnostics)
        case .github: return diagnostics.map(Self.github).joined(separator: "\n")
        }
    }

    private static func json(_ diagnostics: [Diagnostic]) -> String {
        var w = JSONWriter()
        w.beginArray()
        for d in diagnostics {
            w.beginObject()
            if let m = d.mark {
                w.field("file", m.file)
                w.field("line", m.line)
                w.field("column", m.column)
            }
            w.field("severity", d.severity.rawValue)
            w.field("message", d.message)
            w.endObject()
        }
        w.endArray()
        return String(decoding: w.bytes, as: UTF8.self)
    }

    private static func sarif(_ diagnostics: [Diagnostic]) -> String {
        var w = JSONWriter()
        w.beginObject()
        w.field("$schema", "https://json.schemastore.org/sarif-2.1.0.json")
        w.field("version", "2.1.0")
        w.key("runs"); w.beginArray(); w.beginObject()
        w.key("tool"); w.beginObject(); w.key("driver"); w.beginObject()
        w.field("name", "sift")
        w.endObject(); w.endObject()
        w.key("results"); w.beginArray()
        for d in diagnostics {
            w.beginObject()
            w.field("level", d.severity == .error ? "error" : d.severity == .warning ? "warning" : "note")
            w.key("message"); w.beginObject(); w.field("text", d.message); w.endObject()
            if let m = d.mark {
                w.key("locations"); w.beginArray(); w.beginObject()
                w.key("physicalLocation"); w.beginObject()
                w.key("artifactLocation"); w.beginObject(); w.field("uri", m.file); w.endObject()
                w.key("region"); w.beginObject(); w.field("startLine", m.line); w.field("startColumn", m.column); w.endObject()
                w.endObject()
                w.endObject(); w.endArray()
            }
            w.endObject()
        }
        w.endArray()
        w.endObject(); w.endArray()
        w.endObject()
        return String(decoding: w.bytes, as: UTF8.self)
    }

    /// A workflow command; `%`, CR, LF and (in properties) `:` and `,` are escaped as GitHub requires.
    private static func github(_ d: Diagnostic) -> String {
        func data(_ s: String) -> String {
            s.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(
                of: "\n", with: "%0A")
        }
        func property(_ s: String) -> String {
            data(s).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
        }
        let kind = d.severity == .error ? "error" : d.severity == .warning ? "warning" : "notice"
        guard let m = d.mark else { return "::\(kind)::\(data(d.message))" }
        return "::\(kind) file=\(property(m.file)),line=\(m.line),col=\(m.column)::\(data(d.message))"
    }
}

/// JUnit XML, for CI test reports: `sift test` (one test case per example) and `sift run`
/// (one test case per pack, and one per reason code that occurred).
enum JUnit {
    struct Case {
        var classname: String
        var name: String
        /// Nil when the case passed.
        var failure: (message: String, detail: String)?
    }

    static func document(suite: String, cases: [Case], seconds: Double) -> String {
        let failures = cases.filter { $0.failure != nil }.count
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"sift\" tests=\"\(cases.count)\" failures=\"\(failures)\" time=\"\(String(format: "%.3f", seconds))\">\n"
        out +=
            "  <testsuite name=\"\(escape(suite))\" tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"0\" "
            + "time=\"\(String(format: "%.3f", seconds))\">\n"
        for c in cases {
            out += "    <testcase classname=\"\(escape(c.classname))\" name=\"\(escape(c.name))\""
            if let f = c.failure {
                out += ">\n      <failure message=\"\(escape(f.message))\">\(escape(f.detail))</failure>\n    </testcase>\n"
            } else {
                out += "/>\n"
            }
        }
        out += "  </testsuite>\n</testsuites>\n"
        return out
    }

    /// `sift run`: a case per pack (failing when any of its records is invalid), one for
    /// unreadable records, and a failing case per reason code with its count and top values.
    static func run(_ s: RunSummary) -> String {
        var cases = s.packs.sorted { $0.key < $1.key }.map { name, c in
            Case(
                classname: "packs", name: name,
                failure: c.invalid == 0
                    ? nil
                    : (
                        "\(c.invalid) of \(c.records) records invalid",
                        "\(c.invalid) of \(c.records) records checked by '\(name)' are invalid"
                    ))
        }
        cases.append(
            Case(
                classname: "input", name: "readable records",
                failure: s.inputErrors == 0
                    ? nil
                    : ("\(s.inputErrors) records could not be read", "\(s.inputErrors) of \(s.records) records are not valid JSON objects"))
        )
        for (reason, n) in s.reasonsByCount {
            let top =
                s.topValues[reason]?.reported(5).map { "\(visible($0.value)) (\(ValueCounter.shown($0.count, overcount: $0.overcount)))" }
                .joined(separator: ", ") ?? ""
            let count = n == 1 ? "1 violation" : "\(n) violations"
            cases.append(
                Case(
                    classname: "reasons", name: reason.text,
                    failure: (count, count + (top.isEmpty ? "" : "; most frequent values: \(top)"))))
        }
        return document(suite: "sift run", cases: cases, seconds: s.seconds)
    }

    static func escape(_ s: String) -> String {
        var out = ""
        for ch in s.unicodeScalars {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\n": out += "&#10;"
            case "\t", "\r": out += " "
            default:
                // XML 1.0 has no other control characters, even escaped.
                if ch.value < 0x20 || ch.value == 0xFFFE || ch.value == 0xFFFF { out += "\u{FFFD}" } else { out.unicodeScalars.append(ch) }
            }
        }
        return out
    }
}

/// A value as reports show it: as it is, unless it is empty or starts or ends with white space,
/// which would not be seen: then in quotes, each such space shown (`""`, `"abc␠"`, `"␉x"`).
func visible(_ value: String) -> String {
    guard let first = value.first, let last = value.last else { return "\"\"" }
    guard first.isWhitespace || last.isWhitespace else { return value }
    func shown(_ c: Character) -> String {
        switch c {
        case " ": "␠"
        case "\t": "␉"
        case "\n": "␤"
        case "\r": "␍"
        case "\u{3000}": "␠␠"  // a full-width space
        default: String(c)
        }
    }
    let inner = value.drop { $0.isWhitespace }
    let body = inner.reversed().drop { $0.isWhitespace }.reversed()
    let head = value.prefix { $0.isWhitespace }.map(shown).joined()
    let tail = inner.isEmpty ? "" : inner.reversed().prefix { $0.isWhitespace }.reversed().map(shown).joined()
    return "\"" + head + String(body) + tail + "\""
}
