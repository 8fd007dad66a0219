import Foundation
import Testing
import SiftTesting

/// Rules that mean what their authors meant (null vs missing, first failure per field,
/// conditional requirements, relative conditions, selectors by value, type messages),
/// checked through the real `sift` binary with exact output.
@Suite struct RuleSemanticsTests {
    /// Runs `sift run` over `records` (JSON lines) with the pack `yaml`; returns the result lines.
    func run(_ yaml: String, _ records: String, _ extra: [String] = []) throws -> [String] {
        let rules = try SiftProcess.temp("p.yaml", yaml)
        let r = try SiftProcess.run(["run", "--rules", rules, "--quiet"] + extra, stdin: records)
        #expect(r.stderr == "")
        return r.stdout.split(separator: "\n").map { line in
            // The rule location is a temporary path: keep line:col only.
            String(line).replacingOccurrences(of: rules, with: "p.yaml")
        }
    }

    @Test func nullIsMissingByDefaultAndAValueWhenTheAuthorSaysSo() throws {
        let yaml = """
            pack: p
            fields:
              nickname: {required: false, checks: [{type: string}]}
              bio: {required: false, null: value, checks: [{type: string}]}
              email: {null: value, checks: [{type: [string, "null"]}]}
            """
        let lines = try run(yaml, #"{"nickname":null,"bio":null,"email":null}"# + "\n" + #"{"bio":"x"}"# + "\n")
        #expect(
            lines == [
                #"{"source":"-","line":1,"valid":false,"packs":["p"],"violations":[{"field":"bio","reason":"bio.type","#
                    + #""message":"is null; must be string","value":"null","rule":"p.yaml:4:49"}]}"#,
                #"{"source":"-","line":2,"valid":false,"packs":["p"],"violations":[{"field":"email","reason":"email.required","#
                    + #""message":"is required but missing","rule":"p.yaml:5:3"}]}"#,
            ])
    }

    @Test func packLevelNullAndReportDefaults() throws {
        let yaml = """
            pack: p
            null: value
            report: first
            fields:
              phone: [{length: {min: 11}}, {regex: '1[0-9]{10}'}]
              code: {report: all, checks: [{length: {min: 3}}, {regex: '[A-Z]+'}]}
            """
        let lines = try run(yaml, #"{"phone":"12","code":"1"}"# + "\n" + #"{"phone":null,"code":"ABC"}"# + "\n")
        #expect(
            lines == [
                #"{"source":"-","line":1,"valid":false,"packs":["p"],"violations":[{"field":"phone","reason":"phone.length","#
                    + #""message":"is 2 characters long; must be at least 11","value":"12","rule":"p.yaml:5:12"},"#
                    + #"{"field":"code","reason":"code.length","message":"is 1 characters long; must be at least 3","value":"1","#
                    + #""rule":"p.yaml:6:33"},{"field":"code","reason":"code.regex","message":"does not match the required format","#
                    + #""value":"1","rule":"p.yaml:6:53"}]}"#,
                #"{"source":"-","line":2,"valid":false,"packs":["p"],"violations":[{"field":"phone","reason":"phone.length","#
                    + #""message":"expected a string or an array, got null","value":"null","rule":"p.yaml:5:12"}]}"#,
            ])
    }

