import Foundation
import SiftTesting
import Testing

/// `schema:` through the binary: result lines, explain and the located refusals, exactly.
@Suite struct JSONSchemaCLITests {
    static let schema = """
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "title": "Order",
          "type": "object",
          "required": ["id", "items"],
          "properties": {
            "id": {"type": "string", "pattern": "^[A-Z]{2}[0-9]+$"},
            "items": {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/item"}},
            "note": {"type": ["string", "null"], "maxLength": 20}
          },
          "additionalProperties": false,
          "$defs": {"item": {"type": "object", "required": ["sku", "qty"],
            "properties": {"sku": {"type": "string"}, "qty": {"type": "integer", "minimum": 1}}}}
        }
        """

    func folder(_ files: [String: String]) throws -> String {
        let dir = TemporaryFiles.path("sift-schema-cli-")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for (name, text) in files { try text.write(toFile: dir + "/" + name, atomically: true, encoding: .utf8) }
        return dir
    }

    func orders() throws -> String {
        try folder([
            "order.schema.json": Self.schema,
            "orders.yaml": "pack: orders\nschema: order.schema.json\nfields:\n  id: [{length: {max: 8}}]\n",
            "orders.jsonl": #"{"id":"AB12","items":[{"sku":"x","qty":2}]}"# + "\n"
                + #"{"id":"ab","items":[{"sku":"x","qty":0},{"qty":1}],"note":"a note that is far too long","coupon":"X"}"# + "\n",
        ])
    }

