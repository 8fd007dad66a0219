import Foundation
import SiftCore
import SiftTesting
import Testing

@testable import SiftJSONSchema
import SiftJSON

/// A schema's plain properties run as field rules (`SchemaLift`): every record gets the same
/// violations (field, reason, words in both languages, value, location) as the walk of the
/// schema as written, only listed lifted ones first.
@Suite struct SchemaLiftTests {
    static let schema = """
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "type": "object",
          "required": ["id", "address"],
          "properties": {
            "id": {"type": "string", "pattern": "^[A-Z]{2}[0-9]+", "minLength": 3, "maxLength": 6},
            "age": {"type": ["integer", "null"], "minimum": 0, "exclusiveMaximum": 150, "multipleOf": 1},
            "kind": {"enum": ["a", "b", 1.0]},
            "tag": {"const": {"x": [1, 2]}},
            "phone": {"$ref": "#/$defs/phone"},
            "day": {"type": "string", "format": "date"},
            "free": {},
            "address": {
              "type": "object", "required": ["city"], "additionalProperties": false,
              "properties": {"city": {"type": "string", "minLength": 2}, "zip": {"$ref": "#/$defs/zip"},
                "geo": {"properties": {"lat": {"type": "number", "maximum": 90}}}}
            },
            "items": {"type": "array", "items": {"properties": {"sku": {"type": "string"}}}},
            "self": {"$ref": "#"},
            "either": {"anyOf": [{"type": "string"}, {"type": "integer"}]}
          },
          "additionalProperties": false,
          "$defs": {"phone": {"type": "string", "pattern": "^1[0-9]{10}$"}, "zip": {"$ref": "#/$defs/digits"},
            "digits": {"type": "string", "pattern": "^[0-9]+$", "maxLength": 6}}
        }
        """

