import Foundation
import Sift
import SiftTesting
import Testing

@testable import SiftCore

/// A pack's `schema:` section: records checked against a JSON Schema file beside the rules, each
/// failing keyword a violation at the value's path with the keyword's place in the schema file.
@Suite struct SchemaSectionTests {
    static let schema = """
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "type": "object",
          "required": ["id", "items"],
          "properties": {
            "id": {"type": "string", "pattern": "^[A-Z]{2}[0-9]+", "minLength": 3},
            "age": {"type": "integer", "minimum": 0, "exclusiveMaximum": 150},
            "items": {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/item"}, "uniqueItems": true},
            "kind": {"enum": ["a", "b", 1.0]},
            "meta": {"type": "object", "additionalProperties": {"type": "string", "maxLength": 4}}
          },
          "additionalProperties": false,
          "$defs": {
            "item": {
              "type": "object", "required": ["sku"],
              "properties": {"sku": {"type": "string"}, "qty": {"type": "integer", "multipleOf": 2}}
            }
          }
        }
        """

    func folder(_ files: [String: String]) throws -> String {
        let dir = TemporaryFiles.path("sift-schema-")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for (name, text) in files { try text.write(toFile: dir + "/" + name, atomically: true, encoding: .utf8) }
        return dir
    }

    func load(_ pack: String, _ files: [String: String] = [:]) throws -> LoadResult {
        let dir = try folder(files.merging(["pack.yaml": pack]) { a, _ in a })
        return RulesLoader(registry: .builtIn()).load(path: dir)
    }

    func violations(_ result: LoadResult, _ json: String) throws -> [String] {
        let p = try #require(result.pipeline, "\(result.rendered())")
        return try Session(pipeline: p, asOfMillis: 0).validate(json: Array(json.utf8)).violations.map {
            "\($0.field) \($0.reason): \($0.message.en) | \($0.message.zh) @\($0.rule.map { "\($0.line):\($0.column)" } ?? "-")"
        }
    }

    func expect(_ result: LoadResult, _ json: String, _ want: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let got = try violations(result, json)
        #expect(got == want, sourceLocation: sourceLocation)
    }

