import Foundation
import Sift
import SiftBatch
import Testing
import SiftTesting
import SiftConfig

@Suite struct RunnerTests {
    let pipeline: Pipeline

    init() throws {
        let yaml = """
            fields:
              phone: [ regex: '1[0-9]{10}' ]
              in_app[*].product_id:
                required: false
                checks:
                  - enum: [gold, silver]
            """
        pipeline = try #require(RulesLoader(registry: .builtIn()).load(text: yaml, file: "r.yaml").pipeline)
    }

    func run(_ input: String, workers: Int = 1, batchSize: Int = 2048, maxRecordBytes: Int = 1 << 20, suffix: String = ".jsonl") throws -> (
        [String], RunSummary
    ) {
        let path = TemporaryFiles.path("sift-run-", suffix)
        try input.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var out: [UInt8] = []
        let options = RunOptions(workers: workers, batchSize: batchSize, asOfMillis: 0, maxRecordBytes: maxRecordBytes)
        let summary = try BatchRunner(pipeline: pipeline, options: options).run([.file(path)]) { out += $0 }
        let lines = String(decoding: out, as: UTF8.self).split(separator: "\n").map {
            String($0).replacingOccurrences(of: path, with: "IN")
        }
        return (lines, summary)
    }

    @Test func everyRecordYieldsOneResultAndBadLinesDoNotStopTheRun() throws {
        let input = """
            {"phone":"13800138000"}
            {"phone":"1380013800"

            [1,2]
            {"phone":"13800138000","in_app":[{"product_id":"gold"},{"product_id":"lead"}]}
            {"phone":"13800138000"}
            """
        let (lines, summary) = try run(input)
        #expect(
            lines == [
                #"{"source":"IN","line":1,"valid":true,"packs":["r"],"violations":[]}"#,
                #"{"source":"IN","line":2,"valid":false,"error":{"reason":"input.malformed_json","#
                    + #""message":"unexpected end of input at byte 22"}}"#,
                #"{"source":"IN","line":4,"valid":false,"error":{"reason":"input.not_object","message":"a record must be a JSON object"}}"#,
                #"{"source":"IN","line":5,"valid":false,"packs":["r"],"violations":[{"field":"in_app[1].product_id","#
                    + #""reason":"in_app[*].product_id.enum","message":"must be one of: gold, silver","value":"lead","#
                    + #""rule":"r.yaml:6:9"}]}"#,
                #"{"source":"IN","line":6,"valid":true,"packs":["r"],"violations":[]}"#,
            ])
        #expect(summary.records == 5)
        #expect(summary.valid == 2)
        #expect(summary.inputErrors == 2)
    }

    /// More distinct codes than the run counts by identity (16) and a field failing in
    /// turns as a mismatch, a number and a boolean: every count is kept, and each line says
    /// the failure it had, however the worker's kept words were reused.
    @Test func reasonCountsAndWordsSurviveManyCodesAndAlternatingFailures() throws {
        let fields = (0..<20).map { "  f\($0): [ regex: 'ok' ]" }.joined(separator: "\n")
        let many = try #require(
            RulesLoader(registry: .builtIn()).load(text: "fields:\n" + fields, file: "m.yaml").pipeline)
        let values = [#""no""#, "1", "true", #""ok""#]
        var input = ""
        for i in 0..<400 {
            let record = (0..<20).map { "\"f\($0)\":\(values[(i + $0) % 4])" }.joined(separator: ",")
            input += "{\(record)}\n"
        }
        let path = TemporaryFiles.path("sift-many-", ".jsonl")
        try input.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        for workers in [1, 2] {
            var out: [UInt8] = []
            let options = RunOptions(workers: workers, batchSize: 64, asOfMillis: 0)
            let summary = try BatchRunner(pipeline: many, options: options).run([.file(path)]) { out += $0 }
            #expect(summary.reasons.count == 20)
            for f in 0..<20 { #expect(summary.reasons[ReasonCode("f\(f).regex")] == 300) }
            var merged = RunSummary()
            merged.merge(summary)
            merged.merge(summary)
            #expect(merged.reasons[ReasonCode("f7.regex")] == 600)
            let lines = String(decoding: out, as: UTF8.self).split(separator: "\n")
            #expect(lines.count == 400)
            // Record 1 (i = 0): f0 "no", f1 1, f2 true, f3 "ok".
            #expect(
                lines[0].hasPrefix(
                    #"{"source":"\#(path)","line":1,"valid":false,"packs":["m"],"violations":[{"field":"f0","reason":"f0.regex","#
                        + #""message":"does not match the required format","value":"no","rule":"m.yaml:2:9"},"#
                        + #"{"field":"f1","reason":"f1.regex","message":"expected a string, got a number","value":"1","#
                        + #""rule":"m.yaml:3:9"},{"field":"f2","reason":"f2.regex","message":"expected a string, got a boolean","#
                        + #""value":"true","rule":"m.yaml:4:9"},{"field":"f4""#
                ))
            // Record 2 (i = 1): f0 1, f1 true, f2 "ok", f3 "no".
            #expect(
                lines[1].hasPrefix(
                    #"{"source":"\#(path)","line":2,"valid":false,"packs":["m"],"violations":[{"field":"f0","reason":"f0.regex","#
                        + #""message":"expected a string, got a number","value":"1","rule":"m.yaml:2:9"},"#
                        + #"{"field":"f1","reason":"f1.regex","message":"expected a string, got a boolean","value":"true","#
                        + #""rule":"m.yaml:3:9"},{"field":"f3","reason":"f3.regex","message":"does not match the required format","#
                        + #""value":"no","rule":"m.yaml:5:9"}"#
                ))
        }
    }

    /// A fixed rejection finds its kept words per check: two checks of one field failing with the
    /// same rejection keep their own messages, and a field missing, then null, then missing
    /// again says which each time.
    @Test func keptWordsBelongToTheirCheckAndTheirCase() throws {
        let yaml = """
            fields:
              code:
                checks:
                  - regex: '[a-z]+'
                    message: letters only
                  - regex: '[a-z]{3}'
            """
        let rules = try #require(RulesLoader(registry: .builtIn()).load(text: yaml, file: "k.yaml").pipeline)
        let path = TemporaryFiles.path("sift-kept-", ".jsonl")
        // Then more wrong types than a site keeps by identity (4): they are found by their words.
        try
            (#"{"code":"A"}\#n{"code":null}\#n{}\#n{"code":"A"}\#n{"code":null}\#n"#
            + #"{"code":7}\#n{"code":true}\#n{"code":[]}\#n{"code":{}}\#n{"code":7}\#n"#)
            .write(
                toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var out: [UInt8] = []
        _ = try BatchRunner(pipeline: rules, options: RunOptions(asOfMillis: 0)).run([.file(path)]) { out += $0 }
        let lines = String(decoding: out, as: UTF8.self).replacingOccurrences(of: path, with: "IN").split(separator: "\n")
        let mismatch =
            #"[{"field":"code","reason":"code.regex","message":"letters only","value":"A","rule":"k.yaml:4:9"},"#
            + #"{"field":"code","reason":"code.regex","message":"does not match the required format","value":"A","rule":"k.yaml:6:9"}]}"#
        let null = #"[{"field":"code","reason":"code.required","message":"is required but null","value":"null","rule":"k.yaml:2:3"}]}"#
        let missing = #"[{"field":"code","reason":"code.required","message":"is required but missing","rule":"k.yaml:2:3"}]}"#
        let number =
            #"[{"field":"code","reason":"code.regex","message":"expected a string, got a number","value":"7","rule":"k.yaml:4:9"},"#
            + #"{"field":"code","reason":"code.regex","message":"expected a string, got a number","value":"7","rule":"k.yaml:6:9"}]}"#
        func wrong(_ value: String, _ kind: String) -> String {
            #"[{"field":"code","reason":"code.regex","message":"expected a string, got \#(kind)","value":"\#(value)","rule":"k.yaml:4:9"},"#
                + #"{"field":"code","reason":"code.regex","message":"expected a string, got \#(kind)","value":"\#(value)","#
                + #""rule":"k.yaml:6:9"}]}"#
        }
        let head = #"{"source":"IN","line":"#
        #expect(
            lines == [
                "\(head)1,\"valid\":false,\"packs\":[\"k\"],\"violations\":\(mismatch)",
                "\(head)2,\"valid\":false,\"packs\":[\"k\"],\"violations\":\(null)",
                "\(head)3,\"valid\":false,\"packs\":[\"k\"],\"violations\":\(missing)",
                "\(head)4,\"valid\":false,\"packs\":[\"k\"],\"violations\":\(mismatch)",
                "\(head)5,\"valid\":false,\"packs\":[\"k\"],\"violations\":\(null)",
                "\(head)6,\"valid\":false,\"packs\":[\"k\"],\"violations\":\(number)",
                "\(head)7,\"valid\":false,\"packs\":[\"k\"],\"violations\":\(wrong("true", "a boolean"))",
                "\(head)8,\"valid\":false,\"packs\":[\"k\"],\"violations\":\(wrong("[]", "an array"))",
                "\(head)9,\"valid\":false,\"packs\":[\"k\"],\"violations\":\(wrong("{}", "an object"))",
                "\(head)10,\"valid\":false,\"packs\":[\"k\"],\"violations\":\(number)",
            ])
    }

    @Test func workersDoNotChangeTheOutput() throws {
        var input = ""
        for i in 0..<3000 {
            input += i % 7 == 0 ? "{bad\n" : "{\"phone\":\"\(i % 3 == 0 ? "1380013800" : "13800138000")\"}\n"
        }
        let (one, _) = try run(input, workers: 1, batchSize: 256)
        let (four, _) = try run(input, workers: 4, batchSize: 256)
        #expect(one.count == 3000)
        #expect(one == four)
    }

    struct SinkFailed: Error {}

    /// Workers take whole blocks in turn; the blocks still reach the sinks one at a time in
    /// input order, progress counts only go up, and after a sink fails nothing more is written.
    @Test(arguments: [2, 4]) func blocksReachTheSinksInOrderAndStopAtTheFirstFailure(workers: Int) throws {
        let path = TemporaryFiles.path("sift-run-", ".jsonl")
        try (0..<3000).map { "{\"phone\":\"1380013800\($0 % 10)\"}\n" }.joined().write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        final class Seen: @unchecked Sendable {
            let lock = NSLock()
            var progress: [Int] = []
        }
        let seen = Seen()
        var options = RunOptions(workers: workers, batchSize: 16, asOfMillis: 0)
        options.progress = { p in seen.lock.withLock { seen.progress.append(p.records) } }
        let runner = BatchRunner(pipeline: pipeline, options: options)

        var lines: [Int] = []
        let summary = try runner.run([.file(path)]) { block in
            if lines.isEmpty { usleep(20_000) }  // the other workers go on meanwhile, and must wait their turn
            lines += String(decoding: block, as: UTF8.self).split(separator: "\n").map { Int($0.split(separator: ",")[1].dropFirst(7))! }
        }
        #expect(summary.records == 3000)
        #expect(lines == Array(1...3000))
        #expect(seen.progress == Array(stride(from: 16, through: 3000, by: 16)) + [3000, 3000])

        var calls = 0
        #expect(throws: SinkFailed.self) {
            try runner.run(
                [.file(path)],
                to: RunSinks(results: { _ in
                    calls += 1
                    if calls == 3 { throw SinkFailed() }
                }))
        }
        #expect(calls == 3)
    }

    /// A shard of fewer records than a block holds leaves some blocks empty; the run reads on.
    @Test(arguments: [1, 2]) func aShardThatLeavesBlocksEmptyStillGetsAllItsRecords(workers: Int) throws {
        let path = TemporaryFiles.path("sift-run-", ".jsonl")
        try (0..<3000).map { "{\"phone\":\"1380013800\($0 % 10)\"}\n" }.joined().write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var options = RunOptions(workers: workers, batchSize: 16, asOfMillis: 0)
        options.shard = Shard("2/40")
        var lines: [Int] = []
        let summary = try BatchRunner(pipeline: pipeline, options: options).run([.file(path)]) { block in
            lines += String(decoding: block, as: UTF8.self).split(separator: "\n").map { Int($0.split(separator: ",")[1].dropFirst(7))! }
        }
        #expect(summary.records == 75)
        #expect(lines == Array(stride(from: 2, through: 3000, by: 40)))
    }

    @Test func hugeLinesBecomeErrorResults() throws {
        let big = "{\"phone\":\"" + String(repeating: "1", count: 5000) + "\"}"
        let (lines, _) = try run("{\"phone\":\"13800138000\"}\n\(big)\n{\"phone\":\"13800138000\"}\n", maxRecordBytes: 1000)
        #expect(lines.count == 3)
        #expect(
            lines[1]
                == #"{"source":"IN","line":2,"valid":false,"error":{"reason":"input.too_large","#
                + #""message":"the line is longer than the record size limit"}}"#
        )
        #expect(lines[2].contains(#""line":3,"valid":true"#))
    }

    @Test func jsonFilesHoldAnObjectOrAnArray() throws {
        let (lines, _) = try run("[\n  {\"phone\":\"13800138000\"},\n  {\"phone\":\"x\"},\n  7\n]\n", suffix: ".json")
        #expect(lines.count == 3)
        #expect(lines[0].contains(#""line":2,"index":0,"valid":true"#))
        #expect(lines[1].contains(#""line":3,"index":1,"valid":false"#))
        #expect(lines[2].contains(#""line":4,"index":2,"valid":false,"error":{"reason":"input.not_object""#))
        let (single, _) = try run("{\n \"phone\": \"13800138000\"\n}\n", suffix: ".json")
        #expect(single == [#"{"source":"IN","line":1,"valid":true,"packs":["r"],"violations":[]}"#])
    }
}

