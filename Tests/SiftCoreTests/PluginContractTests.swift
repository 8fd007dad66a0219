import Sift
import SiftFields
import SiftTesting
import Testing
import SiftTools

/// Third-party plugins plug in through the same public registry as the built-ins.
@Suite struct PluginContractTests {
    func registry(_ counter: CallCounter) -> PluginRegistry {
        var r = PluginRegistry()
        r.registerFieldValidators()
        r.register(StubPlugins.check(counter: counter))
        r.register(StubPlugins.section())
        return r
    }

    @Test func aRegisteredCheckIsValidatedAgainstItsSpecAndRuns() throws {
        let counter = CallCounter()
        let bad = RulesLoader(registry: registry(counter)).load(text: "fields:\n  a: [stub: {rejct: [x]}]\n", file: "r.yaml")
        #expect(
            bad.diagnostics.map(\.headline).first
                == "r.yaml:2:14: error: unknown option 'rejct' for 'stub'; did you mean 'reject'? (options: reject, detail)")
        let p = try #require(
            RulesLoader(registry: registry(counter)).load(
                text: "fields:\n  a: [stub: [x, y]]\n  b: [{stub: {reject: [z], detail: true}}]\n", file: "r.yaml"
            ).pipeline)
        let s = try Session(pipeline: p, asOfMillis: 0)
        #expect(s.validate(json: Array(#"{"a":"x","b":"z"}"#.utf8)).reasons == ["a.stub", "b.stub.stub"])
        #expect(s.validate(json: Array(#"{"a":"q","b":"q"}"#.utf8)).isValid)
        #expect(counter.count == 4)
    }

    @Test func allStopsAtTheFirstFailure() throws {
        let counter = CallCounter()
        let p = try #require(
            RulesLoader(registry: registry(counter)).load(
                text: "fields:\n  a:\n    - all: [{length: {max: 1}}, {stub: [x]}]\n", file: "r.yaml"
            ).pipeline)
        _ = try Session(pipeline: p, asOfMillis: 0).validate(json: Array(#"{"a":"long"}"#.utf8))
        #expect(counter.count == 0)
        _ = try Session(pipeline: p, asOfMillis: 0).validate(json: Array(#"{"a":"x"}"#.utf8))
        #expect(counter.count == 1)
    }

    @Test func conditionsNeverBuildAFailure() throws {
        var r = PluginRegistry()
        r.registerFieldValidators()
        let calls = CallCounter(), rejections = CallCounter()
        r.register(StubPlugins.check(counter: calls, rejections: rejections))
        let yaml = """
            fields:
              a:
                - when: {stub: [x]}
                  then: {length: {max: 1}}
                - not: {stub: [y]}
              b:
                required: {when: {field: a, stub: [z]}}
            """
        let p = try #require(RulesLoader(registry: r).load(text: yaml, file: "r.yaml").pipeline)
        let s = try Session(pipeline: p, asOfMillis: 0)
        // The stub fails 'x' in the when-condition, 'y' inside not:, 'z' in b's required-condition.
        #expect(s.validate(json: Array(#"{"a":"x"}"#.utf8)).reasons == ["a.not", "b.required"])
        #expect(s.validate(json: Array(#"{"a":"y"}"#.utf8)).reasons == ["b.required"])
        #expect(s.validate(json: Array(#"{"a":"z"}"#.utf8)).reasons == ["a.not"])
        #expect(calls.count == 9)
        #expect(rejections.count == 0)
    }

    @Test func aRegisteredSectionIsAPackKeyWithItsOwnOutput() throws {
        let r = registry(CallCounter())
        let typo = RulesLoader(registry: r).load(text: "stub_sectoin: {}\n", file: "r.yaml")
        #expect(
            typo.diagnostics.map(\.headline).first?.hasPrefix(
                "r.yaml:1:1: error: unknown key 'stub_sectoin' in a rule pack; did you mean 'stub_section'?") == true)
        let p = try #require(RulesLoader(registry: r).load(text: "stub_section: {note: hi}\n", file: "r.yaml").pipeline)
        let v = try Session(pipeline: p, asOfMillis: 0).validate(json: Array(#"{"flag":true}"#.utf8))
        #expect(v.reasons == ["stub_section.flagged"])
        #expect(v.output.map(\.key) == ["stub_section"])
        #expect(
            SchemaGenerator.schema(for: r).contains(
                #""stub_section":{"type":"object","description":"A test double: flags records with flag = true.""#))
    }
}

/// Every built-in check keeps the contract third-party plugins are held to (SiftTesting's kit).
@Suite struct BuiltInChecksConform {
    static let samples = [
        #""13800138000""#, #""11010519491231002X""#, #""2026-02-30""#, #""2026-11-20""#, #""ios""#,
        #""4111111111111111""#, #""978-0-306-40615-7""#, "12", "3.0",
    ]

    @Test(arguments: PluginRegistry.builtIn().checks.keys.sorted())
    func conforms(_ kind: String) throws {
        let plugin = try #require(PluginRegistry.builtIn().checks[kind])
        #expect(PluginConformance.problems(of: plugin, values: Self.samples, registry: .builtIn()) == [])
    }

    @Test func aBrokenPluginIsCaught() {
        // passes(_:in:) says the opposite of check(_:in:), the summary is empty, an option has no doc.
        struct Liar: ValueCheck {
            func check(_ value: JSONValue, in context: EvaluationContext) -> Rejection? { Rejection(LocalizedText(en: "no", zh: "")) }
            func passes(_ value: JSONValue, in context: EvaluationContext) -> Bool { true }
            func explain(_ language: Language) -> String { "anything" }
        }
        let plugin = CheckPlugin(
            spec: PluginSpec(
                kind: "liar", summary: "", options: [PluginSpec.Option("x", .string, doc: "")],
                examples: ["liar: {}"]),
            make: { _, _ in Liar() })
        let problems = PluginConformance.problems(of: plugin, values: [])
        #expect(problems.contains("'liar' has no summary"))
        #expect(problems.contains("the option 'x' of 'liar' has no doc"))
        #expect(problems.contains(#"'liar: {}' on "a": passes(_:in:) and check(_:in:) disagree (check says fail)"#))
        #expect(problems.contains(#"'liar: {}' on "a": a failure without a message"#))
    }
}
