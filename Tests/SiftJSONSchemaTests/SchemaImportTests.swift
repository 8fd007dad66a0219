import Foundation
import Sift
@testable import SiftJSONSchema
import SiftTesting
import Testing

@testable import SiftCore

/// `sift import jsonschema`: the pack it writes says what the schema says (the same verdicts as
/// the schema itself on the same records), and a keyword a pack cannot say is refused, located.
@Suite struct SchemaImportTests {
    func file(_ name: String, _ text: String) throws -> String {
        let dir = TemporaryFiles.path("sift-import-")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try text.write(toFile: dir + "/" + name, atomically: true, encoding: .utf8)
        return dir + "/" + name
    }

    static let schema = """
        {
          "title": "Order",
          "type": "object",
          "required": ["id", "items"],
          "dependentRequired": {"coupon": ["coupon_source"]},
          "properties": {
            "id": {"description": "Shop's order number", "type": "string", "pattern": "^[A-Z]{2}[0-9]+$"},
            "items": {"type": "array", "minItems": 1, "uniqueItems": true, "items": {"$ref": "#/$defs/item"}},
            "note": {"type": ["string", "null"], "maxLength": 5},
            "address": {"required": ["city"], "properties": {"city": {"type": "string"}}},
            "kind": {"enum": ["a", "b\\nc", "K"]}
          },
          "$defs": {"item": {"type": "object", "required": ["sku"], "properties": {
            "sku": {"type": "string"}, "qty": {"type": "integer", "exclusiveMinimum": 0, "multipleOf": 2}}}}
        }
        """

