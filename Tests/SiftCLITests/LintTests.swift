import Foundation
#if canImport(FoundationXML)
    import FoundationXML
#endif
import Testing
import SiftTesting

/// `sift lint` catches what changes results, with located, plain messages. Exact text.
@Suite struct LintTests {
    /// Lints a folder holding `files` (name → text); returns stderr with the folder shown as `R`.
    func lint(_ files: [String: String], extra: [String: [UInt8]] = [:]) throws -> (status: Int32, text: String) {
        let dir = TemporaryFiles.path("sift-lint-")
        try FileManager.default.createDirectory(atPath: dir + "/lib", withIntermediateDirectories: true)
        for (name, text) in files { try text.write(toFile: dir + "/" + name, atomically: true, encoding: .utf8) }
        for (name, bytes) in extra { try Data(bytes).write(to: URL(fileURLWithPath: dir + "/" + name)) }
        let r = try SiftProcess.run(["lint", dir])
        return (r.status, r.stderr.replacingOccurrences(of: dir, with: "R"))
    }

    static let examples = """
        examples:
          - record: {x: "1"}
            valid: true

        """

    @Test func regexesThatLookLikePrefixSuffixOrLiteralDots() throws {
        let r = try lint([
            "p.yaml": """
            pack: p
            fields:
              url: [{regex: '^https://'}]
              host: [{regex: '\\.cn$'}]
              mail: [{regex: '[a-z]+@qq.com'}]
              fine: [{regex: '^https://.*'}, {regex: {pattern: 'https://.*', mode: search}}, {regex: '[a-z]+@qq\\.com'}]

            """ + Self.examples
        ])
        #expect(r.status == 0)
        #expect(
            r.text == """
                R/p.yaml:3:17: warning: patterns match the whole value, so '^https://' is not a prefix test: it accepts only values that \
                match it entirely; to accept any text after it, write '^https://.*' or add mode: search
                  url: [{regex: '^https://'}]
                                ^
                R/p.yaml:4:18: warning: patterns match the whole value, so '\\.cn$' is not a suffix test: it accepts only values that \
                match it entirely; to accept any text before it, write '.*\\.cn$' or add mode: search
                  host: [{regex: '\\.cn$'}]
                                 ^
                R/p.yaml:5:18: warning: '.' in 'qq.com' matches any character, so 'qqxcom' passes too; for a literal dot write 'qq\\.com'
                  mail: [{regex: '[a-z]+@qq.com'}]
                                 ^

                """)
    }

    /// Issue 30: an unescaped dot before a domain or extension is warned about whatever comes
    /// before it (a class, a quantifier, a group, an escape), with the fix, in both languages.
    @Test func literalDotsAfterClassesQuantifiersAndGroups() throws {
        let r = try lint([
            "p.yaml": """
            pack: p
            fields:
              mail: [{regex: '[a-z]+@[a-z]+.com'}]
              file: [{regex: '\\w+.jpg'}]
              img: [{regex: '(cat|dog).png'}]
              fine: [{regex: '[a-z]+@[a-z]+\\.com'}, {regex: '.{2,4}'}, {regex: 'a.b'}, {regex: '[.]com'}]

            """ + Self.examples
        ])
        #expect(r.status == 0)
        #expect(
            r.text == """
                R/p.yaml:3:18: warning: '.' in '[a-z]+.com' matches any character, so '[a-z]+xcom' passes too; for a literal dot \
                write '[a-z]+\\.com'
                  mail: [{regex: '[a-z]+@[a-z]+.com'}]
                                 ^
                R/p.yaml:4:18: warning: '.' in '\\w+.jpg' matches any character, so '\\w+xjpg' passes too; for a literal dot write \
                '\\w+\\.jpg'
                  file: [{regex: '\\w+.jpg'}]
                                 ^
                R/p.yaml:5:17: warning: '.' in '(cat|dog).png' matches any character, so '(cat|dog)xpng' passes too; for a literal \
                dot write '(cat|dog)\\.png'
                  img: [{regex: '(cat|dog).png'}]
                                ^

                """)
        let file = try SiftProcess.temp("p.yaml", "pack: p\nfields:\n  mail: [{regex: '[a-z]+@[a-z]+.com'}]\n")
        let zh = try SiftProcess.run(["lint", "--lang", "zh", file])
        #expect(
            zh.stderr.contains("warning: '[a-z]+.com' 中的 '.' 匹配任意字符，所以 '[a-z]+xcom' 也能通过；要匹配句点本身，请写成 '[a-z]+\\.com'"),
            "\(zh.stderr)")
    }

    @Test func typographyYAMLAcceptsButAuthorsDidNotMean() throws {
        let r = try lint(["p.yaml": "pack: p\nfields:\n  手机: [{regex: ‘1[0-9]{10}’}]\n  name： [not_empty]\n" + Self.examples])
        #expect(r.status == 2)
        #expect(
            r.text.hasPrefix(
                """
                R/p.yaml:3:16: error: ‘ is a typographic quote, which YAML keeps as part of the text; type ' instead (turn off smart \
                quotes in your editor)
                  手机: [{regex: ‘1[0-9]{10}’}]
                                 ^
                R/p.yaml:3:16: error: the pattern is not in quotes, so YAML reads its brackets, braces or colons itself; put it in single \
                quotes: regex: '1[0-9]{10}'
                  手机: [{regex: ‘1[0-9]{10}’}]
                                 ^
                R/p.yaml:4:7: error: '：' is a full-width colon, which YAML does not read as ':'; type ':' followed by a space
                  name： [not_empty]
                      ^
                """))
        let indent = try lint(["p.yaml": "pack: p\nfields:\n\u{3000}a: [not_empty]\n"])
        #expect(
            indent.text.contains(
                """
                R/p.yaml:3:1: error: a full-width space (U+3000) indents this line; YAML indents with ordinary spaces only
                """))
    }

    @Test func yamlSyntaxErrorsInTheAuthorsTerms() throws {
        let regex = try lint(["p.yaml": "pack: p\nfields:\n  phone: [{regex: ^1[0-9]{10}$}]\n"])
        #expect(regex.status == 2)
        #expect(
            regex.text == """
                R/p.yaml:3:19: error: the pattern is not in quotes, so YAML reads its brackets, braces or colons itself; put it in single \
                quotes: regex: '^1[0-9]{10}$'
                  phone: [{regex: ^1[0-9]{10}$}]
                                  ^
                sift lint: 1 error

                """)
        let path = try lint([
            "p.yaml": "pack: p\nfields:\n  items[*].code:\n    - when: {field: items[*].kind, enum: [a]}\n      then: not_empty\n"
        ])
        #expect(
            path.text.hasPrefix(
                """
                R/p.yaml:4:21: error: inside {...}, a path with [*] must be quoted: write 'items[*].kind'
                """))
    }

    @Test func aFileThatIsNotUTF8SaysWhere() throws {
        let r = try lint([:], extra: ["p.yaml": Array("pack: p\n# caf".utf8) + [0xE9] + Array("\nfields: {a: [not_empty]}\n".utf8)])
        #expect(r.status == 2)
        #expect(
            r.text
                == "R/p.yaml:2:6: error: rule file 'R/p.yaml' is not UTF-8 text (decoding stops here); save the file as UTF-8\n"
                + "sift lint: 1 error\n"
        )
    }

    @Test func suggestionsNameTheFix() throws {
        let r = try lint([
            "lib/cn.yaml": "validators:\n  cn_mobile: {regex: '1[3-9][0-9]{9}'}\n",
            "p.yaml": """
            pack: p
            include: lib/cm.yaml
            fields:
              a: [gb11643, required, cn_mobile]
              d: [{date: {not_after: today}}]

            """,
        ])
        #expect(r.status == 2)
        let errors = r.text.split(separator: "\n").filter { $0.contains(": error: ") }
        #expect(
            errors == [
                """
                R/p.yaml:2:10: error: included file 'lib/cm.yaml' does not exist (looked for 'R/lib/cm.yaml'); did you mean \
                'lib/cn.yaml'?
                """,
                "R/p.yaml:4:7: error: unknown check or validator 'gb11643'; did you mean 'checksum: gb11643'?",
                "R/p.yaml:4:16: error: unknown check or validator 'required'; 'required' is an option of the field, not a check: "
                    + "write the field as {required: false, checks: [...]}",
                "R/p.yaml:4:26: error: unknown check or validator 'cn_mobile'; the validator 'cn_mobile' is defined in lib/cn.yaml: "
                    + "add include: lib/cn.yaml to this file",
                "R/p.yaml:5:26: error: 'today' is not a time Sift knows; write not_after: now (the run's as-of time, --as-of)",
            ])
    }

    @Test func adviceOnPacksAndExamples() throws {
        let r = try lint([
            "a.yaml": """
            pack: a
            fields:
              phone: [{regex: '1[0-9]{10}'}]
            examples:
              - record: {phone: 13800138000}
                valid: true
              - record: {phone: 12}
                reasons: [phone.regex]
              - record: {phone: "1"}
                reasons: [phone.format]

            """,
            "b.yaml": "pack: b\napplies_to: {kind: b}\nfields:\n  x: [not_empty]\n",
        ])
        #expect(r.status == 0)
        #expect(
            r.text == """
                R/a.yaml:1:1: warning: the pack 'a' has no 'applies_to', so it checks every record, also those meant for the other pack; \
                add one such as applies_to: {kind: a}
                pack: a
                ^
                R/a.yaml:5:21: warning: 13800138000 is read as a number here, but the checks of 'phone' expect text; quote it: '13800138000'
                  - record: {phone: 13800138000}
                                    ^
                R/a.yaml:10:15: warning: the example expects 'phone.format', which no rule of this pack reports
                    reasons: [phone.format]
                              ^
                R/b.yaml:1:1: warning: the pack 'b' has no examples: add a valid and an invalid record under 'examples:', so that \
                'sift test' catches a misspelt applies_to or a wrong pattern
                pack: b
                ^

                """)
    }

    /// A threshold on a code no rule reports would never trip: lint says so, with the likely code.
    @Test func thresholdsOnCodesNoRuleReports() throws {
        let r = try lint([
            "a.yaml": """
            pack: a
            fields:
              phone: [{regex: '1[0-9]{10}'}]
            fail_when:
              reasons: {phone.regx: 0, phone.regex: 5}
            warn_when:
              reasons: {phone.required: 1}
            examples:
              - record: {phone: "13800138000"}
                valid: true

            """
        ])
        #expect(r.status == 0)
        #expect(
            r.text == """
                R/a.yaml:5:13: warning: 'fail_when' limits 'phone.regx', which no rule of this pack reports, so the limit never trips; \
                did you mean 'phone.regex'?
                  reasons: {phone.regx: 0, phone.regex: 5}
                            ^

                """)
    }

    @Test func anAlternativeNoExampleReaches() throws {
        let r = try lint([
            "r.yaml": """
            pack: refunds
            applies_to:
              any:
                - {kind: refund}
                - {kind: chargeback}
                - {has: dispute_id}
            fields:
              amount: [{type: number}]
            examples:
              - record: {kind: refund, amount: 1}
                valid: true
              - record: {dispute_id: d1, amount: 1}
                valid: true

            """
        ])
        #expect(r.status == 0)
        #expect(
            r.text == """
                R/r.yaml:5:7: warning: no example reaches the pack through this alternative of applies_to (kind = "chargeback"): \
                add one whose record it selects, so that 'sift test' checks it
                    - {kind: chargeback}
                      ^

                """)
    }
}

