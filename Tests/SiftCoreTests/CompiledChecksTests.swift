import Foundation
@testable import SiftCore
@testable import SiftFields
import SiftTesting
import Testing
@_spi(Batch) @testable import SiftJSON

/// The fast paths of the fields stage mean exactly what the general ones do: the flat check
/// program reports what the checks' tree reports, `[*]` fields and optional nested fields
/// found without a list of matches say the same, and enum and length shortcuts agree with
/// `String`.
@Suite struct CompiledChecksTests {
    static let yaml = """
        validators:
          code: {regex: 'C[0-9]{3}', message: {en: not a code, zh: 不是代码}}
        fields:
          a:
            required: false
            checks:
              - all: [{length: {max: 4}}, {use: code}]
              - any: [{enum: [NONE, none]}, {use: code, reason: a.other}]
              - not: {enum: [C000, C999]}
                reason: a.reserved
              - when: {field: kind, enum: [gift]}
                then: {regex: 'G.*'}
                else: {any: [{type: string}, {type: number}]}
              - when: {length: {min: 3}}
                then: {not: {regex: '.*9'}}
          items[*].n:
            - type: integer
            - when: {field: .k, enum: [big]}
              then: {range: {min: 10}}
              else: {range: {max: 9}}
        """

    static let values: [String] = [
        #""C123""#, #""C000""#, #""C999""#, #""NONE""#, #""none""#, #""G1""#, #""GC12""#, #""toolong""#, "12", "null", "true",
        #"["C123"]"#, #"{"x":1}"#, #""C12\u0033""#, #""x9""#, #""""#,
    ]

    func pipeline() throws -> Pipeline {
        try #require(RulesLoader(registry: .builtIn()).load(text: Self.yaml, file: "r.yaml").pipeline)
    }

