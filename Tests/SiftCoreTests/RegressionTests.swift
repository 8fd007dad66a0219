import Foundation
import Sift
import SiftBatch
import SiftFields
import Testing
import SiftTesting
import SiftTools
import SiftConfig

/// Problems found by trying Sift as a new user and by review, kept fixed.
@Suite struct LoaderRegressionTests {
    func errors(_ yaml: String) -> [String] {
        RulesLoader(registry: fieldsOnly).load(text: yaml, file: "r.yaml").diagnostics.map(\.headline)
    }

    @Test func rulesThatCanNeverPassAreErrors() {
        #expect(errors("fields:\n  a: [length: -1]\n") == ["r.yaml:2:15: error: 'length' cannot be negative"])
        #expect(errors("fields:\n  a: [length: {min: -5}]\n") == ["r.yaml:2:21: error: 'length' cannot be negative"])
        #expect(errors("fields:\n  a: [any: []]\n") == ["r.yaml:2:12: error: 'any' needs at least one check"])
        #expect(errors("fields:\n  a: [all: []]\n") == ["r.yaml:2:12: error: 'all' needs at least one check"])
        #expect(
            errors("fields:\n  a:\n    - when: {field: 'x..y', enum: [CN]}\n      then: not_empty\n") == [
                "r.yaml:3:21: error: invalid field path 'x..y': empty name before '.'"
            ])
    }

    @Test func helpfulHints() {
        #expect(
            errors("fields:\n  a:\n    - regex: 'x'\n      ignore_case: true\n") == [
                "r.yaml:4:7: error: 'ignore_case' is an option of 'regex': put it inside, as regex: {pattern: ..., ignore_case: ...}"
            ])
        #expect(
            errors("fields:\n  a:\n    - when: {length: 7}\n      then: not_empty\n      esle: trimmed\n") == [
                "r.yaml:5:7: error: unknown check 'esle'; did you mean 'else'?"
            ])
        #expect(errors("fields:\n  a:\n    - trimmed:\n") == [])
        // A layout off only by the case of a letter gets the one meant (issue 60); any other gets the letters there are.
        #expect(
            errors("fields:\n  a: [date: yyyy-mm-dd]\n") == [
                "r.yaml:2:13: error: unknown date format 'yyyy-mm-dd'; did you mean 'yyyy-MM-dd'? (MM is the month, mm the minute)"
            ])
        #expect(
            errors("fields:\n  a: [date: yyyy/qq]\n") == [
                "r.yaml:2:13: error: unknown date format 'yyyy/qq': use yyyy (year), MM (month), dd (day), HH, mm (minute), ss, SSS and "
                    + "separators, or rfc3339, epoch_ms, epoch_s"
            ])
        #expect(errors("fields:\n\ta: [not_empty]\n").first?.hasSuffix("a tab indents this line: YAML indents with spaces only") == true)
    }

    @Test func emptyFoldersAreErrors() throws {
        let dir = TemporaryFiles.path("sift-empty-")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let r = RulesLoader(registry: fieldsOnly).load(path: dir)
        #expect(r.pipeline == nil)
        #expect(r.diagnostics.map(\.headline) == ["error: no rule files (.yaml or .yml) in '\(dir)'"])
        try "validators:\n  v: not_empty\n".write(toFile: dir + "/lib.yaml", atomically: true, encoding: .utf8)
        #expect(
            RulesLoader(registry: fieldsOnly).load(path: dir).diagnostics.map(\.headline) == [
                "error: no rule packs in '\(dir)': its files only define validators"
            ])
    }

    @Test func messagesAndExplainSayWhatTheAuthorWrote() throws {
        let yaml = """
            validators:
              short: {length: {max: 3}}
            fields:
              a:
                - use: short
                  reason: a.too_long
              b:
                - not: {enum: [admin, root]}
            """
        let p = try #require(RulesLoader(registry: fieldsOnly).load(text: yaml, file: "r.yaml").pipeline)
        #expect(
            Explainer.explain(p, language: .en).contains(
                "length must be at most 3 characters (items, for a list) [a.length] (r.yaml:2:11) (reported as a.too_long)"))
        let v = try Session(pipeline: p, asOfMillis: 0).validate(json: Array(#"{"a":"abcd","b":"root"}"#.utf8))
        #expect(v.reasons == ["a.too_long", "b.not"])
        #expect(v.violations[1].message.en == "must not satisfy: must be one of: admin, root")
        #expect(v.violations[1].message.zh == "不得满足：必须是以下之一：admin, root")
    }

    @Test func longSourceLinesAreShownAsAWindow() {
        let line = String(repeating: "x", count: 1000) + "ERR" + String(repeating: "y", count: 1000)
        let text = DiagnosticRenderer(sources: ["f.yaml": line]).render(.error("here", at: Mark(file: "f.yaml", line: 1, column: 1001)))
        let parts = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(parts.count == 3)
        #expect(parts[1].count <= 122)
        #expect(parts[1].contains("ERR"))
        let caret = parts[2].count - 1
        #expect(Array(parts[1])[caret] == "E")
    }

    @Test func epochSecondsThatOverflowAreInvalidNotACrash() throws {
        let p = try #require(RulesLoader(registry: fieldsOnly).load(text: "fields:\n  t: [date: epoch_s]\n", file: "r.yaml").pipeline)
        let s = try Session(pipeline: p, asOfMillis: 0)
        #expect(s.validate(json: Array(#"{"t":"999999999999999999"}"#.utf8)).reasons == ["t.date"])
        #expect(s.validate(json: Array(#"{"t":999999999999999999}"#.utf8)).reasons == ["t.date"])
        #expect(s.validate(json: Array(#"{"t":"1591004277"}"#.utf8)).reasons == [])
    }
}

@Suite struct RunnerRegressionTests {
    let pipeline: Pipeline

    init() throws {
        pipeline = try #require(RulesLoader(registry: fieldsOnly).load(text: "fields:\n  x: [not_empty]\n", file: "r.yaml").pipeline)
    }

    func run(_ source: InputSource, maxRecordBytes: Int = 1 << 20) throws -> [String] {
        var out: [UInt8] = []
        _ = try BatchRunner(pipeline: pipeline, options: RunOptions(asOfMillis: 0, maxRecordBytes: maxRecordBytes)).run([source]) {
            out += $0
        }
        return String(decoding: out, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test func aJSONFileHoldingOneRecordPerLineLosesNothing() throws {
        let path = TemporaryFiles.path("sift-", ".json")
        try "{\"x\":\"a\"}\n{\"x\":\"\"}\n\n{\"x\":\"c\"}\n{bad\n".write(toFile: path, atomically: true, encoding: .utf8)
        let lines = try run(.file(path))
        #expect(lines.count == 4)
        #expect(lines.map { $0.contains(#""valid":true"#) } == [true, false, true, false])
        #expect(lines[2].contains(#""line":4"#))
        #expect(lines[3].contains(#""line":5,"valid":false,"error""#))
    }
}