/// Lint findings for machines (JSON, SARIF, GitHub annotations) and JUnit reports.
@Suite struct ReportFormatTests {
    static let broken = "pack: t\nfields:\n  phone: [{regex: ^1[0-9]{10}$}]\n"

    @Test func lintAsJSONSARIFAndGitHubAnnotations() throws {
        let path = try SiftProcess.temp("t.yaml", Self.broken)
        let json = try SiftProcess.run(["lint", path, "--format", "json"])
        #expect(json.status == 2)
        #expect(
            json.stdout == #"[{"file":"\#(path)","line":3,"column":19,"severity":"error","message":"the pattern is not in quotes, "#
                + #"so YAML reads its brackets, braces or colons itself; put it in single quotes: regex: '^1[0-9]{10}$'"}]"#
                + "\n")
        let github = try SiftProcess.run(["lint", path, "--format", "github"])
        #expect(github.stdout.hasPrefix("::error file=\(path),line=3,col=19::the pattern is not in quotes"))
        let sarif = try SiftProcess.run(["lint", path, "--format", "sarif"])
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        #expect(doc["version"] as? String == "2.1.0")
        let run = try #require((doc["runs"] as? [[String: Any]])?.first)
        let result = try #require((run["results"] as? [[String: Any]])?.first)
        #expect(result["level"] as? String == "error")
        let location = (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
        #expect((location?["region"] as? [String: Int]) == ["startLine": 3, "startColumn": 19])
        #expect((location?["artifactLocation"] as? [String: String]) == ["uri": path])
        let clean = try SiftProcess.run(["lint", "rules", "--format", "github"])
        #expect(clean.status == 0)
        #expect(clean.stdout == "\n")
    }