    @Test func conditionalRequirementAndExplain() throws {
        let yaml = """
            pack: p
            fields:
              refund_email:
                required: {when: {field: category, enum: [ecommerce]}}
                checks: [{regex: '[^@]+@[^@]+'}]
            """
        let lines = try run(
            yaml,
            """
            {"category":"ecommerce"}
            {"category":"games"}
            {"category":"ecommerce","refund_email":"a@b"}
            {"category":"games","refund_email":"nope"}

            """)
        #expect(
            lines == [
                #"{"source":"-","line":1,"valid":false,"packs":["p"],"violations":[{"field":"refund_email","#
                    + #""reason":"refund_email.required","message":"is required but missing (required when: field category must be one "#
                    + #"of: ecommerce)","rule":"p.yaml:3:3"}]}"#,
                #"{"source":"-","line":2,"valid":true,"packs":["p"],"violations":[]}"#,
                #"{"source":"-","line":3,"valid":true,"packs":["p"],"violations":[]}"#,
                #"{"source":"-","line":4,"valid":false,"packs":["p"],"violations":[{"field":"refund_email","reason":"refund_email.regex","#
                    + #""message":"does not match the required format","value":"nope","rule":"p.yaml:5:15"}]}"#,
            ])
        let rules = try SiftProcess.temp("p.yaml", yaml)
        let explain = try SiftProcess.run(["explain", rules])
        #expect(
            explain.stdout.contains(
                "field refund_email (required when: field category must be one of: ecommerce) [refund_email.required when missing]\n"))
        let zh = try SiftProcess.run(["explain", rules, "--lang", "zh"])
        #expect(
            zh.stdout.contains(
                "字段 refund_email（必填条件：字段 category 必须是以下之一：ecommerce）"
                    + "[缺失时 refund_email.required]\n"))
        let optional = try SiftProcess.run([
            "explain", try SiftProcess.temp("o.yaml", "pack: o\nfields:\n  a: {required: false, checks: [not_empty]}\n"),
        ])
        #expect(optional.stdout.contains("field a (optional: not checked when missing)\n"))
        #expect(!optional.stdout.contains("a.required"))
    }

    @Test func conditionsOnTheFieldBesideInTheSameElement() throws {
        let yaml = """
            pack: p
            fields:
              items[*].refund_email:
                required: {when: {field: .kind, enum: [ecommerce]}}
              items[*].code:
                required: false
                checks:
                  - when: {field: .kind, enum: [games]}
                    then: {regex: 'G-[0-9]+'}
            """
        let lines = try run(
            yaml,
            #"{"items":[{"kind":"ecommerce"},{"kind":"games","code":"X"},{"kind":"ecommerce","refund_email":"a@b"},"#
                + #"{"kind":"toys","code":"X"}]}"#
                + "\n")
        #expect(
            lines == [
                #"{"source":"-","line":1,"valid":false,"packs":["p"],"violations":[{"field":"items[0].refund_email","#
                    + #""reason":"items[*].refund_email.required","message":"is required but missing (required when: field .kind must be "#
                    + #"one of: ecommerce)","rule":"p.yaml:3:3"},{"field":"items[1].code","reason":"items[*].code.regex","#
                    + #""message":"does not match the required format","value":"X","rule":"p.yaml:9:16"}]}"#
            ])
    }

    @Test func aStarInAConditionIsAnError() throws {
        let rules = try SiftProcess.temp(
            "p.yaml",
            """
            pack: p
            fields:
              items[*].code:
                - when: {field: 'items[*].kind', enum: [games]}
                  then: not_empty
              top:
                required: {when: {enum: [x]}}
            """)
        let r = try SiftProcess.run(["lint", rules])
        #expect(r.status == 2)
        let text = r.stderr.replacingOccurrences(of: rules, with: "p.yaml")
        #expect(
            text.contains(
                """
                p.yaml:4:21: error: a condition reads one value, and '[*]' in 'items[*].kind' would mean element 0 only; \
                for the field beside 'items[*].code' in the same element, write '.kind'
                """))
        #expect(
            text.contains(
                """
                p.yaml:7:22: error: 'required: {when: ...}' is about another field: add 'field:', as in {when: {field: category, enum: \
                [ecommerce]}}
                """))
    }

    @Test func selectorsCompareNumbersByValueAndMayBeNegated() throws {
        let yaml = """
            pack: p
            applies_to: {v: 1, not: {country: CN}}
            fields:
              a: [not_empty]
            """
        let lines = try run(
            yaml,
            """
            {"v":1.0}
            {"v":1e0}
            {"v":1,"country":"CN"}
            {"v":2}

            """)
        #expect(lines.map { $0.contains(#""packs":["p"]"#) } == [true, true, false, false])
        #expect(lines[0].contains(#""reason":"a.required""#))
    }

    @Test func aWrongTypeKeepsItsMessageUnderACustomOne() throws {
        let yaml = """
            pack: p
            fields:
              phone: [{regex: '1[0-9]{10}', message: 'is not a mobile number'}]
            """
        let lines = try run(yaml, #"{"phone":13800138000}"# + "\n" + #"{"phone":"1"}"# + "\n")
        #expect(lines[0].contains(#""message":"expected a string, got a number""#))
        #expect(lines[1].contains(#""message":"is not a mobile number""#))
    }

    /// A field that asks for a type (`type:` among its checks) reports a wrong-type value once, as
    /// `<field>.type`: the checks that cannot read it do not repeat it under their own codes.
    @Test func aFieldWithATypeCheckReportsAWrongTypeOnceAsType() throws {
        let yaml = """
            pack: p
            report: first
            fields:
              phone: {report: all, checks: [{regex: '1[0-9]{10}', message: 'is not a mobile number'}, {type: string}, {length: 11}]}
              code: [{regex: '[A-Z]+'}, {type: string}]
              tag: [{type: [string, number]}, {regex: '[a-z]+'}]
            """
        let lines = try run(yaml, #"{"phone":13800138000,"code":5,"tag":7}"# + "\n" + #"{"phone":"1","code":"A","tag":"x"}"# + "\n")
        #expect(
            lines == [
                #"{"source":"-","line":1,"valid":false,"packs":["p"],"violations":[{"field":"phone","reason":"phone.type","#
                    + #""message":"is a number; must be string","value":"13800138000","rule":"p.yaml:4:92"},"#
                    + #"{"field":"code","reason":"code.type","message":"is a number; must be string","value":"5","rule":"p.yaml:5:30"},"#
                    + #"{"field":"tag","reason":"tag.regex","message":"expected a string, got a number","value":"7","#
                    + #""rule":"p.yaml:6:36"}]}"#,
                #"{"source":"-","line":2,"valid":false,"packs":["p"],"violations":[{"field":"phone","reason":"phone.regex","#
                    + #""message":"is not a mobile number","value":"1","rule":"p.yaml:4:34"},"#
                    + #"{"field":"phone","reason":"phone.length","message":"is 1 characters long; must be exactly 11","value":"1","#
                    + #""rule":"p.yaml:4:108"}]}"#,
            ])
    }

    @Test func integersAreEveryWholeNumberAndYearZeroIsNoDate() throws {
        let yaml = """
            pack: p
            fields:
              n: [{type: integer}]
              d: {required: false, checks: [{date: yyyyMMdd}]}
            """
        let lines = try run(
            yaml,
            """
            {"n":1e16}
            {"n":99999999999999999999}
            {"n":2.50e1}
            {"n":-0.0}
            {"n":1.5}
            {"n":1e-1}
            {"n":1,"d":"00000101"}

            """)
        #expect(lines.map { $0.contains(#""valid":true"#) } == [true, true, true, true, false, false, false])
        #expect(lines[6].contains(#""reason":"d.date""#))
    }

    /// A length check's words name each value's own length, in the language asked for, also
    /// when a worker keeps the words it made for lengths it met before (5, 6, then 5 again; 7
    /// items, then 7 characters).
    @Test func lengthWordsNameEachValuesOwnLength() throws {
        let yaml = """
            pack: p
            fields:
              a: [{length: {min: 2, max: 4}}]
              b: {required: false, checks: [{length: 3}]}
            """
        let records = [
            #"{"a":"12345"}"#, #"{"a":"123456"}"#, #"{"a":"12345"}"#, #"{"a":[1,2,3,4,5,6,7]}"#, #"{"a":"1234567"}"#,
            #"{"b":"12","a":"1"}"#,
        ]
        let input = records.joined(separator: "\n") + "\n"
        func line(_ n: Int, _ a: String, _ value: String, _ b: String? = nil) -> String {
            #"{"source":"-","line":\#(n),"valid":false,"packs":["p"],"violations":[{"field":"a","reason":"a.length","#
                + #""message":"\#(a)","value":"\#(value)","rule":"p.yaml:3:8"}"#
                + (b.map { #",{"field":"b","reason":"b.length","message":"\#($0)","value":"12","rule":"p.yaml:4:34"}"# } ?? "")
                + "]}"
        }
        // Each line's value and its words in English and Chinese (the last line has a second field).
        let expected: [(value: String, en: String, zh: String)] = [
            ("12345", "is 5 characters long; must be at most 4", "长度为 5 个字符，最多为 4"),
            ("123456", "is 6 characters long; must be at most 4", "长度为 6 个字符，最多为 4"),
            ("12345", "is 5 characters long; must be at most 4", "长度为 5 个字符，最多为 4"),
            ("[1,2,3,4,5,6,7]", "is 7 items long; must be at most 4", "长度为 7 项，最多为 4"),
            ("1234567", "is 7 characters long; must be at most 4", "长度为 7 个字符，最多为 4"),
            ("1", "is 1 characters long; must be at least 2", "长度为 1 个字符，至少应为 2"),
        ]
        let b = (en: "is 2 characters long; must be exactly 3", zh: "长度为 2 个字符，必须为 3")
        let english = try run(yaml, input), chinese = try run(yaml, input, ["--lang", "zh"])
        #expect(english == expected.enumerated().map { line($0 + 1, $1.en, $1.value, $0 == 5 ? b.en : nil) })
        #expect(chinese == expected.enumerated().map { line($0 + 1, $1.zh, $1.value, $0 == 5 ? b.zh : nil) })
    }
}

/// `sift test`: examples that assert routes and stage outputs, and examples checked by every pack.
@Suite struct ExampleAssertionTests {
    func folder(_ files: [String: String]) throws -> String {
        let dir = TemporaryFiles.path("sift-ex-")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for (name, text) in files { try text.write(toFile: dir + "/" + name, atomically: true, encoding: .utf8) }
        return dir
    }

    @Test func examplesAssertTheRouteAndItsParameters() throws {
        let dir = try folder([
            "links.yaml": """
            pack: links
            applies_to: {has: url}
            routes:
              schemes: [deeplink]
              table:
                - {path: 'videos/:id(int)', to: video.detail}
            examples:
              - record: {url: "deeplink://videos/42"}
                valid: true
                route: {destination: video.detail, params: {id: 42}}
              - name: wrong expectation
                record: {url: "deeplink://videos/7"}
                valid: true
                route: {destination: video.detail, params: {id: 8}}

            """
        ])
        let r = try SiftProcess.run(["test", dir])
        #expect(r.status == 1)
        #expect(
            r.stdout.replacingOccurrences(of: dir, with: "R") == """
                R/links.yaml:11:5: error: example 'wrong expectation' in pack 'links' failed
                  expected: valid
                  actual:   valid
                  expected route: {"destination":"video.detail","params":{"id":8}}
                  actual route:   {"destination":"video.detail","pattern":"videos/:id(int)","kind":"scheme","params":{"id":7},"query":{},\
                "raw_query":null,"fragment":null}
                sift test: 2 examples, 1 passed, 1 failed

                """)
    }

    @Test func examplesCheckedByEveryPack() throws {
        let dir = try folder([
            "a.yaml": """
            pack: a
            fields: {phone: [{regex: '1[0-9]{10}'}]}
            examples:
              - record: {phone: "13800138000", email: "x"}
                valid: true
              - record: {phone: "13800138000", email: "x"}
                packs: all
                reasons: [email.regex]

            """,
            "b.yaml": "pack: b\nfields: {email: [{regex: '[^@]+@[^@]+'}]}\n",
        ])
        let own = try SiftProcess.run(["test", dir])
        #expect(own.status == 0)
        #expect(own.stdout == "sift test: 2 examples, 2 passed, 0 failed\n")
        let all = try SiftProcess.run(["test", dir, "--all-packs"])
        #expect(all.status == 1)
        #expect(all.stdout.hasSuffix("sift test: 2 examples, 1 passed, 1 failed\n"))
    }
}

@Suite struct AASAOptionTests {
    @Test func runTakesAnAASAFileOnTheCommandLine() throws {
        let aasa = try SiftProcess.temp(
            "aasa.json", #"{"applinks":{"details":[{"appID":"T.com.example.app","paths":["NOT /videos/private/*","/videos/*"]}]}}"#)
        let links = #"{"url":"https://example.com/videos/42"}"# + "\n" + #"{"url":"https://example.com/account"}"# + "\n"
        let plain = try SiftProcess.run(["run", "--rules", "rules/deeplinks.yaml", "--quiet", "--results", "invalid"], stdin: links)
        #expect(plain.status == 0)
        let r = try SiftProcess.run(
            ["run", "--rules", "rules/deeplinks.yaml", "--quiet", "--results", "invalid", "--aasa", aasa], stdin: links)
        #expect(r.status == 1)
        #expect(r.stdout.contains(#""line":2,"valid":false"#))
        #expect(
            r.stdout.contains(
                #""reason":"route.not_associated","message":"the AASA file does not open /account in the app (no pattern matches)""#))
        let missing = try SiftProcess.run(["run", "--rules", "rules/deeplinks.yaml", "--aasa", "/no/such.json"], stdin: links)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("error: cannot read the AASA file '/no/such.json' (--aasa)"))
    }
}

/// `--lang zh` covers the run and test summaries, failed examples and unreadable records.
@Suite struct ChineseOutputTests {
    @Test func runAndTestSpeakChinese() throws {
        let rules = try SiftProcess.temp(
            "r.yaml",
            """
            pack: p
            fields:
              a: [{enum: [x], message: {en: must be x, zh: 必须是 x}}]
            examples:
              - {name: 错的示例, record: {a: y}, valid: true}
            """)
        let run = try SiftProcess.run(
            ["run", "--rules", rules, "-", "--lang", "zh", "--results", "invalid"], stdin: "{\"a\":\"y\"}\n[1]\n{\"a\":\n")
        #expect(
            run.stdout.split(separator: "\n").map(String.init) == [
                #"{"source":"-","line":1,"valid":false,"packs":["p"],"violations":[{"field":"a","reason":"a.enum","message":"必须是 x","#
                    + #""value":"y","rule":"\#(rules):3:8"}]}"#,
                #"{"source":"-","line":2,"valid":false,"error":{"reason":"input.not_object","message":"记录必须是 JSON 对象"}}"#,
                #"{"source":"-","line":3,"valid":false,"error":{"reason":"input.malformed_json","#
                    + #""message":"第 6 字节处输入意外结束"}}"#,
            ])
        let summary = run.stderr.replacingOccurrences(
            of: #"用时 [0-9.]+ 秒，每秒 [0-9]+ 条"#, with: "T", options: .regularExpression)
        #expect(
            summary == """
                sift：共 3 条记录，有效 0 条，无效 3 条（无法读取 2 条），T
                  1\ta.enum
                  1\tinput.malformed_json
                  1\tinput.not_object

                """)
        let test = try SiftProcess.run(["test", rules, "--lang", "zh"])
        #expect(
            test.stdout == """
                \(rules):5:5: error: 规则包 'p' 的示例 '错的示例'未通过
                  预期：有效
                  实际：无效，原因 [a.enum]
                    a: a.enum: 必须是 x
                sift test：共 1 个示例，通过 0 个，失败 1 个

                """)
    }

    /// Every message the JSON reader gives, in Chinese with no English left in it (but JSON's own words).
    @Test(arguments: [
        "{", "{\"a\"}", "{\"a\":1,}", "{1:2}", "[1 2]", "{\"a\":tru}", "{\"a\":01}", "{\"a\":1.}", "{\"a\":\"\\x\"}",
        "{\"a\":\"\\u12\"}", "{\"a\":\"\\udc00\"}", "{\"a\":\"b\u{01}\"}", "{} x", "{\"a\":\"b", "{\"a\":@}",
        String(repeating: "[", count: 600),
    ])
    func everyReaderMessageInChinese(_ text: String) throws {
        let r = try SiftProcess.run(["run", "--rules", "rules/mobile.yaml", "-", "--lang", "zh", "--quiet"], stdin: text + "\n")
        let message = try #require(r.stdout.firstMatch(of: /"message":"([^"]*)"/)?.1)
        #expect(
            message.firstMatch(of: /[A-Za-z]{3,}/).map { ["JSON", "UTF", "true", "false", "null"].contains(String($0.0)) } ?? true,
            "\(message)")
    }

}
