import Foundation
import Sift
import SiftCore
import Testing
import SiftJSON
import SiftMessages

/// Every rule-file message comes from a module's catalog (`CatalogTests` checks the catalogs):
/// none is an English literal handed to a diagnostic, so none reaches `--lang zh` in English.
/// The scanner looks for the calls a message literal would be given to (`diagnostics.error("…")`,
/// `context.warning("…")`, a route pattern's `ParseError(message: "…")`) in `Sources/` (the
/// command line's own wording aside).
@Suite struct MessageCatalogTests {
    @Test func noRuleFileMessageIsAnEnglishLiteral() throws {
        let literals = try MessageTemplates.all()
        #expect(literals.isEmpty, "English literals instead of catalog messages: \(literals.map { "\($0.site): \($0.sample)" })")
    }

    /// Violation messages come from catalogs too: in these modules no English and Chinese pair is
    /// written in code (`LocalizedText(en: "…", zh: "…")`, `Rejection.Counted(en: ("…", …))`).
    @Test func noViolationMessageIsALiteralPair() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        let pair = try Regex(#"(LocalizedText|Counted)\(\s*en:\s*\(?\s*""#)
        var found: [String] = []
        for module in [
            "SiftMessages", "SiftJSON", "SiftConfig", "SiftExpr", "SiftCore", "SiftFields", "SiftJSONSchema", "SiftAppleID", "SiftReceipts",
        ] {
            let folder = sources.appendingPathComponent(module)
            let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)!.compactMap { $0 as? URL }
            for file in files where file.pathExtension == "swift" {
                let text = try String(contentsOf: file, encoding: .utf8)
                for match in text.matches(of: pair) {
                    let line = text[..<match.range.lowerBound].count(where: { $0 == "\n" }) + 1
                    found.append("\(module)/\(file.lastPathComponent):\(line)")
                }
            }
        }
        #expect(found.isEmpty, "message pairs written in code, not in a catalog: \(found.sorted())")
    }

    /// What a rule-file value is, as messages say it ("not a list", "not the number 2.5"), in every form,
    /// through the loader: `'min' of 'length'` is `'length' 的 'min'` in Chinese.
    @Test(arguments: [("{a: 1}", "映射"), ("[1]", "列表"), ("true", "布尔值 true"), ("2.5", "数字 2.5"), ("six", "文本 'six'")])
    func everyKindOfValueInBothLanguages(_ value: String, _ chinese: String) throws {
        let yaml = "fields:\n  a:\n    - length: {min: \(value)}\n"
        let result = RulesLoader(registry: .builtIn()).load(text: yaml, file: "r.yaml", directory: "/tmp")
        let d = try #require(result.diagnostics.first { $0.severity == .error })
        #expect(d.headline(.en).contains("'min' of 'length' should be a whole number, not "), "\(d.headline(.en))")
        let zh = d.headline(.zh)
        #expect(zh.hasSuffix("'length' 的 'min' 应为整数，而不是\(chinese)"), "\(zh)")
        #expect(ChineseCheck.isChinese(String(zh.drop { $0 != " " }.dropFirst())), "\(zh)")
    }
}

/// One message as written in the sources, filled with sample values.
struct SourceMessage {
    var site: String
    var sample: String
}

/// Finds the message literals in `Sources/` and fills their interpolations.
enum MessageTemplates {
    /// Calls whose first argument is a rule-file message, and what goes before it in the message.
    static let calls: [(call: String, prefix: String)] = [
        (".error(", ""), (".warning(", ""), (" error(", ""), (" warning(", ""), ("ParseError(message: ", ""), ("Problem(message: ", ""),
    ]
    /// Files whose returned literals are messages or endings of messages.
    static let returning: [String: String] = [:]

