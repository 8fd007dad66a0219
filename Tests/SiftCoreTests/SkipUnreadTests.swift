import Foundation
import Sift
@testable import SiftCore
import SiftBatch
import SiftTesting
import Testing

/// Skipping what no rule reads (`ReadTree`, `JSONTapeParser+Skip.swift`): the parts a pipeline
/// reads are on the tape as before, the rest is one entry each, and a record is refused, with
/// the same error, exactly when it is refused without skipping.
@Suite struct SkipUnreadTests {
    func tree(_ paths: String...) throws -> ReadTree { ReadTree(try paths.map { try FieldPath(parsing: $0) }) }

    func parse(_ text: String, _ reads: ReadTree?, maxDepth: Int = 512) -> Result<JSONDocument, JSONParseError> {
        let document = JSONDocument(capacity: 0, maxDepth: maxDepth)
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { raw in
            do throws(JSONParseError) {
                try document.reparse(raw, reads: reads)  // a copy: the document outlives `bytes`
                return .success(document)
            } catch { return .failure(error) }
        }
    }

    let order = #"""
        {"customer":{"name":"Ann","address":{"city":"x","lines":["a","b"]}},"device":{"os":"y","screen":[1,2]},
         "items":[{"sku":"S-1","attrs":{"c":1}},{"sku":"S-2"}],"coupon":{"a":{"b":1}},"tags":[[1],[2]],"n":1}
        """#

    @Test func whatThePathsNameIsReadAndTheRestIsOneEntryEach() throws {
        let reads = try tree("customer.name", "items[*].sku", "coupon", "n")
        let skipped = try parse(order, reads).get()
        let root = skipped.root
        #expect(root.count == 6)
        let device = try #require(root["device"])
        // A skipped value keeps its kind and its text, and reads as empty.
        #expect(device.isSkipped && device.kind == .object && device.count == 0)
        #expect(String(decoding: device.rawBytes, as: UTF8.self) == #"{"os":"y","screen":[1,2]}"#)
        #expect(root["customer"]?.isSkipped == false)
        #expect(root["customer"]?["name"]?.string == "Ann")
        #expect(root["customer"]?["address"]?.isSkipped == true)
        #expect(root["customer"]?["address"]?.count == 0)
        // `items[*].sku` reads each element's sku; the elements' other objects are skipped.
        #expect(root["items"]?[0]?["sku"]?.string == "S-1")
        #expect(root["items"]?[0]?["attrs"]?.isSkipped == true)
        #expect(root["items"]?[1]?["sku"]?.string == "S-2")
        // A path's last step is read in full.
        #expect(root["coupon"]?["a"]?["b"]?.integer == 1)
        #expect(root["tags"]?.isSkipped == true && root["tags"]?.count == 0)
        #expect(root["n"]?.integer == 1)
        // Fewer entries than the full tape: 29 keys and values against 47.
        let full = try parse(order, nil).get()
        #expect(full.tapeCount == 47)
        #expect(skipped.tapeCount == 29)
    }

    @Test func aTreeWithoutPathsOrWithTheRecordReadsEverything() throws {
        #expect(try tree("a", "b.c").readsEverything == false)
        #expect(ReadTree([FieldPath([])]).readsEverything)
        // An object whose node names no key is read in full, and so is an array whose elements no path names.
        let reads = try tree("x[0]", "y.z")
        let d = try parse(#"{"x":{"k":{"j":1}},"y":[{"z":{"q":2}}],"w":{}}"#, reads).get()
        #expect(d.root["x"]?["k"]?["j"]?.integer == 1)
        #expect(d.root["y"]?[0]?["z"]?["q"]?.integer == 2)
        #expect(d.root["w"]?.isSkipped == true)
    }

    /// Every text below is refused or accepted, with the same error, with and without skipping `x`.
    @Test(arguments: [
        #"{"x":{"a":1,"a":2},"y":1}"#,  // a repeated key inside a skipped object: the error names its path
        #"{"x":[{"k":[{"a":1,"b":2,"a":3}]}],"y":1}"#,
        #"{"x":{"\u0061":1,"a":2}}"#,  // the same key written two ways
        #"{"x":{"\u0061":1,"b":2}}"#,
        #"{"x":{"a":[1,}}"#,
        #"{"x":{"a":"\ud800"}}"#,
        #"{"x":[01]}"#,
        #"{"x":[1.]}"#,
        #"{"x":[-]}"#,
        #"{"x":{"a":tru}}"#,
        #"{"x":{"a":nul}}"#,
        #"{"x":{"a" 1}}"#,
        #"{"x":{1:1}}"#,
        #"{"x":{"a":1}"#,
        #"{"x":[1 2]}"#,
        #"{"x":{"a":"tab\there"}}"#,
        #"{"x":{"a":"\q"}}"#,
        #"{"x":[true,false,null,"é",-0.5e+3,{}],"y":2}"#,
        #"{"x":{},"x":[]}"#,
        #"{"x":[[[[[[1]]]]]]}"#,
    ])
    func errorsInSkippedPartsReadAsWithoutSkipping(_ text: String) throws {
        let reads = try tree("y")
        switch (parse(text, nil, maxDepth: 6), parse(text, reads, maxDepth: 6)) {
        case (.success(let full), .success(let skipped)):
            #expect(full.root["y"]?.integer == skipped.root["y"]?.integer)
        case (.failure(let full), .failure(let skipped)):
            #expect(full == skipped)
            #expect(full.description == skipped.description)
        case (let full, let skipped):
            Issue.record("without skipping: \(full); with: \(skipped)")
        }
    }

    @Test func invalidUTF8AndControlBytesInSkippedPartsAreRefused() throws {
        for bytes: [UInt8] in [[0xC3, 0x28], [0xED, 0xA0, 0x80], [0x01], [0xF5, 0x80, 0x80, 0x80]] {
            let text = Array(#"{"x":{"a":""#.utf8) + bytes + Array(#""},"y":1}"#.utf8)
            let skipping = JSONDocument(capacity: 0), full = JSONDocument(capacity: 0)
            var errors: [JSONParseError?] = []
            for (document, reads) in [(full, nil), (skipping, try tree("y"))] {
                errors.append(
                    text.withUnsafeBytes { raw -> JSONParseError? in
                        do throws(JSONParseError) {
                            try document.reparse(borrowing: raw, reads: reads)
                            return nil
                        } catch { return error }
                    })
            }
            #expect(errors[0] != nil && errors[0] == errors[1], "\(bytes)")
        }
    }

    @Test func aPipelineReadsTheFieldsItsRulesName() throws {
        let loader = RulesLoader(registry: .builtIn())
        let yaml = """
            fields:
              customer.phone:
                - when: { field: .kind, enum: [mobile] }
                  then: { regex: '1[0-9]{10}' }
              items[*].sku: [ regex: 'S-[0-9]+' ]
              tags[*]: [ enum: [a, b] ]
            record:
              exactly_one_of: [ payment.card, payment.wallet ]
            """
        let pipeline = try #require(loader.load(text: yaml, file: "r.yaml").pipeline)
        let reads = try #require(pipeline.reads)
        // A `[*]` rule's array and element steps are not paths of their own (they would read from the top).
        #expect(!reads.readsEverything)
        let named = Set(reads.paths.map(\.description))
        #expect(named.isSuperset(of: ["customer.phone", "customer.kind", "items[*].sku", "tags[*]", "payment.card"]))
        // A closed record walks every key of the record.
        let closed = try #require(loader.load(text: yaml + "\n  fields: closed\n", file: "c.yaml").pipeline)
        #expect(closed.reads == nil)
    }

    /// The batch runner's results are the same, line for line, with and without skipping: over
    /// records whose unread parts are valid, malformed or repeat a key, and with a `--key` inside
    /// an object no rule reads.
    @Test(arguments: [1, 2]) func aRunSkippingGivesTheSameResults(workers: Int) throws {
        let yaml = """
            fields:
              customer.name: [ length: { max: 5 } ]
              items[*].qty: [ range: { min: 1 } ]
              items: [ unique_by: sku ]
            """
        let pipeline = try #require(RulesLoader(registry: .builtIn()).load(text: yaml, file: "r.yaml").pipeline)
        #expect(pipeline.reads != nil)
        let lines = [
            #"{"customer":{"name":"Ann","address":{"city":"x"}},"items":[{"sku":"a","qty":1,"attrs":{"c":[1]}}],"device":{"id":"d1"}}"#,
            #"{"customer":{"name":"Annabel","address":{"city":"x","city":"y"}},"items":[],"device":{"id":"d2"}}"#,
            #"{"customer":{"name":"Bo"},"items":[{"sku":"a","qty":0},{"sku":"a","qty":2}],"device":{"id":"d3","x":[1,]}}"#,
            #"{"customer":{"name":"Cy"},"items":[{"sku":{"deep":{"k":1}},"qty":1},{"sku":{"deep":{"k":2}},"qty":1}],"device":{"id":"d4"}}"#,
            #"{"customer":{"name":"Di"},"items":[{"sku":{"deep":{"k":1}},"qty":1},{"sku":{"deep":{ "k" : 1 }},"qty":1}],"#
                + #""device":{"id":"d5"}}"#,
        ]
        let path = TemporaryFiles.path("sift-skip-", ".jsonl")
        try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var outputs: [String] = []
        for skips in [true, false] {
            var options = RunOptions(workers: workers, batchSize: 2, asOfMillis: 0, maxRecordBytes: 1 << 20)
            options.key = try FieldPath(parsing: "device.id")
            options.skipsUnread = skips
            var out: [UInt8] = []
            _ = try BatchRunner(pipeline: pipeline, options: options).run([.file(path)]) { out += $0 }
            outputs.append(String(decoding: out, as: UTF8.self).replacingOccurrences(of: path, with: "IN"))
        }
        #expect(outputs[0] == outputs[1])
        let results = outputs[0].split(separator: "\n").map(String.init)
        #expect(results.count == 5)
        #expect(results[0].contains(#""key":"d1""#) && results[0].contains(#""valid":true"#))
        #expect(results[1].contains(#""reason":"input.duplicate_key""#))
        #expect(results[2].contains(#""reason":"input.malformed_json""#))
        #expect(results[3].contains(#""key":"d4""#) && results[3].contains(#""valid":true"#))
        #expect(results[4].contains(#""reason":"items.unique_by""#))
    }
}