@Suite struct CompositionTests {
    func reasons(_ yaml: String, _ json: String, duplicateKeys: DuplicateKeys = .reject) throws -> [ReasonCode] {
        let p = try #require(RulesLoader(registry: .builtIn()).load(text: yaml, file: "r.yaml").pipeline)
        let session = try Session(pipeline: p, asOfMillis: 0)
        session.duplicateKeys = duplicateKeys
        let verdict = session.validate(json: Array(json.utf8))
        return verdict.inputError.map { [$0.reason] } ?? verdict.reasons
    }

    /// The fields stage finds its rules' first keys in one pass over the record (`RootKeys`):
    /// duplicate keys are refused, or the first or last counts as asked, an escaped key is the same key, rules sharing a first
    /// key each go on from it, keys of equal length are told apart, and a record that is not an
    /// object has none of them.
    @Test func firstKeysFoundInOnePassMeanWhatALookupMeans() throws {
        let yaml = """
            fields:
              phone: [{regex: '[0-9]+'}]
              plate: [{regex: '[A-Z]+'}]
              profile.a: [{regex: 'a'}]
              profile.b: [{regex: 'b'}]
              list[0]: [{regex: 'x'}]
            """
        let good = #"{"list":["x"],"profile":{"a":"a","b":"b"}"#
        #expect(try reasons(yaml, good + #","phone":"1","plate":"A"}"#) == [])
        for json in [good + #","phone":"x","plate":"A","phone":"1"}"#, good + #","phone":"1","plate":"A","\u0070hone":"x"}"#] {
            #expect(try reasons(yaml, json) == ["input.duplicate_key"])
        }
        #expect(try reasons(yaml, good + #","phone":"x","plate":"A","phone":"1"}"#, duplicateKeys: .last) == [])
        #expect(try reasons(yaml, good + #","phone":"1","plate":"A","phone":"x"}"#, duplicateKeys: .last) == ["phone.regex"])
        #expect(try reasons(yaml, good + #","phone":"x","plate":"A","phone":"1"}"#, duplicateKeys: .first) == ["phone.regex"])
        #expect(try reasons(yaml, good + #","phone":"1","plate":"A","\u0070hone":"x"}"#, duplicateKeys: .first) == [])
        #expect(try reasons(yaml, good + #","\u0070hone":"x","pl\u0061te":"A"}"#) == ["phone.regex"])
        #expect(
            try reasons(yaml, #"{"profile":{"a":"b","b":"a"},"list":["y"],"phone":"1","plate":"1"}"#)
                == ["plate.regex", "profile.a.regex", "profile.b.regex", "list[0].regex"])
        #expect(
            try reasons(yaml, #"{"list":["x"],"profile":{"a":"a","b":"b"},"email":"1","plane":"A"}"#)
                == ["phone.required", "plate.required"])
    }