    static let records = [
        #"{"id":"AB12","address":{"city":"Xi"}}"#,
        #"{"id":"a","age":200.5,"kind":"c","tag":{"x":[1,2.0]},"phone":"2","day":"2026-13-01","free":[1],"address":{"city":"X","zip":"12a4567","geo":{"lat":91},"more":1},"extra":true}"#,
        #"{"id":null,"age":null,"kind":1,"tag":{"x":[2,1]},"phone":13812345678,"address":{"zip":12,"geo":[1]},"items":[{"sku":1},{"sku":"ok"}]}"#,
        #"{"id":"AB1234567","address":"nowhere","self":{"id":"x","address":{"city":1},"self":{"age":-1}},"either":true}"#,
        #"{"address":{"geo":{"lat":"north"}},"age":-0.5}"#, #"{"id":"ＡＢ１２","address":{"city":"京"}}"#, "{}",
    ]
    /// Values a field can hold but a record cannot (a record that is not an object is an input error).
    static let values = [#"["not", "an", "object"]"#, "null", "12"]

    /// The pack of a `schema:` section with `options`: all its stages, and the schema's.
    struct Loaded {
        let stages: [any Stage]
        let schema: SchemaStage
    }

    func stage(_ options: String, schema: String = Self.schema) throws -> Loaded {
        let dir = TemporaryFiles.path("sift-schema-lift-")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try schema.write(toFile: dir + "/s.json", atomically: true, encoding: .utf8)
        try "pack: p\nschema: \(options)\n".write(toFile: dir + "/p.yaml", atomically: true, encoding: .utf8)
        let loaded = RulesLoader(registry: .builtIn()).load(path: dir)
        let pipeline = try #require(loaded.pipeline, "\(loaded.rendered())")
        let stages = try #require(pipeline.packs.first?.stages)
        return Loaded(stages: stages, schema: try #require(stages.compactMap { $0 as? SchemaStage }.first))
    }

    func words(_ v: [Violation]) -> [String] {
        v.map {
            "\($0.field) \($0.reason) \($0.message.en) | \($0.message.zh) = \($0.value ?? "-") @\($0.rule.map { "\($0.line):\($0.column)" } ?? "-")"
        }
    }

    /// What the pack reports (its fields stage, with the lifted properties, then the walk), and
    /// what the schema as written reports by its walk alone.
    func both(_ loaded: Loaded, _ json: String) throws -> (lifted: [String], walked: [String]) {
        let doc = try JSONDocument(bytes: Array(json.utf8))
        let context = EvaluationContext(record: doc.root, asOfMillis: 0)
        let lifted = loaded.stages.flatMap { $0.evaluate(doc.root, in: context).violations }
        var walked: [Violation] = []
        let stage = loaded.schema
        if let value = stage.field.map({ $0.first(in: doc.root) }) ?? doc.root {
            stage.program.collect(value, prefix: stage.field?.components ?? [], into: &walked)
        }
        return (words(lifted), words(walked))
    }

    @Test(arguments: ["s.json", "{file: s.json, formats: assert}", "{file: s.json, field: order}"])
    func liftedPropertiesSayWhatTheWalkSays(options: String) throws {
        let stage = try stage(options)
        #expect(stage.schema.program.entry == stage.schema.program.root)
        #expect(stage.schema.walk.entry != stage.schema.walk.root)
        var lifted = 0
        let inField = options.contains("field")
        for record in Self.records + (inField ? Self.values : []) {
            let json = inField ? #"{"order":\#(record)}"# : record
            let (got, want) = try both(stage, json)
            #expect(got.sorted() == want.sorted(), "\(json)")
            lifted += got.count
        }
        #expect(lifted > 30)
    }

    @Test func whatIsLiftedAndWhatStaysInTheWalk() throws {
        let stage = try stage("s.json")
        let (got, _) = try both(stage, Self.records[1])
        // Lifted first, in the schema's order (id, age, kind, tag, phone through its $ref, then
        // address.city and address.zip through two $refs, address.geo.lat one level deeper);
        // then the walk: the closed records' extra members, which it still sees as listed.
        let want = [
            "id id.minLength must be at least 3 characters long (it has 1) | 长度须至少 3 个字符（实为 1 个） = a @6:60",
            "id id.pattern does not match the format the schema's pattern requires | 不符合模式规定的格式 = a @6:30",
            "age age.type must be of type null or integer, not number | 类型须为 null 或 integer，实为 number = 200.5 @7:13",
            "age age.exclusiveMaximum must be less than 150 | 须小于 150 = 200.5 @7:56",
            "age age.multipleOf must be a multiple of 1 | 须为 1 的整数倍 = 200.5 @7:81",
            "kind kind.enum must be one of: a, b, 1.0 | 须为以下之一：a, b, 1.0 = c @8:14",
            "phone phone.pattern does not match the format the schema's pattern requires | 不符合模式规定的格式 = 2 @23:41",
            "address.city address.city.minLength must be at least 2 characters long (it has 1) | 长度须至少 2 个字符（实为 1 个） = X @15:49",
            "address.zip address.zip.maxLength must be at most 6 characters long (it has 7) | 长度须至多 6 个字符（实为 7 个） = 12a4567 @24:57",
            "address.zip address.zip.pattern does not match the format the schema's pattern requires | 不符合模式规定的格式 = 12a4567 @24:34",
            "address.geo.lat address.geo.lat.maximum must be at most 90 | 须不大于 90 = 91 @16:58",
            "address.more address.additionalProperties is not allowed: the schema does not list this property | 不允许：模式未列出此属性 = 1 @14:71",
            "extra record.additionalProperties is not allowed: the schema does not list this property | 不允许：模式未列出此属性 = true @22:27",
        ]
        #expect(got == want)
    }

    /// A record schema of plain properties (the sign-up job's shape) runs as field rules alone:
    /// `required` becomes the fields' own "missing", and no walk is left.
    @Test func aRecordOfPlainPropertiesNeedsNoWalk() throws {
        let schema = """
            {"type": "object", "required": ["phone", "email"],
             "properties": {"phone": {"type": "string", "pattern": "^1[0-9]{10}$"}, "email": {"type": "string", "maxLength": 5}}}
            """
        let stage = try stage("s.json", schema: schema)
        #expect(!stage.schema.walks)
        let records = [#"{"phone":"13812345678","email":"a@b"}"#, "{}", #"{"phone":null,"email":"toolong"}"#, #"{"email":1,"x":2}"#]
        var all: [String] = []
        for record in records {
            let (got, want) = try both(stage, record)
            #expect(got.sorted() == want.sorted(), "\(record)")
            all += got
        }
        #expect(
            all == [
                "phone phone.required is required but missing | 必填字段缺失 = - @1:20",
                "email email.required is required but missing | 必填字段缺失 = - @1:20",
                "phone phone.type must be of type string, not null | 类型须为 string，实为 null = null @2:27",
                "email email.maxLength must be at most 5 characters long (it has 7) | 长度须至多 5 个字符（实为 7 个） = toolong @2:101",
                "phone phone.required is required but missing | 必填字段缺失 = - @1:20",
                "email email.type must be of type string, not integer | 类型须为 string，实为 integer = 1 @2:83",
            ])
    }

    /// A length bound near the largest integer decides by code points, never by an overflowing
    /// byte estimate (found on a second read: `minLength` times 4 trapped).
    @Test func hugeLengthBoundsNeitherTrapNorPass() throws {
        let schema = #"{"properties": {"a": {"minLength": 4611686018427387904}, "b": {"maxLength": 9223372036854775807}}}"#
        let stage = try stage("s.json", schema: schema)
        let (got, want) = try both(stage, #"{"a":"abcdefgh","b":"x"}"#)
        #expect(got == want)
        #expect(got.map { $0.components(separatedBy: " ")[1] } == ["a.minLength"])
    }
}
