import Foundation
import Sift
import SiftBatch
import SiftJSONFuzz

/// What every target shares: failing loudly with the input, checking a verdict, scratch files.
enum Fuzz {
    /// Stops the run with a message that names the input (`FuzzCheck`).
    static func fail(_ what: String, _ input: [UInt8], file: StaticString = #fileID, line: UInt = #line) -> Never {
        FuzzCheck.fail(what, input, file: file, line: line)
    }

    /// Fails unless `condition` holds.
    static func check(
        _ condition: @autoclosure () -> Bool, _ what: @autoclosure () -> String, _ input: [UInt8], file: StaticString = #fileID,
        line: UInt = #line
    ) {
        if !condition() { FuzzCheck.fail(what(), input, file: file, line: line) }
    }

    /// A fixed as-of time (2024-01-01T00:00:00Z), so that a run is the same every time.
    static let asOfMillis: Int64 = 1_704_067_200_000

    /// A fresh, empty folder for rule files and the files they name (made once per process,
    /// removed when the process exits: a replay or a fuzzing run leaves nothing behind).
    static func scratchFolder(_ name: String) -> String {
        let path = NSTemporaryDirectory() + "sift-fuzz-\(getpid())-\(name)"
        try? FileManager.default.removeItem(atPath: path)
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        scratchLock.lock()
        defer { scratchLock.unlock() }
        if scratch.isEmpty { atexit { Fuzz.scratch.forEach { try? FileManager.default.removeItem(atPath: $0) } } }
        scratch.append(path)
        return path
    }

    /// The scratch folders this process made (under `scratchLock`; read at exit).
    nonisolated(unsafe) private static var scratch: [String] = []
    private static let scratchLock = NSLock()

    /// Loads rules given as text from `folder`, or stops: the targets' own packs must load.
    static func pipeline(_ yaml: String, folder: String) -> Pipeline {
        let result = RulesLoader(registry: .builtIn()).load(text: yaml, file: "fuzz.yaml", directory: folder)
        guard let pipeline = result.pipeline else { fatalError("the fuzz target's rules do not load:\n\(result.rendered())") }
        return pipeline
    }

    /// `text` as a JSON string literal.
    static func quoted(_ text: String) -> String { JSONWriter.quoted(text) }

    /// The lines after an input's first byte (at most three), for targets whose first byte
    /// says what the rest is.
    static func lines(_ input: [UInt8]) -> [String] {
        String(decoding: input.dropFirst(), as: UTF8.self).split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false)
            .map(String.init)
    }

    /// A compact JWS of the header and payload JSON in `lines` carrying the signature of `signed`
    /// (which the fuzzer cannot have made for them): a signature bypass would credit it.
    static func stolenSignature(_ lines: [String], from signed: String) -> String {
        let header = base64URL(Array(lines[0].utf8))
        let payload = lines.count > 1 ? base64URL(Array(lines[1].utf8)) : ""
        return header + "." + payload + "." + signed[signed.index(after: signed.lastIndex(of: ".")!)...]
    }

    /// base64url without padding, as JWTs use it.
    static func base64URL(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// The verdict's invariants: one outcome (an input error with nothing else, or packs with
    /// violations and outputs), outputs that are JSON, and exactly one result line per record in
    /// each language, which both Sift and Foundation read back as an object saying the same.
    static func checkVerdict(_ verdict: RecordVerdict, _ input: [UInt8]) {
        if verdict.inputError != nil {
            check(verdict.violations.isEmpty, "an input error with violations beside it", input)
            check(
                verdict.route == nil && verdict.receipt == nil && verdict.appleID == nil && verdict.appStore == nil,
                "an input error with stage outputs", input)
        }
        for v in verdict.violations { check(!v.reason.text.isEmpty, "a violation without a reason code", input) }
        for output in [verdict.route?.json, verdict.receipt?.json, verdict.appleID?.json, verdict.appStore?.json].compactMap({ $0 }) {
            check(
                (try? JSONDocument(bytes: output)) != nil, "a stage output is not JSON: \(String(decoding: output, as: UTF8.self))", input)
        }
        for language in Language.allCases {
            var w = JSONWriter()
            ResultLine.write(source: "fuzz.jsonl", line: 1, verdict: verdict, language: language, into: &w)
            let line = w.bytes
            check(line.last == 0x0A && line.filter { $0 == 0x0A }.count == 1, "the result line is not one line", input)
            let text = Array(line.dropLast())
            guard let doc = try? JSONDocument(bytes: text), doc.root.kind == .object else {
                fail("the result line is not a JSON object: \(String(decoding: text, as: UTF8.self))", input)
            }
            check(doc.root["valid"]?.bool == verdict.isValid, "the result line's 'valid' differs from the verdict", input)
            if verdict.inputError == nil {
                check(doc.root["violations"]?.count == verdict.violations.count, "the result line lost or added violations", input)
            }
            let foundation = try? JSONSerialization.jsonObject(with: Data(text)) as? [String: Any]
            check(foundation != nil, "Foundation cannot read the result line: \(String(decoding: text, as: UTF8.self))", input)
        }
    }
}
