import Foundation
import Sift
import SiftFields
import Testing
import SiftTesting

/// The field validators only, so these texts do not change as plugin families are added.
let fieldsOnly: PluginRegistry = {
    var r = PluginRegistry()
    r.registerFieldValidators()
    return r
}()

@Suite struct LoaderErrorTests {
    func errors(_ yaml: String) -> [String] {
        RulesLoader(registry: fieldsOnly).load(text: yaml, file: "r.yaml").diagnostics.map(\.headline)
    }

    @Test func allProblemsComeOutInOnePass() {
        let yaml = """
            fields:
              phone:
                - regx: '^1[0-9]{10}$'
                - regex: {patern: 'a'}
                - length: {min: six}
                - checksum: luhnn
                - regex: '([a-z]'
            """
        #expect(
            errors(yaml) == [
                "r.yaml:3:7: error: unknown check 'regx'; did you mean 'regex'?",
                "r.yaml:4:15: error: unknown option 'patern' for 'regex'; did you mean 'pattern'? (options: pattern, mode, ignore_case, "
                    + "match_limit, depth_limit)",
                "r.yaml:5:21: error: 'min' of 'length' should be a whole number, not the text 'six'",
                "r.yaml:6:17: error: 'checksum' should be one of gb11643, luhn, iban, isbn10, isbn13, gtin, uscc, verhoeff, damm, not the "
                    + "text 'luhnn'; did you mean 'luhn'?",
                "r.yaml:7:14: error: invalid regex '([a-z]': missing closing parenthesis at offset 6",
            ])
    }

    @Test func renderedWithSourceLineAndCaret() {
        let result = RulesLoader(registry: .builtIn()).load(text: "fields:\n  phone:\n    - lenght: {max: 11}\n", file: "r.yaml")
        #expect(
            result.rendered() == """
                r.yaml:3:7: error: unknown check 'lenght'; did you mean 'length'?
                    - lenght: {max: 11}
                      ^
                """)
    }

    @Test func packLevelMistakes() {
        #expect(
            errors("feilds:\n  a: [not_empty]\n") == [
                "r.yaml:1:1: error: unknown key 'feilds' in a rule pack; did you mean 'fields'? (keys: version, pack, description, "
                    + "applies_to, include, validators, null, report, fields, record, examples, fail_when, warn_when, exec_checks)",
                "r.yaml:1:1: error: the pack 'r' has no rules: add 'fields:'",
            ])
        #expect(
            errors("version: 2\nfields:\n  a: [not_empty]\n") == ["r.yaml:1:10: error: this Sift reads rules version 1; found the number 2"]
        )
        #expect(
            errors("fields:\n  a:\n    requird: false\n    checks: [not_empty]\n") == [
                "r.yaml:3:5: error: unknown key 'requird' for field 'a'; did you mean 'required'? (keys: required, null, report, reason, "
                    + "checks, count, unique_in_run, unique_across_runs, description)"
            ])
        #expect(errors("fields:\n  'a..b': [not_empty]\n") == ["r.yaml:2:3: error: invalid field path 'a..b': empty name before '.'"])
    }

    @Test func validatorsAndComposition() {
        #expect(
            errors("validators:\n  mobile: {regex: 'a'}\nfields:\n  a: [use: mobil]\n") == [
                "r.yaml:4:12: error: unknown validator 'mobil'; did you mean 'mobile'?"
            ])
        #expect(
            errors("validators:\n  a: {use: b}\n  b: {use: a}\nfields:\n  x: [use: a]\n").first
                == "r.yaml:3:12: error: validator 'a' uses itself (a → b → a)")
        #expect(errors("fields:\n  a:\n    - when: {length: 7}\n") == ["r.yaml:3:7: error: 'when' needs a 'then' check beside it"])
        #expect(
            errors("fields:\n  a:\n    - {regex: 'a', length: 3}\n") == [
                "r.yaml:3:20: error: one check per list item: found 'regex' and 'length'; put each in its own '- ' item"
            ])
        #expect(
            errors("fields:\n  a:\n    - regex: 'a'\n      message: {en: x, fr: y}\n") == [
                "r.yaml:4:24: error: unknown language 'fr' (languages: en, zh)"
            ])
    }

    @Test func examplesAreChecked() {
        #expect(
            errors("fields:\n  a: [not_empty]\nexamples:\n  - record: {a: x}\n  - {record: {a: ''}, vaild: false}\n") == [
                "r.yaml:4:5: error: say what the example expects: 'valid: true', or 'reasons: [...]'",
                "r.yaml:5:5: error: say what the example expects: 'valid: true', or 'reasons: [...]'",
                "r.yaml:5:23: error: unknown key 'vaild' in an example; did you mean 'valid'? (keys: name, record, json, valid, reasons, "
                    + "route, output, packs)",
            ])
    }
}