    @Test func resultLinesNameEachKeywordAtItsPlaceInTheSchema() throws {
        let dir = try orders()
        let r = try SiftProcess.run(["run", "--rules", dir + "/orders.yaml", dir + "/orders.jsonl"])
        let out = r.stdout.replacingOccurrences(of: dir + "/", with: "")
        #expect(r.status == 1)
        #expect(
            out == """
                {"source":"orders.jsonl","line":1,"valid":true,"packs":["orders"],"violations":[]}
                {"source":"orders.jsonl","line":2,"valid":false,"packs":["orders"],"violations":[\
                {"field":"id","reason":"id.pattern","message":"does not match the format the schema's pattern requires","value":"ab","rule":"order.schema.json:7:30"},\
                {"field":"note","reason":"note.maxLength","message":"must be at most 20 characters long (it has 27)","value":"a note that is far too long","rule":"order.schema.json:9:42"},\
                {"field":"items[0].qty","reason":"items[*].qty.minimum","message":"must be at least 1","value":"0","rule":"order.schema.json:13:74"},\
                {"field":"items[1].sku","reason":"items[*].sku.required","message":"is required but missing","rule":"order.schema.json:12:40"},\
                {"field":"coupon","reason":"record.additionalProperties","message":"is not allowed: the schema does not list this property","value":"X","rule":"order.schema.json:11:27"}]}

                """)
    }

    @Test func explainListsEachPathWithItsReasonCodes() throws {
        let dir = try orders()
        let r = try SiftProcess.run(["explain", dir + "/orders.yaml"])
        let schemaPart = r.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("    ") || $0.contains("JSON Schema") }
        #expect(
            schemaPart.dropFirst() == [
                "  JSON Schema \(dir)/order.schema.json (draft 2020-12), checking the whole record:",
                "    record: type object [record.type]",
                "    id: required [id.required]",
                "    items: required [items.required]",
                "    id: type string [id.type]; contains a match of '^[A-Z]{2}[0-9]+$' (a search, not a full match) [id.pattern]",
                "    items: type array [items.type]; at least 1 element [items.minItems]",
                "    items[*]: type object [items[*].type]",
                "    items[*].sku: required [items[*].sku.required]",
                "    items[*].qty: required [items[*].qty.required]",
                "    items[*].sku: type string [items[*].sku.type]",
                "    items[*].qty: type integer [items[*].qty.type]; must be at least 1 [items[*].qty.minimum]",
                "    note: type null or string [note.type]; at most 20 characters [note.maxLength]",
                "    record: no other properties [record.additionalProperties]",
            ])
    }

    @Test func everyProblemOfASchemaIsLocatedAtOnceInBothLanguages() throws {
        let bad = """
            {
              "$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"allOf": [{"$ref": "#/$defs/a"}]}},
              "properties": {
                "age": {"type": "integr", "minimun": 3, "maximum": "ten"},
                "next": {"$ref": "#/$defs/a"},
                "x": {"$ref": "other.json#/a"},
                "z": {"$dynamicRef": "#meta", "pattern": "a(b"}
              }
            }
            """
        let dir = try folder(["loop.json": bad, "pack.yaml": "pack: p\nschema: loop.json\n"])
        let en = try SiftProcess.run(["lint", dir])
        #expect(en.status == 2)
        #expect(
            en.stderr.replacingOccurrences(of: dir + "/", with: "") == """
                loop.json:2:66: error: this reference leads back to itself without going into the value, so checking would never end (at /$defs/a)
                  "$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"allOf": [{"$ref": "#/$defs/a"}]}},
                                                                                 ^
                loop.json:4:21: error: unknown type 'integr'; did you mean 'integer'? (at /properties/age/type)
                    "age": {"type": "integr", "minimun": 3, "maximum": "ten"},
                                    ^
                loop.json:4:31: warning: 'minimun' is no keyword of draft 2020-12 and is ignored; did you mean 'minimum'? (at /properties/age/minimun)
                    "age": {"type": "integr", "minimun": 3, "maximum": "ten"},
                                              ^
                loop.json:4:56: error: must be a number, not the text 'ten' (at /properties/age/maximum)
                    "age": {"type": "integr", "minimun": 3, "maximum": "ten"},
                                                                       ^
                loop.json:6:19: error: 'other.json#/a' refers to the file 'other.json', which does not exist (at /properties/x/$ref)
                    "x": {"$ref": "other.json#/a"},
                                  ^
                loop.json:7:11: error: '$dynamicRef' is not supported by Sift; the schema cannot be run as it is written (at /properties/z/$dynamicRef)
                    "z": {"$dynamicRef": "#meta", "pattern": "a(b"}
                          ^
                loop.json:7:46: error: the pattern 'a(b' does not compile: missing closing parenthesis (at byte 3) (at /properties/z/pattern)
                    "z": {"$dynamicRef": "#meta", "pattern": "a(b"}
                                                             ^
                sift lint: 6 errors

                """)
        let zh = try SiftProcess.run(["lint", dir, "--lang", "zh"])
        #expect(
            zh.stderr.components(separatedBy: "\n").filter { $0.contains("error:") || $0.contains("warning:") }
                .map { $0.replacingOccurrences(of: dir + "/", with: "") } == [
                    "loop.json:2:66: error: 此引用绕回自身，却没有进入值的内部，检查将永远不会结束（位置 /$defs/a）",
                    "loop.json:4:21: error: 未知的类型 'integr'；是否想写 'integer'？（位置 /properties/age/type）",
                    "loop.json:4:31: warning: 'minimun' 不是 2020-12 版的关键字，已忽略；是否想写 'minimum'？（位置 /properties/age/minimun）",
                    "loop.json:4:56: error: 应为数字，而不是 文本 'ten'（位置 /properties/age/maximum）",
                    "loop.json:6:19: error: 'other.json#/a' 指向的文件 'other.json' 不存在（位置 /properties/x/$ref）",
                    "loop.json:7:11: error: Sift 不支持 '$dynamicRef'；此模式无法按原样运行（位置 /properties/z/$dynamicRef）",
                    "loop.json:7:46: error: 模式 'a(b' 无法编译：缺少右括号（在第 3 字节）（位置 /properties/z/pattern）",
                ])
    }

    @Test func importWritesAPackOrRefusesEachKeywordAtItsLine() throws {
        let dir = try folder([
            "p.json":
                #"{"title": "Person", "type": "object", "required": ["name"], "properties": {"name": {"type": "string", "maxLength": 20}}}"#,
            "q.json":
                "{\"properties\": {\n  \"a\": {\"not\": {\"type\": \"string\"}},\n  \"d\": {\"type\": \"string\", \"format\": \"date\"}}}\n",
        ])
        let ok = try SiftProcess.run(["import", "jsonschema", dir + "/p.json", "--pack", "people"])
        #expect(ok.status == 0)
        #expect(
            ok.stdout.replacingOccurrences(of: dir + "/", with: "") == """
                # Written by `sift import jsonschema` from p.json (draft 2020-12).
                # Reason codes are Sift's (phone.regex); `schema: p.json` would give JSON Schema's (phone.pattern).
                # Person
                version: 1
                pack: 'people'
                null: value   # as in JSON Schema, null is a value that `type` checks
                fields:
                  name:
                    required: true
                    checks:
                      - {type: string}
                      - {length: {max: 20}}
                examples:
                  - name: 'a record with a plain value in every field'
                    json: '{"name":"a"}'
                    valid: true
                  - name: 'name left out'
                    json: '{}'
                    reasons: ['name.required']
                  - name: 'name of another type'
                    json: '{"name":12345}'
                    reasons: ['name.type']

                """)
        let refused = try SiftProcess.run(["import", "jsonschema", dir + "/q.json", "--assert-formats"])
        #expect(refused.status == 2)
        #expect(refused.stdout == "")
        #expect(
            refused.stderr.replacingOccurrences(of: dir + "/", with: "") == """
                q.json:2:9: error: a pack cannot say 'not'; run the schema as it is with 'schema: FILE' (at /properties/a)
                  "a": {"not": {"type": "string"}},
                        ^
                q.json:3:27: error: a pack cannot say format 'date' as an assertion (no Sift check says it exactly); run the schema as it is with 'schema: FILE' (at /properties/d)
                  "d": {"type": "string", "format": "date"}}}
                                          ^
                sift import: nothing written; the schema runs as it is with 'schema: q.json' in a pack

                """)
    }

    /// Issue 60, item 6: `if`/`then`/`else` on one field's value become `when`, an `enum` of texts
    /// stays `enum`, and the pack carries examples the schema agrees with, so it passes
    /// `sift lint --strict` and `sift test` as written.
    @Test func importSaysIfThenElseAsWhenAndWritesExamples() throws {
        let dir = try folder([
            "a.json": """
            {"type": "object", "required": ["country"],
             "properties": {"country": {"type": "string", "enum": ["US", "CA"]}, "zip": {"type": "string"}},
             "if": {"required": ["country"], "properties": {"country": {"const": "US"}}},
             "then": {"required": ["zip"], "properties": {"zip": {"pattern": "^[0-9]{5}$"}}},
             "else": {"properties": {"zip": {"maxLength": 10}}}}

            """
        ])
        let r = try SiftProcess.run(["import", "jsonschema", dir + "/a.json"])
        #expect(r.status == 0)
        #expect(
            r.stdout.replacingOccurrences(of: dir + "/", with: "") == """
                # Written by `sift import jsonschema` from a.json (draft 2020-12).
                # Reason codes are Sift's (phone.regex); `schema: a.json` would give JSON Schema's (phone.pattern).
                # JSON Schema's `pattern` is a search (ECMA-262), not a full match: hence `mode: search`.
                version: 1
                pack: 'a'
                null: value   # as in JSON Schema, null is a value that `type` checks
                fields:
                  country:
                    required: true
                    checks:
                      - {type: string}
                      - {enum: ['US', 'CA']}
                  zip:
                    required: {when: {field: 'country', enum: ['US']}}
                    checks:
                      - {type: string}
                      - {when: {field: 'country', enum: ['US']}, then: [{when: {type: string}, then: [{regex: {pattern: '^[0-9]{5}$', mode: search}}]}]}
                      - {when: {not: {field: 'country', enum: ['US']}}, then: [{when: {type: string}, then: [{length: {max: 10}}]}]}
                examples:
                  - name: 'a record with a plain value in every field'
                    json: '{"country":"CA"}'
                    valid: true
                  - name: 'country left out'
                    json: '{}'
                    reasons: ['country.required']
                  - name: 'country of another type'
                    json: '{"country":12345}'
                    reasons: ['country.type', 'country.enum']

                """)
        try r.stdout.write(toFile: dir + "/a.yaml", atomically: true, encoding: .utf8)
        let lint = try SiftProcess.run(["lint", "--strict", dir + "/a.yaml"])
        #expect(lint.status == 0)
        let test = try SiftProcess.run(["test", dir + "/a.yaml"])
        #expect(test.stdout.hasSuffix("sift test: 3 examples, 3 passed, 0 failed\n"))
        let records =
            #"{"country":"US","zip":"1234"}"# + "\n" + #"{"country":"US"}"# + "\n" + #"{"country":"CA","zip":"12345678901"}"# + "\n"
        let run = try SiftProcess.run(["run", "--rules", dir + "/a.yaml", "-"], stdin: records)
        #expect(
            run.stdout.components(separatedBy: "\n").filter { !$0.isEmpty }.map { $0.contains("\"valid\":false") } == [true, true, true])
    }

    /// Issue 61, item 1: patterns mean what ECMA-262 says, where PCRE2 differs: `\v` is U+000B
    /// only, `.` stops at every line terminator, `\s` is Unicode white space (in a class too),
    /// `\uXXXX` surrogate pairs are one character. The cases real schemas failed on.
    @Test func patternsAreReadAsECMA262ReadsThem() throws {
        let schema = #"""
            {"type": "object", "properties": {
              "buildkite": {"pattern": "^[^ \\t\\n\\v\\f\\r]+$"},
              "vt": {"pattern": "^\\v$"},
              "travis": {"pattern": "^.+:.+(#.+)?$"},
              "bamboo": {"pattern": "^[a-zA-Z0-9\\s+_-]+$"},
              "nonspace": {"pattern": "^[\\S]+$"},
              "emoji": {"pattern": "^\\uD83D\\uDE00$"}}}
            """#
        let dir = try folder(["s.json": schema, "p.yaml": "version: 1\npack: p\nschema: s.json\n"])
        let records = [
            #"{"buildkite":"1S\u2028"}"#, #"{"vt":"\u2028"}"#, #"{"vt":"\u000b"}"#, #"{"travis":"a\r:b"}"#, #"{"travis":"a:b"}"#,
            #"{"bamboo":"a\u2009b\u00a0c"}"#, #"{"nonspace":"a\u3000"}"#, #"{"emoji":"😀"}"#,
        ]
        let r = try SiftProcess.run(["run", "--rules", dir + "/p.yaml", "-", "--quiet"], stdin: records.joined(separator: "\n") + "\n")
        let verdicts = r.stdout.split(separator: "\n").map { $0.contains(#""valid":true"#) }
        #expect(verdicts == [true, false, true, false, true, true, false, true])
    }

    /// Issue 61, item 4: `format: uri` by RFC 3986's grammar, not its characters; `duration`,
    /// `json-pointer`, quoted e-mail local parts and A-labels under `formats: assert`.
    @Test func formatsAreReadByTheirGrammars() throws {
        let schema =
            #"{"type": "object", "properties": {"u": {"format": "uri"}, "d": {"format": "duration"}, "e": {"format": "email"}, "h": {"format": "hostname"}, "p": {"format": "json-pointer"}}}"#
        let dir = try folder(["s.json": schema, "p.yaml": "version: 1\npack: p\nschema: {file: s.json, formats: assert}\n"])
        let cases: [(String, Bool)] = [
            (#"{"u":"http://example.com:abc"}"#, false), (#"{"u":"http://[::1"}"#, false), (#"{"u":"http://a@b@c/"}"#, false),
            (#"{"u":"http://example.com/#frag#2"}"#, false), (#"{"u":"git+ssh://git@github.com:org/repo.git"}"#, false),
            (#"{"u":"ldap://[2001:db8::7]/c=GB?objectClass?one"}"#, true), (#"{"u":"urn:isbn:0451450523"}"#, true),
            (#"{"d":"P1Y2M3DT4H5M6S"}"#, true), (#"{"d":"P1Y2D"}"#, false), (#"{"d":"PT"}"#, false), (#"{"d":"P2W"}"#, true),
            (#"{"e":"\"joe bloggs\"@example.com"}"#, true), (#"{"e":"joe..bloggs@example.com"}"#, false),
            (#"{"h":"example."}"#, false), (#"{"h":"xn--ihqwcrb4cv8a8dqg056pqjye"}"#, true), (#"{"h":"xn--X"}"#, false),
            (#"{"p":"/a~1b/~0"}"#, true), (#"{"p":"/a~2"}"#, false),
        ]
        let r = try SiftProcess.run(
            ["run", "--rules", dir + "/p.yaml", "-", "--quiet"], stdin: cases.map(\.0).joined(separator: "\n") + "\n")
        let verdicts = r.stdout.split(separator: "\n").map { $0.contains(#""valid":true"#) }
        #expect(verdicts == cases.map(\.1))
    }

    /// Issue 61, item 3: a `$ref` to a file beside the schema is read from the rules folder; a URL
    /// is read from its local copy in `schema_map:`; nothing is fetched, and a missing file is a
    /// located error.
    @Test func referencesToOtherFilesAreReadLocally() throws {
        let dir = try folder([
            "main.json":
                #"{"type":"object","properties":{"port":{"$ref":"defs.json#/$defs/port"},"host":{"$ref":"https://example.com/host.json"}}}"#,
            "defs.json": #"{"$defs":{"port":{"type":"integer","minimum":1,"maximum":65535}}}"#,
            "host.json": #"{"type":"string","maxLength":5}"#,
            "p.yaml": "version: 1\npack: p\nschema: {file: main.json, schema_map: {'https://example.com/host.json': host.json}}\n",
            "q.yaml": "version: 1\npack: q\nschema: main.json\n",
        ])
        let r = try SiftProcess.run(["run", "--rules", dir + "/p.yaml", "-", "--quiet"], stdin: #"{"port":0,"host":"abcdefg"}"# + "\n")
        #expect(
            r.stdout.replacingOccurrences(of: dir + "/", with: "")
                == #"{"source":"-","line":1,"valid":false,"packs":["p"],"violations":[{"field":"port","reason":"port.minimum","message":"must be at least 1","value":"0","rule":"defs.json:1:36"},{"field":"host","reason":"host.maxLength","message":"must be at most 5 characters long (it has 7)","value":"abcdefg","rule":"host.json:1:18"}]}"#
                + "\n")
        let unmapped = try SiftProcess.run(["lint", dir + "/q.yaml"])
        #expect(unmapped.status == 2)
        #expect(
            unmapped.stderr.replacingOccurrences(of: dir + "/", with: "").hasPrefix(
                "main.json:1:87: error: 'https://example.com/host.json' refers to 'https://example.com/host.json', outside this schema file; Sift fetches nothing: give a local copy with schema_map (at /properties/host/$ref)\n"
            ))
    }

    /// Issue 61, item 2: `unevaluatedProperties` where `properties`, `allOf` and `$ref` decide
    /// what is evaluated (gathered once), and where the value decides it: the `anyOf`
    /// alternatives that pass, `contains` and `prefixItems` for `unevaluatedItems`.
    @Test func unevaluatedPropertiesAndItemsFollowWhatPassed() throws {
        let dir = try folder([
            "s.json":
                ##"{"$defs": {"named": {"properties": {"name": {"type": "string"}}}}, "allOf": [{"$ref": "#/$defs/named"}], "properties": {"id": {"type": "integer"}}, "patternProperties": {"^x-": true}, "unevaluatedProperties": false}"##,
            "p.yaml": "version: 1\npack: p\nschema: s.json\n",
            "any.json": """
            {"anyOf": [{"properties": {"a": {"type": "integer"}}}, {"properties": {"b": true}}],
             "properties": {"tags": {"prefixItems": [{"type": "string"}], "contains": {"const": 0}, "unevaluatedItems": false}},
             "unevaluatedProperties": false}
            """,
            "q.yaml": "version: 1\npack: q\nschema: any.json\n",
        ])
        let records = #"{"id":1,"name":"a","x-trace":"t"}"# + "\n" + #"{"id":1,"nmae":"a"}"# + "\n"
        let r = try SiftProcess.run(["run", "--rules", dir + "/p.yaml", "-", "--quiet"], stdin: records)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.contains(#""valid":true"#) == true)
        #expect(lines.last?.contains(#""field":"nmae","reason":"record.unevaluatedProperties""#) == true)
        let values = [#"{"a":1,"tags":["x",0,0]}"#, #"{"a":"x","b":2}"#, #"{"tags":["x",0,1]}"#]
        let q = try SiftProcess.run(["run", "--rules", dir + "/q.yaml", "-", "--quiet"], stdin: values.joined(separator: "\n") + "\n")
        #expect(
            q.stdout.replacingOccurrences(of: dir + "/", with: "") == """
                {"source":"-","line":1,"valid":true,"packs":["q"],"violations":[]}
                {"source":"-","line":2,"valid":false,"packs":["q"],"violations":[{"field":"a","reason":"record.unevaluatedProperties","message":"is not allowed: the schema does not list this property","value":"x","rule":"any.json:3:27"}]}
                {"source":"-","line":3,"valid":false,"packs":["q"],"violations":[{"field":"tags[2]","reason":"tags.unevaluatedItems","message":"is one element too many: the schema allows no more","value":"1","rule":"any.json:2:109"}]}

                """)
    }
    /// Issue 61, item 5: a node with many properties finds them through a table, and is left to
    /// the walk rather than made into field rules; `not: {anyOf: [{required: [a]}, ...]}` is
    /// answered in one pass over the members (`required` holds of a value that is not an object).
    @Test func wideSchemasAndAnyOfRequiredMeanTheSame() throws {
        var properties = (0..<40).map { #""p\#($0)": {"type": "integer"}"# }
        properties.append(#""tags": {"type": "array", "items": {"not": {"anyOf": [{"required": ["x"]}, {"required": ["y"]}]}}}"#)
        let schema =
            #"{"properties": {"# + properties.joined(separator: ", ")
            + #"}, "not": {"anyOf": [{"required": ["legacy"]}, {"required": ["old"]}]}, "propertyNames": {"maxLength": 8}}"#
        let dir = try folder(["wide.json": schema, "pack.yaml": "version: 1\npack: w\nschema: wide.json\n"])
        let records = [#"{"p1":1,"p39":2,"tags":[1,"a",{"z":1}]}"#, #"{"p39":"x","p2":1.5,"old":1}"#, #"{"tags":[{"y":1}],"p0":0}"#]
        let r = try SiftProcess.run(["run", "--rules", dir + "/pack.yaml", "-", "--quiet"], stdin: records.joined(separator: "\n") + "\n")
        let reasons = r.stdout.split(separator: "\n").map { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["violations"]
                .flatMap { $0 as? [[String: Any]] }?.map { "\($0["field"]!) \($0["reason"]!)" } ?? []
        }
        #expect(
            reasons == [
                ["tags[0] tags[*].not", "tags[1] tags[*].not"],
                ["p39 p39.type", "p2 p2.type", "record record.not"],
                ["tags[0] tags[*].not"],
            ])
        // Without `propertyNames` the members are not walked: the properties are found through
        // the table and checked in the schema's order, as a lookup of each would.
        let plain = schema.replacingOccurrences(of: #", "propertyNames": {"maxLength": 8}"#, with: "")
        let dir2 = try folder(["wide.json": plain, "pack.yaml": "version: 1\npack: w\nschema: wide.json\n"])
        let r2 = try SiftProcess.run(["run", "--rules", dir2 + "/pack.yaml", "-", "--quiet"], stdin: records[1] + "\n")
        #expect(r2.stdout.contains(#"[{"field":"p2","reason":"p2.type""#))
        #expect(r2.stdout.contains(#"{"field":"p39","reason":"p39.type""#))
        #expect(r2.stdout.range(of: "p2.type")!.lowerBound < r2.stdout.range(of: "p39.type")!.lowerBound)
    }

    /// Issue 61, item 6: keywords of other vocabularies that real schemas carry are annotations,
    /// with no did-you-mean; a misspelt keyword still gets one.
    @Test func vendorKeywordsAreAnnotationsAndTyposAreNot() throws {
        let schema = #"{"properties": {"a": {"type": "string", "example": "x", "enumDescriptions": ["y"], "maxLenght": 3}}}"#
        let dir = try folder([
            "s.json": schema, "pack.yaml": "version: 1\npack: v\nschema: s.json\nexamples:\n  - valid: {a: x}\n  - invalid: {a: 1}\n",
        ])
        let lint = try SiftProcess.run(["lint", dir + "/pack.yaml"])
        #expect(
            lint.stderr.components(separatedBy: "\n").filter { $0.contains("warning:") }.map {
                $0.replacingOccurrences(of: dir + "/", with: "")
            } == [
                "s.json:1:84: warning: 'maxLenght' is no keyword of draft 2020-12 and is ignored; did you mean 'maxLength'? (at /properties/a/maxLenght)"
            ])
    }

    /// Issue 61, item 6 (part): the importer says an `anyOf` of a field's own value as `any:`.
    @Test func importSaysAnyOfAsAny() throws {
        let dir = try folder([
            "s.json":
                #"{"type":"object","required":["id"],"properties":{"id":{"anyOf":[{"type":"integer","minimum":1},{"type":"string","pattern":"^[A-Z]+$"}]}}}"#
        ])
        let imported = try SiftProcess.run(["import", "jsonschema", dir + "/s.json", "--pack", "ids"])
        #expect(imported.status == 0)
        #expect(
            imported.stdout.contains(
                "      - {any: [{all: [{type: integer}, {range: {min: 1}}]}, {all: [{type: string}, {regex: {pattern: '^[A-Z]+$', mode: search}}]}]}\n"
            ))
        try imported.stdout.write(toFile: dir + "/p.yaml", atomically: true, encoding: .utf8)
        let r = try SiftProcess.run(
            ["run", "--rules", dir + "/p.yaml", "-", "--quiet"], stdin: "{\"id\":3}\n{\"id\":\"AB\"}\n{\"id\":0}\n{\"id\":\"ab\"}\n")
        let verdicts = r.stdout.split(separator: "\n").map {
            $0.contains(#""valid":true"#) ? "valid" : $0.contains(#""reason":"id.any""#) ? "id.any" : "?"
        }
        #expect(verdicts == ["valid", "valid", "id.any", "id.any"])
        // `oneOf` becomes `one_of`: a value that fits both alternatives fails, as in JSON Schema.
        try #"{"properties":{"n":{"oneOf":[{"type":"integer"},{"type":"number","minimum":2}]}}}"#.write(
            toFile: dir + "/o.json", atomically: true, encoding: .utf8)
        let one = try SiftProcess.run(["import", "jsonschema", dir + "/o.json", "--pack", "n"])
        #expect(one.stdout.contains("      - {one_of: [{type: integer}, {all: [{type: number}, {range: {min: 2}}]}]}\n"))
        try one.stdout.write(toFile: dir + "/n.yaml", atomically: true, encoding: .utf8)
        let n = try SiftProcess.run(
            ["run", "--rules", dir + "/n.yaml", "-", "--quiet"], stdin: "{\"n\":1}\n{\"n\":2.5}\n{\"n\":3}\n{\"n\":1.5}\n")
        let kinds = n.stdout.split(separator: "\n").map { line in
            line.contains(#""valid":true"#)
                ? "valid"
                : line.contains(#""message":"2 of the 2 alternatives hold; exactly one must""#)
                    ? "both" : line.contains("none of the alternatives holds") ? "none" : "?"
        }
        #expect(kinds == ["valid", "valid", "both", "none"])
        let explained = try SiftProcess.run(["explain", dir + "/n.yaml"]).stdout.replacingOccurrences(of: dir + "/", with: "")
        #expect(
            explained.contains(
                """
                    - exactly one of [n.one_of] (n.yaml:10:10):
                        must be of type integer [n.type] (n.yaml:10:20)
                        all of:
                """))
    }

    /// Review of issue 61: an `anyOf` beside `unevaluatedProperties` in a recursive schema is
    /// asked once per value (it was asked twice per level: 2^depth work, a hang at 40 levels).
    @Test func recursiveUnevaluatedWithAnyOfStaysLinear() throws {
        let schema =
            ##"{"$defs":{"t":{"type":"object","anyOf":[{"properties":{"c":{"$ref":"#/$defs/t"}}},{"required":["leaf"],"properties":{"leaf":true}}],"unevaluatedProperties":false}},"$ref":"#/$defs/t"}"##
        let dir = try folder(["s.json": schema, "pack.yaml": "version: 1\npack: e\nschema: s.json\n"])
        func nested(_ inner: String) -> String { String(repeating: #"{"c":"#, count: 300) + inner + String(repeating: "}", count: 300) }
        let records = [nested(#"{"leaf":1}"#), nested(#"{"leaf":1,"x":2}"#)].joined(separator: "\n") + "\n"
        let r = try SiftProcess.run(["run", "--rules", dir + "/pack.yaml", "-", "--quiet"], stdin: records)
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.contains(#""valid":true"#) == true)
        #expect(lines.last?.contains(#""reason":"record.unevaluatedProperties""#) == true)
    }

}