    @Test func aRequiredWildcardPathNeedsItsArray() throws {
        let yaml = "fields:\n  in_app[*].product_id: [not_empty]\n"
        #expect(try reasons(yaml, #"{}"#) == ["in_app[*].product_id.required"])
        #expect(try reasons(yaml, #"{"in_app":[]}"#) == [])
        #expect(try reasons(yaml, #"{"in_app":[{"product_id":"a"},{}]}"#) == ["in_app[*].product_id.required"])
    }

    @Test func requiredOptionalAndNull() throws {
        let yaml = "fields:\n  a: [not_empty]\n  b:\n    required: false\n    checks: [not_empty]\n"
        #expect(try reasons(yaml, #"{"a":"x"}"#) == [])
        #expect(try reasons(yaml, #"{}"#) == ["a.required"])
        #expect(try reasons(yaml, #"{"a":null,"b":null}"#) == ["a.required"])
        #expect(try reasons(yaml, #"{"a":"x","b":""}"#) == ["b.not_empty"])
    }

    @Test func whenThenElse() throws {
        let yaml = """
            fields:
              plate:
                - when: {length: 7}
                  then: {regex: '[A-Z]{7}'}
                  else: {regex: '[0-9]+'}
            """
        #expect(try reasons(yaml, #"{"plate":"ABCDEFG"}"#) == [])
        #expect(try reasons(yaml, #"{"plate":"ABCDEF1"}"#) == ["plate.regex"])
        #expect(try reasons(yaml, #"{"plate":"12345678"}"#) == [])
        #expect(try reasons(yaml, #"{"plate":"ABCDEFGH"}"#) == ["plate.regex"])
    }