    static func all() throws -> [SourceMessage] {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        var found: [SourceMessage] = []
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)!
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" && !$0.path.contains("/SiftCLI/") }
        for file in files.sorted(by: { $0.path < $1.path }) {
            let text = Array(try String(contentsOf: file, encoding: .utf8).unicodeScalars)
            let name = file.path.dropFirst(sources.path.count + 1)
            var calls = Self.calls
            if let prefix = returning[file.lastPathComponent] { calls.append(("return \"", prefix)) }
            found += scan(text, calls).map { SourceMessage(site: "\(name):\($0.line)", sample: $0.sample) }
        }
        return found
    }

    /// The message literals of one file with their line numbers.
    static func scan(_ s: [Unicode.Scalar], _ calls: [(call: String, prefix: String)]) -> [(line: Int, sample: String)] {
        var out: [(Int, String)] = []
        var i = 0, line = 1
        while i < s.count {
            if s[i] == "\n" { line += 1 }
            if let (call, prefix) = calls.first(where: { matches($0.call, s, i) }) {
                var j = i + call.unicodeScalars.count
                if call.hasSuffix("\"") { j -= 1 }
                // The message may start on the next line (`.error(\n    "…"`).
                while j < s.count, s[j] == " " || s[j] == "\n" { j += 1 }
                if j < s.count, s[j] == "\"", let (sample, end) = literal(s, j), isMessage(sample) {
                    out.append((line, (sample.hasPrefix("; ") || call == " bad(" ? prefix : "") + sample))
                    for k in i..<end where s[k] == "\n" { line += 1 }
                    i = end
                    continue
                }
            }
            i += 1
        }
        return out
    }

    static func matches(_ word: String, _ s: [Unicode.Scalar], _ i: Int) -> Bool {
        let w = Array(word.unicodeScalars)
        guard i + w.count <= s.count else { return false }
        return (0..<w.count).allSatisfy { s[i + $0] == w[$0] }
    }

    /// A message is English words, not a code or a single token.
    static func isMessage(_ text: String) -> Bool { text.split(separator: " ").count >= 3 }

    /// The string literal starting at `start` (a `"`), with literals joined by `+` after it;
    /// interpolations become sample values. Returns the text and the index after it.
    static func literal(_ s: [Unicode.Scalar], _ start: Int) -> (String, Int)? {
        guard start + 1 < s.count, s[start + 1] != "\"" else { return nil }  // no """ blocks
        var text = "", i = start + 1
        while i < s.count {
            let c = s[i]
            if c == "\"" {
                i += 1
                // `"…" + "…"` (across lines too) is one message.
                var k = i
                while k < s.count, s[k] == " " || s[k] == "\n" { k += 1 }
                if k + 2 < s.count, s[k] == "+", s[k + 1] == " ", s[k + 2] == "\"" { i = k + 3; continue }
                return (text, i)
            }
            if c == "\\", i + 1 < s.count {
                if s[i + 1] == "(" {
                    var depth = 1, j = i + 2
                    while j < s.count, depth > 0 {
                        if s[j] == "(" { depth += 1 } else if s[j] == ")" { depth -= 1 }
                        j += 1
                    }
                    let expression = String(String.UnicodeScalarView(s[(i + 2)..<(j - 1)]))
                    // Inside '...' the value is a name; outside, a phrase or a number.
                    let quoted = text.filter { $0 == "'" }.count % 2 == 1
                    text += sample(for: expression, quoted: quoted)
                    i = j
                    continue
                }
                let escaped: [Unicode.Scalar: String] = ["n": "\n", "t": "\t", "\"": "\"", "\\": "\\"]
                text += escaped[s[i + 1]] ?? String(s[i + 1])
                i += 2
                continue
            }
            text.unicodeScalars.append(c)
            i += 1
        }
        return nil
    }

    /// A plausible value for an interpolated expression.
    static func sample(for expression: String, quoted: Bool) -> String {
        let e = expression.lowercased()
        if quoted { return "x" }
        if e.contains("kinddescription") { return "a list" }
        if e.contains("phrase") { return "text" }
        if ["line", "count", "offset", "column", "byte", "limit", "max", "min", "depth", "size", "position"].contains(where: e.contains) {
            return "3"
        }
        if e.contains("joined(separator: \" or \")") { return "'a' or 'b'" }
        if ["joined", "names", "keys", "options", "list"].contains(where: e.contains) { return "a, b" }
        return "'x'"
    }
}

/// "Nothing English left outside quotes and code", as `LintTests` checks it for the CLI.
enum ChineseCheck {
    static func isChinese(_ text: String) -> Bool {
        var bare = text
        for pattern in [
            #"'[^']*'"#, #"\{[^}]*\}"#, #"\[[^\]]*\]"#, #"[A-Za-z_]+:[^ ，；）]*"#, #"“[^”]*”"#,
            #"[A-Za-z0-9_.\-]+(, [A-Za-z0-9_.\-]+)+"#, #"/[^/ ]+/"#, #"--[a-z-]+"#, #"`[^`]*`"#, #"[0-9]+[a-z]+"#, #""[^"]*""#,
        ] {
            bare = bare.replacingOccurrences(of: pattern, with: "", options: .regularExpression)
        }
        let allowed: Set<String> = [
            "YAML", "JSON", "UTF", "Sift", "sift", "true", "false", "null", "test", "lint", "mode", "search",
            "rfc", "epoch_ms", "epoch_s", "yyyy", "MM", "dd", "HH", "mm", "ss", "SSS", "regex", "U",
            // Names of keys, files and standards, kept as written.
            "Apple", "JWKS", "AASA", "MB", "exec", "RSA", "RS", "RFC", "URL", "kid", "now", "from", "to", "yaml", "yml",
            "include", "validators", "exec_checks", "applies_to", "examples", "request_date", "epoch",
            // JSON Schema's keywords, and the values of an option.
            "propertyNames", "contains", "anyOf", "oneOf", "not", "first", "last", "UTC", "JWT", "base", "url",
            // Claims of an identity token, and their options.
            "exp", "iat", "nonce", "nonce_supported", "malformed_exp", "expired", "max_token_bytes",
            // A verifyReceipt response's fields, and the App Store's names.
            "verifyReceipt", "receipt", "status", "environment", "receipt_type", "in_app", "original_transaction_id", "product_id",
            "is_trial_period", "expires_date_ms", "request_date_ms", "appAccountToken", "REFUND", "REVOKE", "App", "Store",
            // Parts of a link, and the routes section.
            "scheme", "ASCII", "NUL", "IP", "refuse", "routes",
        ]
        let words = bare.split { !($0.isASCII && ($0.isLetter || $0 == "_")) }.map(String.init).filter { $0.count >= 2 }
        return words.allSatisfy(allowed.contains)
    }
}