    /// Every check of every rule, on every value, with the condition's field both ways: the
    /// program's failure (reason, message, location) is the tree's.
    @Test func theProgramReportsWhatTheTreeReports() throws {
        let p = try pipeline()
        let rules = try #require(p.packs.first?.fields?.rules)
        #expect(rules.allSatisfy { $0.program != nil })
        // The plugins whose rejections the outcome passes up (under `all` and `when`'s branches) have sites.
        #expect(rules.map { $0.program!.pluginCount } == [3, 3])
        var compared = 0
        for kind in [#""gift""#, #""other""#, "null"] {
            for v in Self.values {
                let doc = try JSONDocument(bytes: Array(#"{"kind":\#(kind),"v":\#(v),"items":[{"k":"big","n":\#(v)}]}"#.utf8))
                let record = doc.root
                var context = EvaluationContext(record: record, asOfMillis: 0)
                context.indices = [0]
                for value in [record["v"]!, record["items"]![0]!["n"]!] {
                    for rule in rules {
                        for (n, check) in rule.checks.enumerated() {
                            let tree = check.evaluate(value, context), program = Self.failure(rule.program!, n, value, context)
                            #expect(tree?.reason == program?.reason, "\(rule.path) check \(n) on \(v), kind \(kind)")
                            #expect(tree?.message == program?.message)
                            #expect(tree?.rule == program?.rule)
                            #expect(tree?.isTypeMismatch == program?.isTypeMismatch)
                            compared += 1
                        }
                    }
                }
            }
        }
        #expect(compared == 3 * Self.values.count * 2 * 7)
    }

    /// The failure the program's outcome for check `n` stands for (a plugin's rejection passed
    /// up is made into its failure, as a site without kept words does).
    static func failure(_ program: CheckProgram, _ n: Int, _ value: JSONValue, _ context: EvaluationContext) -> Failure? {
        switch program.outcome(check: n, value, context) {
        case .passed: nil
        case .failed(let f): f
        case .rejected(let r, let at): program.failure(r, at: at)
        }
    }

    /// The program asks the plugins exactly as often as the tree does (the stub counts every
    /// call and every rejection), through every kind of node, on passing and failing values.
    @Test func theProgramAsksThePluginsAsOftenAsTheTree() throws {
        let calls = CallCounter(), rejections = CallCounter()
        var registry = PluginRegistry.builtIn()
        registry.register(StubPlugins.check(counter: calls, rejections: rejections))
        let yaml = """
            validators:
              s: {stub: [b], message: {en: stubbed, zh: stubbed}}
            fields:
              a:
                - all: [{stub: [x]}, {any: [{stub: [y]}, {use: s, reason: a.s}]}]
                - not: {all: [{stub: [z]}, {when: {stub: [w]}, then: {stub: [v]}, else: {stub: [u]}}]}
                - any: [{not: {stub: [q]}}, {use: s}]
                - when: {field: k, stub: [k1]}
                  then: {stub: [t]}
            """
        let p = try #require(RulesLoader(registry: registry).load(text: yaml, file: "r.yaml").pipeline)
        let rule = try #require(p.packs.first?.fields?.rules.first)
        let program = try #require(rule.program)
        for value in ["x", "y", "b", "z", "w", "v", "u", "q", "t", "ok", "k1"] {
            for k in ["k1", "k2"] {
                let doc = try JSONDocument(bytes: Array(#"{"k":"\#(k)","a":"\#(value)"}"#.utf8))
                let context = EvaluationContext(record: doc.root, asOfMillis: 0)
                let v = doc.root["a"]!
                for n in rule.checks.indices {
                    let (c0, r0) = (calls.count, rejections.count)
                    let tree = rule.checks[n].evaluate(v, context)
                    let (c1, r1) = (calls.count, rejections.count)
                    let compiled = Self.failure(program, n, v, context)
                    #expect(calls.count - c1 == c1 - c0, "calls: check \(n) on \(value), k \(k)")
                    #expect(rejections.count - r1 == r1 - r0, "rejections: check \(n) on \(value), k \(k)")
                    #expect(tree?.reason == compiled?.reason && tree?.message == compiled?.message)
                }
            }
        }
        #expect(calls.count > 100)
    }

    /// A field's `all:` groups (named validators inside too) run as plugins' checks in a row:
    /// each group reports its first failure, the field every group's, a `type:` mismatch once.
    /// The same words come from a batch worker's kept texts, on the first record and the next.
    @Test func allGroupsRunAsStepsAndSayWhatTheTreeSays() throws {
        let yaml = """
            validators:
              code: {regex: 'C[0-9]{3}', message: {en: not a code, zh: 不是代码}}
            fields:
              a:
                - all: [{type: string}, {length: {max: 4}}, {use: code}]
                - all: [{enum: [C123, C999]}, {all: [{regex: 'C1.*'}, not_empty]}]
              b:
                reason: bee
                checks: [{type: string}, {all: [{regex: '[a-z]+'}, {length: {min: 2}}]}, {use: code}]
              c:
                report: first
                checks: [{all: [{length: {max: 2}}, {regex: 'x+'}]}, {enum: [xx]}]
            """
        let p = try #require(RulesLoader(registry: .builtIn()).load(text: yaml, file: "r.yaml").pipeline)
        let rules = try #require(p.packs.first?.fields?.rules)
        #expect(rules.map { $0.steps?.count } == [6, 4, 3])
        #expect(rules.allSatisfy { $0.program == nil })
        let records = [
            #"{"a":"C123","b":"ab","c":"xx"}"#, #"{"a":"C12345","b":"a","c":"xxx"}"#, #"{"a":7,"b":7,"c":7}"#,
            #"{"a":"C999","b":"C123","c":"y"}"#, #"{"a":"X","b":"","c":""}"#,
        ]
        let expected = [
            "b bee.regex not a code",
            "a a.length is 6 characters long; must be at most 4, a a.enum must be one of: C123, C999, "
                + "b bee.length is 1 characters long; must be at least 2, b bee.regex not a code, c c.length is 3 characters long; must be at most 2",
            "a a.type is a number; must be string, a a.enum must be one of: C123, C999, b bee.type is a number; must be string, "
                + "c c.length expected a string or an array, got a number",
            "a a.regex does not match the required format, b bee.regex does not match the required format, c c.regex does not match the required format",
            "a a.regex not a code, a a.enum must be one of: C123, C999, b bee.regex does not match the required format, b bee.regex not a code, "
                + "c c.regex does not match the required format",
        ]
        func said(_ v: RecordVerdict) -> String {
            v.violations.map { "\($0.field) \($0.reason) \($0.message.en)" }.joined(separator: ", ")
        }
        let session = try Session(pipeline: p, asOfMillis: 0)
        #expect(records.map { said(session.validate(json: Array($0.utf8))) } == expected)
        // A batch worker keeps the words per site: twice over, the same words.
        let texts = ViolationTexts(sites: p.siteRange)
        for record in records + records {
            let doc = try JSONDocument(bytes: Array(record.utf8))
            var context = EvaluationContext(record: doc.root, asOfMillis: 0)
            context.texts = texts
            var verdict = RecordVerdict()
            p.evaluate(doc.root, context: context, into: &verdict)
            #expect(said(verdict) == expected[records.firstIndex(of: record)!], "\(record)")
        }
    }

    func lines(_ records: [String]) throws -> [String] {
        let session = try Session(pipeline: try pipeline(), asOfMillis: 0)
        return records.map { json in
            let v = session.validate(json: Array(json.utf8))
            return v.violations.map { "\($0.field) \($0.reason)" }.joined(separator: ", ")
        }
    }

    /// `[*]` with every element holding the field is checked element by element; one element
    /// without it (or not an object, or null) sends the whole field down the general walk, which
    /// says the same for the others: the same reasons at the same positions, in order.
    @Test func everyElementHasItsPositionWhicheverPathChecksIt() throws {
        #expect(
            try lines([
                #"{"items":[{"n":1},{"n":2.5},{"n":12,"k":"big"},{"n":3,"k":"big"}]}"#,
                #"{"items":[{"n":1},{"n":2.5},{"k":"big"},{"n":3,"k":"big"}]}"#,
                #"{"items":[{"n":1},{"n":2.5},"x",{"n":null},{"n":3,"k":"big"}]}"#,
                #"{"items":[]}"#,
                #"{"items":{"n":1}}"#,
            ]) == [
                "items[1].n items[*].n.type, items[3].n items[*].n.range",
                "items[1].n items[*].n.type, items[2].n items[*].n.required, items[3].n items[*].n.range",
                "items[1].n items[*].n.type, items[2].n items[*].n.required, items[3].n items[*].n.required, items[4].n items[*].n.range",
                "",
                "items[*].n items[*].n.required",
            ])
    }

    /// An optional field whose parent is missing, null or not an object is simply absent.
    @Test func anOptionalNestedFieldWithoutItsParentIsAbsent() throws {
        let yaml = "fields:\n  p.q:\n    required: false\n    checks: [{regex: 'x'}]\n  r.s: [{regex: 'x'}]\n"
        let p = try #require(RulesLoader(registry: .builtIn()).load(text: yaml, file: "r.yaml").pipeline)
        let session = try Session(pipeline: p, asOfMillis: 0)
        for json in [#"{"r":{"s":"x"}}"#, #"{"p":null,"r":{"s":"x"}}"#, #"{"p":[1],"r":{"s":"x"}}"#, #"{"p":{"q":null},"r":{"s":"x"}}"#] {
            #expect(session.validate(json: Array(json.utf8)).isValid, "\(json)")
        }
        let v = session.validate(json: Array(#"{"p":{"q":"y"},"r":"s"}"#.utf8))
        #expect(
            v.violations.map { "\($0.field) \($0.reason) \($0.message.en)" } == [
                "p.q p.q.regex does not match the required format",
                "r.s r.s.required is required but missing (r is a string, not an object)",
            ])
    }

    /// `enum` over many ASCII texts compares bytes through a hash table: members, near misses,
    /// escaped members, and non-ASCII values (compared as `String`, by Unicode's rules).
    @Test func enumOfManyTextsFindsExactlyItsMembers() throws {
        let countries = (0..<50).map { "C\($0)" }
        let yaml = "fields:\n  c: [{enum: [\(countries.joined(separator: ", ")), K]}]\n"
        let p = try #require(RulesLoader(registry: .builtIn()).load(text: yaml, file: "r.yaml").pipeline)
        let session = try Session(pipeline: p, asOfMillis: 0)
        func valid(_ c: String) -> Bool { session.validate(json: Array(#"{"c":\#(c)}"#.utf8)).isValid }
        for c in countries + ["K"] { #expect(valid("\"\(c)\""), "\(c)") }
        for c in ["C50", "C", "c1", "C1 ", "", "KK", "C001", "\\u212A\\u212A"] { #expect(!valid("\"\(c)\""), "\(c)") }
        #expect(valid(#""\u0043\u0031""#))
        #expect(valid(#""\u212A""#))  // KELVIN SIGN is "K" to Unicode (and to `String`)
        #expect(!valid("1") && !valid("null"))
        #expect(ByteTextSet(["é"]) == nil)
    }

    /// Graphemes of ASCII text are its bytes, but CR LF is one.
    @Test func graphemesOfASCIITextAndCRLF() throws {
        let yaml = "fields:\n  t: [{length: {max: 3, unit: graphemes}}]\n"
        let p = try #require(RulesLoader(registry: .builtIn()).load(text: yaml, file: "r.yaml").pipeline)
        let session = try Session(pipeline: p, asOfMillis: 0)
        func valid(_ t: String) -> Bool { session.validate(json: Array(#"{"t":\#(t)}"#.utf8)).isValid }
        #expect(valid(#""abc""#) && !valid(#""abcd""#))
        #expect(valid(#""a\r\nb""#) && !valid(#""a\r\nbc""#) && !valid(#""a\n\nb""#))
        #expect(valid(#""e\u0301e\u0301e\u0301""#) && !valid(#""e\u0301e\u0301e\u0301e""#))
    }
}