    @Test func aValidRecordPassesAndAnInvalidOneNamesEveryKeyword() throws {
        let loaded = try load("pack: orders\nschema: order.schema.json\n", ["order.schema.json": Self.schema])
        try expect(loaded, #"{"id":"AB12","items":[{"sku":"x","qty":2}],"kind":1,"meta":{"a":"xy"}}"#, [])
        let bad = #"{"id":"a","age":200,"items":[{"qty":3},{"qty":3}],"kind":"c","extra":1,"meta":{"note":"long text"}}"#
        try expect(
            loaded, bad,
            [
                "id id.minLength: must be at least 3 characters long (it has 1) | 长度须至少 3 个字符（实为 1 个） @6:60",
                "id id.pattern: does not match the format the schema's pattern requires | 不符合模式规定的格式 @6:30",
                "age age.exclusiveMaximum: must be less than 150 | 须小于 150 @7:46",
                "kind kind.enum: must be one of: a, b, 1.0 | 须为以下之一：a, b, 1.0 @9:14",
                "items items.uniqueItems: element 1 is the same as element 0 | 第 1 个元素与第 0 个元素相同 @8:82",
                "items[0].sku items[*].sku.required: is required but missing | 必填字段缺失 @15:25",
                "items[0].qty items[*].qty.multipleOf: must be a multiple of 2 | 须为 2 的整数倍 @16:76",
                "items[1].sku items[*].sku.required: is required but missing | 必填字段缺失 @15:25",
                "items[1].qty items[*].qty.multipleOf: must be a multiple of 2 | 须为 2 的整数倍 @16:76",
                "extra record.additionalProperties: is not allowed: the schema does not list this property | 不允许：模式未列出此属性 @12:27",
                "meta.note meta.*.maxLength: must be at most 4 characters long (it has 9) | 长度须至多 4 个字符（实为 9 个） @10:75",
            ])
        try expect(
            loaded, #"{"items":[]}"#,
            [
                "id id.required: is required but missing | 必填字段缺失 @4:3",
                "items items.minItems: must have at least 1 element (it has 0) | 须至少有 1 个元素（实有 0 个） @8:32",
            ])
    }

    @Test func aFieldOfTheRecordAndARecursiveSchema() throws {
        let tree = """
            {"type": "object", "required": ["name"], "properties": {
              "name": {"type": "string"},
              "children": {"type": "array", "items": {"$ref": "#"}}}}
            """
        let loaded = try load("pack: t\nschema: {file: tree.json, field: payload.tree}\n", ["tree.json": tree])
        try expect(loaded, #"{"payload":{"tree":{"name":"a","children":[{"name":"b","children":[{"name":"c"}]}]}}}"#, [])
        try expect(
            loaded, #"{"payload":{"tree":{"name":"a","children":[{"name":"b","children":[{"nam":"c"}]}]}}}"#,
            [
                "payload.tree.children[0].children[0].name payload.tree.children[*].children[*].name.required: "
                    + "is required but missing | 必填字段缺失 @1:20"
            ])
        // A record without the field: the schema checks nothing (presence is `required`'s job).
        try expect(loaded, #"{"other":1}"#, [])
    }

    @Test func compositionsAndConditions() throws {
        let schema = """
            {"properties": {
              "pay": {"oneOf": [{"required": ["card"]}, {"required": ["wallet"]}]},
              "code": {"anyOf": [{"type": "integer"}, {"type": "string", "maxLength": 3}]},
              "name": {"not": {"const": "admin"}},
              "plan": {"if": {"const": "pro"}, "then": true, "else": {"enum": ["free", "team"]}},
              "tags": {"contains": {"const": "main"}, "maxContains": 1}
            }}
            """
        let loaded = try load("pack: c\nschema: s.json\n", ["s.json": schema])
        let good = #"{"pay":{"card":"x"},"code":"abc","name":"ann","plan":"pro","tags":["main","x"]}"#
        try expect(loaded, good, [])
        let bad = #"{"pay":{"card":"x","wallet":"y"},"code":"abcd","name":"admin","plan":"gold","tags":["main","main"]}"#
        try expect(
            loaded, bad,
            [
                "pay pay.oneOf: must match exactly one of the 2 schemas of oneOf (it matches 2) | 须恰好符合 oneOf 的 2 个模式中的一个（符合 2 个） @2:11",
                "code code.anyOf: must match at least one of the 2 schemas of anyOf (it matches none) | 须符合 anyOf 的 2 个模式中的至少一个（一个都不符合） @3:12",
                "name name.not: must not match the schema of 'not' | 不得符合 not 的模式 @4:12",
                "plan plan.enum: must be one of: free, team | 须为以下之一：free, team @5:59",
                "tags tags.maxContains: must contain at most 1 element that match 'contains' (it has 2) | 符合 contains 的元素须至多 1 个（实有 2 个） @6:43",
            ])
    }

    @Test func aSchemaInsideAnOpenAPIDocumentInYAML() throws {
        let openapi = """
            openapi: 3.1.0
            components:
              schemas:
                Order:
                  type: object
                  required: [customer]
                  properties:
                    customer: {$ref: '#/components/schemas/Customer'}
                Customer:
                  type: object
                  properties:
                    email: {type: string, format: email}
            """
        let annotate = try load("pack: o\nschema: {file: api.yaml, pointer: /components/schemas/Order}\n", ["api.yaml": openapi])
        try expect(annotate, #"{"customer":{"email":"not an address"}}"#, [])
        let assert = try load(
            "pack: o\nschema: {file: api.yaml, pointer: /components/schemas/Order, formats: assert}\n", ["api.yaml": openapi])
        try expect(
            assert, #"{"customer":{"email":"not an address"}}"#,
            [
                "customer.email customer.email.format: is not a valid email | 不是有效的 email @12:31"
            ])
        try expect(assert, #"{"customer":{"email":"ann@example.com"}}"#, [])
    }

    @Test func draft7ItemsListsAdditionalItemsAndDependencies() throws {
        let schema = """
            {"$schema": "http://json-schema.org/draft-07/schema#",
             "properties": {
               "pair": {"items": [{"type": "string"}, {"type": "integer"}], "additionalItems": false},
               "card": {"dependencies": {"number": ["expiry"], "cvv": {"required": ["number"]}}}}}
            """
        let loaded = try load("pack: d\nschema: s.json\n", ["s.json": schema])
        try expect(loaded, #"{"pair":["a",1],"card":{"number":"4","expiry":"1/30"}}"#, [])
        try expect(
            loaded, #"{"pair":["a",1,2],"card":{"number":"4","cvv":"1"}}"#,
            [
                "pair[2] pair.items: is one element too many: the schema allows no more | 多出的元素：模式不允许更多元素 @3:84",
                "card.expiry card.expiry.dependentRequired: is required when 'number' is present | 当 'number' 存在时为必填项 @4:12",
            ])
    }

    /// A pattern that hits its match limit decides nothing: where its answer would pass the value
    /// (`not`, `oneOf`, a `patternProperties` key), the value fails as undecided instead.
    @Test func aPatternAtItsMatchLimitNeverPassesAValue() throws {
        let schema = """
            {"properties": {
              "m": {"patternProperties": {"(a|a)*c|b": {"type": "integer"}}},
              "n": {"not": {"pattern": "(a|a)*c|b"}},
              "o": {"oneOf": [{"pattern": "(a|a)*c|b"}, {"type": "string"}]}}}
            """
        let loaded = try load("pack: p\nschema: s.json\n", ["s.json": schema])
        let hostile = String(repeating: "a", count: 40) + "b"
        let undecided = "could not be checked: a pattern of the schema hit its match limit on this value | 无法检查：模式中的正则表达式在此值上达到了匹配上限"
        try expect(loaded, #"{"m":{"\#(hostile)":"x"}}"#, ["m.\(hostile) m.*.pattern: \(undecided) @2:8"])
        try expect(loaded, #"{"n":"\#(hostile)"}"#, ["n n.pattern: \(undecided) @3:8"])
        try expect(loaded, #"{"o":"\#(hostile)"}"#, ["o o.pattern: \(undecided) @4:8"])
        try expect(loaded, #"{"m":{"zz":"x"},"n":"zz","o":1}"#, [])
        // draft-07 has no dependentRequired: it is an unknown keyword there.
        let seven = try load(
            "pack: q\nschema: d.json\n",
            ["d.json": #"{"$schema": "http://json-schema.org/draft-07/schema#", "dependentRequired": {"a": ["b"]}}"#])
        try expect(seven, #"{"a":1}"#, [])
    }
}