    @Test func theImportedPackReadsAndJudgesAsTheSchemaDoes() throws {
        let path = try file("order.schema.json", Self.schema)
        let result = SchemaImport.pack(path: path, display: "order.schema.json", name: "orders")
        let yaml = try #require(result.yaml, "\(result.rendered())")
        #expect(
            yaml == """
                # Written by `sift import jsonschema` from order.schema.json (draft 2020-12).
                # Reason codes are Sift's (phone.regex); `schema: order.schema.json` would give JSON Schema's (phone.pattern).
                # Order
                # JSON Schema's `pattern` is a search (ECMA-262), not a full match: hence `mode: search`.
                version: 1
                pack: 'orders'
                null: value   # as in JSON Schema, null is a value that `type` checks
                fields:
                  # Shop's order number
                  id:
                    required: true
                    checks:
                      - {type: string}
                      - {regex: {pattern: '^[A-Z]{2}[0-9]+$', mode: search}}
                  items:
                    required: true
                    checks:
                      - {type: array}
                      - {length: {min: 1}}
                      - {unique: true}
                  'items[*]':
                    required: true
                    checks:
                      - {type: object}
                  'items[*].sku':
                    required: true
                    checks:
                      - {type: string}
                  'items[*].qty':
                    required: false
                    checks:
                      - {type: integer}
                      - {range: {min: 0, min_exclusive: true}}
                      - {multiple_of: 2}
                  note:
                    required: false
                    checks:
                      - {type: ['null', 'string']}
                      - {when: {type: string}, then: [{length: {max: 5}}]}
                  address:
                    required: false
                  'address.city':
                    required: {when: {field: 'address', type: object}}
                    checks:
                      - {type: string}
                  kind:
                    required: false
                    checks:
                      - {regex: '(?:a|b\\x{a}c|K)'}
                record:
                  requires:
                    coupon: ['coupon_source']

                """)
        // The pack and the schema give the same verdicts on the same records.
        let dir = (path as NSString).deletingLastPathComponent
        try yaml.write(toFile: dir + "/imported.yaml", atomically: true, encoding: .utf8)
        let imported = try #require(RulesLoader(registry: .builtIn()).load(path: dir + "/imported.yaml").pipeline)
        let direct = try #require(
            RulesLoader(registry: .builtIn()).load(text: "pack: o\nschema: order.schema.json\n", file: "o.yaml", directory: dir).pipeline)
        let records = [
            #"{"id":"AB1","items":[{"sku":"a","qty":2}]}"#, #"{"id":"xAB1","items":[{"sku":"a"}]}"#,
            #"{"id":"AB1","items":[{"sku":"a"},{"sku":"a"}]}"#, #"{"id":"AB1","items":[{"qty":0}]}"#,
            #"{"id":"AB1","items":[{"sku":"a","qty":3}]}"#, #"{"id":"AB1","items":[]}"#, #"{"id":5,"items":[{"sku":"a"}]}"#,
            #"{"id":"AB1","items":[{"sku":"a"}],"note":null}"#, #"{"id":"AB1","items":[{"sku":"a"}],"note":"toolong"}"#,
            #"{"id":"AB1","items":[{"sku":"a"}],"address":"str"}"#, #"{"id":"AB1","items":[{"sku":"a"}],"address":{}}"#,
            #"{"id":"AB1","items":[{"sku":"a"}],"kind":"b\nc"}"#, #"{"id":"AB1","items":[{"sku":"a"}],"kind":"\u212A"}"#,
            #"{"id":"AB1","items":[{"sku":"a"}],"kind":"b c"}"#, #"{"id":"AB1","items":[{"sku":"a"}],"coupon":"X"}"#,
            #"{"items":[1]}"#,
        ]
        let want = [true, false, false, false, false, false, false, true, false, true, false, true, false, false, false, false]
        for (record, valid) in zip(records, want) {
            #expect(try Session(pipeline: imported, asOfMillis: 0).validate(json: Array(record.utf8)).isValid == valid, "\(record)")
            #expect(try Session(pipeline: direct, asOfMillis: 0).validate(json: Array(record.utf8)).isValid == valid, "\(record)")
        }
    }

    @Test func whatAPackCannotSayIsRefusedAtItsLine() throws {
        let schema = """
            {"type": "object",
             "properties": {
               "pay": {"oneOf": [{"required": ["card"]}, {"required": ["wallet"]}]},
               "tags": {"type": "array", "items": {"required": ["x"]}},
               "meta": {"type": "object", "patternProperties": {"^x-": {"type": "string"}}},
               "tree": {"$ref": "#"}
             }}
            """
        let path = try file("s.json", schema)
        let result = SchemaImport.pack(path: path, display: "s.json", name: "s")
        #expect(result.yaml == nil)
        #expect(
            result.diagnostics.sorted.map { "\($0.mark.map { "\($0.line):\($0.column)" } ?? "-") \($0.message)" } == [
                "3:12 a pack cannot say 'oneOf' with an alternative that is not about the value itself (object or list keywords, or other applicators); run the schema as it is with 'schema: FILE' (at /properties/pay)",
                "4:40 a pack cannot say 'required' on a value not declared \"type\": \"object\"; run the schema as it is with 'schema: FILE' (at /properties/tags/items)",
                "5:31 a pack cannot say 'patternProperties'; run the schema as it is with 'schema: FILE' (at /properties/meta)",
                "6:13 a pack cannot say it refers back to itself (a recursive schema): a pack names each field once; run the schema as it is with 'schema: FILE' (at /properties/tree)",
            ])
    }

    /// Cases a second read found: a closed record beside allOf would allow too much, a title with a
    /// carriage return would end its comment, a name with a dot is one key, asserted formats.
    @Test func theImporterNeitherWeakensNorBreaksOut() throws {
        let closed = try file(
            "c.json",
            #"{"type": "object", "properties": {"id": {"type": "string"}}, "allOf": [{"properties": {"note": {}}}], "additionalProperties": false}"#
        )
        #expect(SchemaImport.pack(path: closed, display: "c.json", name: "c").yaml == nil)
        let titled = try file(
            "t.json",
            #"{"title": "Orders\rapplies_to: {kind: none}", "type": "object", "dependentRequired": {"card": ["billing.zip"]}, "properties": {"d": {"type": "string", "format": "date"}}}"#
        )
        let yaml = try #require(SchemaImport.pack(path: titled, display: "t.json", name: "t").yaml)
        #expect(yaml.contains("# Orders\n# applies_to: {kind: none}\n"))
        #expect(yaml.contains("    card: ['[\"billing.zip\"]']\n"))
        #expect(SchemaImport.pack(path: titled, display: "t.json", assertFormats: true, name: "t").yaml == nil)
    }

    @Test func wholeTextPatternsAreOnlyThoseWhereBothAnchorsHoldForAll() {
        #expect(ECMAPattern.wholeText("^[a-z]+$") == "[a-z]+")
        #expect(ECMAPattern.wholeText("^a|b$") == nil)
        #expect(ECMAPattern.wholeText("^(a|b)$") == "(a|b)")
        #expect(ECMAPattern.wholeText("^a)|(b$") == nil)
        #expect(ECMAPattern.wholeText("^[]^]|a]$") == nil)  // `[]^]` is a class of `]` and `^`; then `|` at the top
        #expect(ECMAPattern.wholeText("^[^]|]a$") == "[^]|]a")
        #expect(ECMAPattern.wholeText("^a\\$") == nil)
    }
}