    @Test func junitForTestAndRunIsWellFormed() throws {
        let dir = (try SiftProcess.temp("x", "") as NSString).deletingLastPathComponent
        let test = try SiftProcess.run(["test", "rules", "--junit", dir + "/test.xml"])
        #expect(test.status == 0)
        let xml = try String(contentsOfFile: dir + "/test.xml", encoding: .utf8)
        #expect(xml.contains(#"<testsuite name="sift test" tests="117" failures="0" errors="0""#))
        #expect(xml.contains(#"<testcase classname="mobile" name="a number, not text"/>"#))
        let run = try SiftProcess.run([
            "run", "--rules", "rules/mobile.yaml", "samples/mobile.jsonl", "--quiet", "--results", "none",
            "--junit", dir + "/run.xml",
        ])
        #expect(run.status == 1)
        let report = try String(contentsOfFile: dir + "/run.xml", encoding: .utf8)
        #expect(
            report.contains(
                """
                    <testcase classname="packs" name="mobile">
                      <failure message="3 of 6 records invalid">3 of 6 records checked by 'mobile' are invalid</failure>
                    </testcase>
                    <testcase classname="input" name="readable records"/>
                    <testcase classname="reasons" name="phone.regex">
                      <failure message="3 violations">3 violations; most frequent values: 13800138000 (1), 15412345678 (1), \
                １３８００１３８０００ (1)</failure>
                """))
        for file in [dir + "/test.xml", dir + "/run.xml"] {
            let parser = XMLParser(data: try Data(contentsOf: URL(fileURLWithPath: file)))
            #expect(parser.parse(), "\(file) is not well-formed XML")
        }
    }
}