@Suite struct IncludeTests {
    let dir: String

    init() throws {
        dir = TemporaryFiles.path("sift-include-")
        try FileManager.default.createDirectory(atPath: dir + "/rules/lib", withIntermediateDirectories: true)
        try "validators:\n  code: {regex: '[A-Z]{3}'}\n".write(toFile: dir + "/rules/lib/common.yaml", atomically: true, encoding: .utf8)
        try "validators:\n  secret: {regex: 'x'}\n".write(toFile: dir + "/outside.yaml", atomically: true, encoding: .utf8)
    }

    func write(_ name: String, _ text: String) throws -> String {
        let path = dir + "/rules/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func includedValidatorsAreUsable() throws {
        let path = try write("p.yaml", "include: lib/common.yaml\nfields:\n  c: [code]\n")
        let result = RulesLoader(registry: .builtIn()).load(path: path)
        let pipeline = try #require(result.pipeline)
        let session = try Session(pipeline: pipeline, asOfMillis: 0)
        #expect(session.validate(json: Array(#"{"c":"ABC"}"#.utf8)).isValid)
        #expect(session.validate(json: Array(#"{"c":"abc"}"#.utf8)).reasons == ["c.regex"])
    }

    @Test func includesMayNotLeaveTheRulesRoot() throws {
        let path = try write("p.yaml", "include: ../outside.yaml\nfields:\n  c: [secret]\n")
        let result = RulesLoader(registry: .builtIn()).load(path: path)
        #expect(result.pipeline == nil)
        #expect(
            result.diagnostics.map(\.headline).first
                == "\(path):1:10: error: include '../outside.yaml' leaves the rules folder '\(dir)/rules'; included files must be inside it "
                + "(shared files: give their folder with --include-root)"
        )
    }

    @Test func includedFilesOnlyDefineValidators() throws {
        _ = try write("lib/bad.yaml", "fields:\n  a: [not_empty]\n")
        let path = try write("p.yaml", "include: lib/bad.yaml\nfields:\n  c: [not_empty]\n")
        let result = RulesLoader(registry: .builtIn()).load(path: path)
        #expect(result.errors.map(\.message) == ["included file 'lib/bad.yaml' may only define validators and includes; it has 'fields'"])
    }

    @Test func aFolderHoldsSeveralPacks() throws {
        _ = try write("a.yaml", "pack: a\napplies_to: {kind: a}\nfields:\n  x: [not_empty]\n")
        _ = try write("b.yaml", "pack: b\napplies_to: {has: y}\nfields:\n  y: [{type: integer}]\n")
        let pipeline = try #require(RulesLoader(registry: .builtIn()).load(path: dir + "/rules").pipeline)
        #expect(pipeline.packs.map(\.name) == ["a", "b"])
        let s = try Session(pipeline: pipeline, asOfMillis: 0)
        #expect(s.validate(json: Array(#"{"kind":"a","x":""}"#.utf8)).reasons == ["x.not_empty"])
        let both = s.validate(json: Array(#"{"kind":"a","x":"1","y":"2"}"#.utf8))
        #expect(both.packs == ["a", "b"])
        #expect(both.reasons == ["y.type"])
        let none = s.validate(json: Array(#"{"kind":"c"}"#.utf8))
        #expect(none.reasons == ["record.no_pack"])
        #expect(!none.isValid)
    }
}
