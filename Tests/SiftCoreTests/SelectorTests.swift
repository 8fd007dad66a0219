import Foundation
import Sift
import SiftTesting
import Testing

/// `applies_to` with every combinator: `not` of one mapping and of a list ("neither A nor B"),
/// `any`, `all`, nested; and their mistakes, located.
@Suite struct SelectorTests {
    func applies(_ selector: String, _ records: [String]) throws -> [Bool] {
        let yaml = "applies_to: \(selector)\nfields:\n  id: [{type: integer}]\n"
        let p = try #require(RulesLoader(registry: .builtIn()).load(text: yaml, file: "r.yaml").pipeline)
        let session = try Session(pipeline: p, asOfMillis: 0)
        return records.map { session.validate(json: Array($0.utf8)).packs == ["r"] }
    }

    let records = [
        #"{"id":1,"kind":"a"}"#, #"{"id":2,"kind":"b"}"#, #"{"id":3,"kind":"c"}"#, #"{"id":4,"kind":"c","refund":1}"#,
        #"{"id":5,"kind":"a","country":"CN"}"#, #"{"id":6,"kind":"a","country":"HK","test":true}"#,
    ]

    @Test func neitherAnorB() throws {
        #expect(try applies("{not: [{kind: a}, {kind: b}]}", records) == [false, false, true, true, false, false])
        // One mapping: the mapping (all of it) does not hold.
        #expect(try applies("{not: {kind: a, country: CN}}", records) == [true, true, true, true, false, true])
    }

    @Test func anyAndAllNested() throws {
        #expect(try applies("{any: [{kind: b}, {has: refund}]}", records) == [false, true, false, true, false, false])
        #expect(
            try applies("{all: [{kind: a}, {any: [{country: CN}, {country: HK}]}], not: {test: true}}", records)
                == [false, false, false, false, true, false])
    }

    @Test func mistakesAreLocated() {
        let r = RulesLoader(registry: .builtIn()).load(
            text: "applies_to: {any: {kind: a}, not: [a, b], all: []}\nfields:\n  id: [{type: integer}]\n", file: "r.yaml")
        #expect(
            r.diagnostics.map(\.headline) == [
                "r.yaml:1:19: error: 'any' takes a list of mappings of conditions, such as any: [{kind: order}, {has: refund}], "
                    + "not a mapping",
                "r.yaml:1:35: error: 'not' takes a mapping of conditions, such as not: {country: CN}, or a list of them (none may hold), "
                    + "not a list",
                "r.yaml:1:48: error: 'all' takes a list of mappings of conditions, such as all: [{kind: order}, {has: refund}], "
                    + "not a list",
            ])
    }
}