/// `sift lint --lang zh`: the problems authors meet most, in Chinese, names kept as written.
@Suite struct ChineseLintTests {
    @Test func aMisspeltKeyInChinese() throws {
        let path = try SiftProcess.temp("r.yaml", "feilds:\n  a: [{regx: 1}]\n")
        let r = try SiftProcess.run(["lint", path, "--lang", "zh"])
        #expect(r.status == 2)
        #expect(
            r.stderr == """
                \(path):1:1: error: 规则包中有未知的键 'feilds'；是否想写 'fields'？（可用的键：version, pack, \
                description, applies_to, \
                include, validators, null, report, fields, record, examples, fail_when, warn_when, exec_checks, app_store, apple_id_token, receipt, \
                routes, schema）
                feilds:
                ^
                \(path):1:1: error: 规则包 'r' 没有规则：请添加 'fields:' 或以下部分之一：app_store, apple_id_token, receipt, routes, schema
                feilds:
                ^
                sift lint：2 个错误

                """)
    }

    @Test func limitsAndExamplesInChinese() throws {
        let path = try SiftProcess.temp(
            "r.yaml", "fields:\n  a: [{length: {min: 5, max: 2}}]\nexamples:\n  - {record: {a: x}, valid: true, reasons: [a.length]}\n")
        let r = try SiftProcess.run(["lint", path, "--lang", "zh"])
        #expect(r.status == 2)
        #expect(
            r.stderr == """
                \(path):2:22: error: 'length' 的 'min'（5）大于 'max'（2）
                  a: [{length: {min: 5, max: 2}}]
                                     ^
                \(path):4:29: error: 示例不能既写 'valid: true' 又列出原因
                  - {record: {a: x}, valid: true, reasons: [a.length]}
                                            ^
                sift lint：2 个错误

                """)
    }

    /// Each broken file's every problem reads in Chinese: nothing English outside quotes and code.
    @Test(arguments: [
        "fields:\n  a: [{regx: 1}]\n",
        "fields:\n  a: [{regex: {patern: x}}]\n",
        "fields:\n  a: [{length: {min: six}}]\n",
        "fields:\n  a: [{checksum: lunh}]\n",
        "fields:\n  a: [{regex: '([a-z]'}]\n",
        "fields:\n  a: [{regex: '^https://'}]\nexamples: [{record: {a: x}, valid: true}]\n",
        "fields:\n  a: {requird: true, checks: [not_empty]}\n",
        "fields:\n  a: [{use: mobil}]\n",
        "fields:\n  a: [{date: yyyy-mm-dd}]\n",
        "fields:\n  a: [{regex: x, length: {max: 1}}]\n",
        "fields:\n  a: [{when: {length: 1}}]\n",
        "fields:\n  b：[x]\n",
        "fields:\n  a: [not_empty]\n  a: [trimmed]\n",
        "version: 2\nfields:\n  a: [not_empty]\n",
        "fields:\n  a: [{regex: x, reason: 'a b'}]\n",
        "fields:\n  a..b: [not_empty]\n",
        "fields:\n  a: [not_empty]\nexamples:\n  - {record: {a: x}, vaild: true}\n",
        "fields:\n  a: [not_empty]\nexamples:\n  - {record: {a: x}}\n",
        "fields:\n  phone: [{regex: '1[0-9]{10}'}]\nexamples:\n  - {record: {phone: 13800138000}, valid: true}\n",
        "fields:\n\ta: [x]\n",
        "fields:\n  a: [{enum: [x], ignore_case: true}]\n",
        "fields:\n  a: [{all: x}]\n",
        "fields:\n  a: [{use: 5}]\n",
        "fields:\n  a: [{enum: []}]\n",
        "fields:\n  a: [{enum: [[1]]}]\n",
        "fields:\n  a: [{length: {min: 5, max: 2}}]\n",
        "fields:\n  a: [{length: {}}]\n",
        "fields:\n  a: [{range: {}}]\n",
        "fields:\n  a: [{regex: x, message: [1]}]\n",
        "fields:\n  a: {required: 5, checks: [not_empty]}\n",
        "fields:\n  a: [{date: yyyy, not_after: today}]\n",
        "fields:\n  a: [*x]\n",
        "fields:\n  a: [not_empty]\nexamples:\n  - {record: {a: x}, valid: true, reasons: [a.x]}\n",
        "fields:\n  a: [not_empty]\nexamples:\n  - {valid: true}\n",
        "fields:\n  a: [not_empty]\nexamples: 5\n",
        "applies_to: 5\nfields:\n  a: [not_empty]\n",
        "description: [1]\nfields:\n  a: [not_empty]\n",
        "fields:\n  a: [not_empty]\nvalidators: 5\n",
        "fields: {a: [not_empty]}\n---\nfields: {b: [not_empty]}\n",
        "- a\n",
    ])
    func everyProblemInChinese(_ text: String) throws {
        let path = try SiftProcess.temp("r.yaml", text)
        let r = try SiftProcess.run(["lint", path, "--lang", "zh", "--format", "text"])
        let headlines = r.stderr.split(separator: "\n").filter { $0.hasPrefix(path) }.map(String.init)
        #expect(!headlines.isEmpty, "\(r.stderr)")
        for h in headlines {
            let message = String(h.drop { $0 != " " }.dropFirst()).replacingOccurrences(
                of: #"^(error|warning): "#, with: "", options: .regularExpression)
            #expect(ChineseText.isChinese(message), "\(h)")
        }
    }
}

/// The same test of "nothing English left" as the library's, reimplemented here (it is internal there).
enum ChineseText {
    static func isChinese(_ text: String) -> Bool {
        var bare = text
        // Quoted names, code, and lists of names (options, keys, values) are kept as written.
        for pattern in [
            #"'[^']*'"#, #"\{[^}]*\}"#, #"\[[^\]]*\]"#, #"[A-Za-z_]+:[^ ，；）]*"#, #"“[^”]*”"#,
            #"[A-Za-z0-9_.\-]+(, [A-Za-z0-9_.\-]+)+"#,
        ] {
            bare = bare.replacingOccurrences(of: pattern, with: "", options: .regularExpression)
        }
        let allowed: Set<String> = [
            "YAML", "JSON", "UTF", "Sift", "sift", "true", "false", "null", "test", "lint", "mode", "search",
            "rfc", "epoch_ms", "epoch_s", "yyyy", "MM", "dd", "HH", "mm", "ss", "SSS", "regex", "U",
        ]
        let words = bare.split { !($0.isASCII && ($0.isLetter || $0 == "_")) }.map(String.init).filter { $0.count >= 2 }
        return words.allSatisfy(allowed.contains)
    }
}
