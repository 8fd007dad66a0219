import Foundation
import Sift
import SiftTesting
import Testing

@testable import SiftCore

/// `unique` and `unique_by`: elements compared by what they mean, the failure naming the later
/// duplicate and the earlier element; `JSONCanonical` underneath.
@Suite struct UniqueTests {
    func value(_ json: String) throws -> JSONValue {
        let doc = JSONDocument(capacity: json.utf8.count, duplicateKeys: .reject)
        try Array(json.utf8).withUnsafeBytes { try doc.reparse($0) }  // the bytes live while they are read
        return doc.root
    }

    @Test(arguments: [
        ("1", "1.0"), ("1", "1e0"), ("10", "1e1"), ("0.05", "5e-2"), ("-0", "0"), ("0.0", "-0e5"), ("1.50", "15e-1"),
        (#""a""#, #""\u0061""#), (#"{"a":1,"b":[2]}"#, #"{"b":[2.0],"a":1}"#), ("[1,[true,null]]", "[1.0,[true,null]]"),
    ])
    func equalByMeaning(_ a: String, _ b: String) throws {
        #expect(JSONCanonical.equal(try value(a), try value(b)))
        var x = Hasher(), y = Hasher()
        JSONCanonical.hash(try value(a), into: &x)
        JSONCanonical.hash(try value(b), into: &y)
        #expect(x.finalize() == y.finalize())
    }

    @Test(arguments: [
        ("1", "2"), ("9007199254740993", "9007199254740992"), ("1", #""1""#), ("0.1", "0.10000000000000001"), ("true", "1"),
        (#"{"a":1}"#, #"{"a":1,"b":2}"#), ("[1,2]", "[2,1]"), (#""a""#, #""A""#), ("null", "false"),
    ])
    func differentValues(_ a: String, _ b: String) throws {
        #expect(!JSONCanonical.equal(try value(a), try value(b)))
    }

    static let yaml = """
        fields:
          tags: [unique]
          items: [{unique_by: sku}]
          codes: {required: false, checks: [{unique: true}]}
        """

    func messages(_ json: String) throws -> [String] {
        let p = try #require(RulesLoader(registry: .builtIn()).load(text: Self.yaml, file: "r.yaml").pipeline)
        return try Session(pipeline: p, asOfMillis: 0).validate(json: Array(json.utf8)).violations.map {
            "\($0.field) \($0.reason): \($0.message.en) | \($0.message.zh)"
        }
    }

    @Test func duplicatesAreNamed() throws {
        #expect(
            try messages(#"{"tags":[1,"1",1.0],"items":[{"sku":"A"},{"x":1},{"sku":"B"},{"sku":"\u0041"}],"codes":[]}"#) == [
                "tags tags.unique: element 2 is the same as element 0 | 第 2 项与第 0 项相同",
                "items items.unique_by: element 3 has the same sku as element 0 | 第 3 项的 sku 与第 0 项相同",
            ])
        #expect(
            try messages(#"{"tags":["a","b"],"items":[{"sku":"A"},{}],"codes":"x"}"#) == [
                "codes codes.unique: expected an array, got a string | 应为数组，实际为字符串"
            ])
        // More than 16 elements go through the table of hashes, with the same answers.
        let many = (0..<40).map(String.init).joined(separator: ",")
        #expect(
            try messages(#"{"tags":[\#(many),17.0],"items":[]}"#) == [
                "tags tags.unique: element 40 is the same as element 17 | 第 40 项与第 17 项相同"
            ])
        #expect(try messages(#"{"tags":[\#(many)],"items":[]}"#) == [])
    }

    @Test func mistakesAreLocated() {
        let r = RulesLoader(registry: .builtIn()).load(
            text: "fields:\n  a: [{unique: false}]\n  b: [{unique_by: 'x[*].y'}]\n  c: [{unique: {bye: x}}]\n", file: "r.yaml")
        #expect(
            r.diagnostics.map(\.headline) == [
                "r.yaml:2:16: error: 'unique': false turns nothing off; leave the check out instead",
                "r.yaml:3:19: error: 'unique' compares one value of each element: 'x[*].y' has '[*]'",
                "r.yaml:4:17: error: unknown option 'bye' for 'unique'; did you mean 'by'? (options: by)",
            ])
    }
}

/// `contains`: at least one element passes the check; its own code, `<field>.contains`.
@Suite struct ContainsTests {
    @Test func anElementMustPass() throws {
        let yaml =
            "fields:\n  items: [{contains: {enum: [gift_wrap, engraving]}}]\n  codes: [{contains: {all: [{type: string}, {regex: 'A[0-9]+'}]}, reason: no_a_code}]\n"
        let p = try #require(RulesLoader(registry: .builtIn()).load(text: yaml, file: "r.yaml").pipeline)
        let session = try Session(pipeline: p, asOfMillis: 0)
        func said(_ json: String) -> [String] {
            session.validate(json: Array(json.utf8)).violations.map { "\($0.field) \($0.reason): \($0.message.en) | \($0.message.zh)" }
        }
        #expect(said(#"{"items":["box","engraving"],"codes":[1,"A12"]}"#) == [])
        #expect(
            said(#"{"items":["box"],"codes":[1,"B12"]}"#) == [
                "items items.contains: has no element that passes: must be one of: gift_wrap, engraving | 没有一项满足：必须是以下之一：gift_wrap, engraving",
                "codes no_a_code: has no element that passes: must be of type string; and must fully match /A[0-9]+/ | "
                    + "没有一项满足：类型必须为 string；且必须完整匹配 /A[0-9]+/",
            ])
        #expect(said(#"{"items":"box","codes":[]}"#).first == "items items.contains: expected an array, got a string | 应为数组，实际为字符串")
        let explain = p.packs[0].stages.map { $0.explain(.en) }.joined(separator: "\n")
        #expect(explain.contains("  - contains an element that passes [items.contains] (r.yaml:2:12):"))
    }
}