    @Test func whenOnAnotherField() throws {
        let yaml = """
            fields:
              id:
                - when: {field: country, enum: [CN]}
                  then: {checksum: gb11643}
            """
        #expect(try reasons(yaml, #"{"country":"CN","id":"11010519491231002X"}"#) == [])
        #expect(try reasons(yaml, #"{"country":"CN","id":"110105194912310021"}"#) == ["id.checksum"])
        #expect(try reasons(yaml, #"{"country":"US","id":"110105194912310021"}"#) == [])
        #expect(try reasons(yaml, #"{"id":"110105194912310021"}"#) == [])
    }

    @Test func anyNotAllAndRelabel() throws {
        let yaml = """
            validators:
              digits: {regex: '[0-9]+'}
            fields:
              a:
                - any: [{use: digits}, {enum: [none]}]
              b:
                - not: {enum: [admin, root]}
                  reason: b.reserved
              c:
                - all: [{length: {max: 3}}, {use: digits}]
              d:
                - use: digits
                  reason: d.numeric
                  message: {en: digits only, zh: 只能是数字}
            """
        #expect(try reasons(yaml, #"{"a":"12","b":"x","c":"123","d":"1"}"#) == [])
        #expect(try reasons(yaml, #"{"a":"none","b":"admin","c":"1234","d":"x"}"#) == ["b.reserved", "c.length", "d.numeric"])
        #expect(try reasons(yaml, #"{"a":"x","b":"y","c":"ab","d":"1"}"#) == ["a.any", "c.regex"])
    }
}

/// A violation's words are encoded once; changing one of them writes the new words.
@Suite struct ViolationWordsTests {
    @Test func editedViolationsWriteTheirNewWords() {
        var v = Violation(
            field: "phone", reason: "phone.regex", message: LocalizedText(en: "bad", zh: "不对"), value: "12",
            rule: Mark(file: "r.yaml", line: 3, column: 5))
        v.field = "account.phone"
        v.reason = "account.phone.regex"
        v.message = LocalizedText(en: "is not a \"phone\"", zh: "不是手机号")
        v.rule = nil
        let line: (Language) -> String = { language in
            var w = JSONWriter()
            ResultLine.write(source: "-", line: 1, verdict: RecordVerdict(packs: ["p"], violations: [v]), language: language, into: &w)
            return String(decoding: w.bytes, as: UTF8.self)
        }
        #expect(
            line(.en) == #"{"source":"-","line":1,"valid":false,"packs":["p"],"violations":[{"field":"account.phone","#
                + #""reason":"account.phone.regex","message":"is not a \"phone\"","value":"12"}]}"# + "\n")
        #expect(line(.zh).contains(#""message":"不是手机号","value":"12"}"#))
    }
}
