import Foundation
import Sift
import SiftCore
import SiftExec
import SiftTools

/// What the studio's page asks, answered by the same loader, linter, example runner, explainer
/// and pipeline as the command line (no second implementation). The HTTP layer only decodes
/// requests and encodes these answers.
package struct StudioEngine: Sendable {
    package let folder: RuleFolder
    /// Sample record files the page may pick from (`--samples`), if any.
    package let samples: String?
    /// Exec checks named in rules start only when the operator allowed them (`--allow-exec`).
    package let allowExec: Bool

    /// The most records one request checks, and the most bytes read of a sample file.
    package static let maxRecords = 2000, maxSampleBytes = 4 << 20

    package init(folder: RuleFolder, samples: String? = nil, allowExec: Bool = false) {
        self.folder = folder
        self.samples = samples
        self.allowExec = allowExec
    }

    /// `text` as rule file `path` of the folder (includes resolved in the folder), with lint's advice.
    func load(_ path: String, _ text: String) -> LoadResult {
        loader().load(text: text, file: path, directory: folder.root)
    }

    /// The pipeline that examples and records run through: the file's own packs; for a library
    /// (a file of validators, no pack), every pack of the folder with the edited text in its
    /// place, so that a change to a shared validator shows what it does to the packs that use it.
    func pipeline(_ path: String, _ text: String) -> Pipeline? {
        let own = load(path, text)
        guard let pipeline = own.pipeline else { return nil }
        guard pipeline.packs.isEmpty else { return pipeline }
        var loader = loader()
        loader.advice = false
        loader.replacing = [folder.root + "/" + path: text]
        return loader.load(path: folder.root).pipeline
    }

    private func loader() -> RulesLoader {
        var registry = PluginRegistry.builtIn()
        registry.registerExecChecks(allowExec ? .allowed : .refused)
        var loader = RulesLoader(registry: registry)
        loader.advice = true
        return loader
    }

    // MARK: lint

    package func lint(path: String, text: String, language: Language) -> LintAnswer {
        let result = load(path, text)
        let problems = result.diagnostics.map { Problem($0, in: path, text: text, language: language) }
        return LintAnswer(
            problems: problems, errors: problems.count { $0.severity == "error" }, warnings: problems.count { $0.severity == "warning" })
    }

    // MARK: examples

    package func examples(path: String, text: String, language: Language) -> ExamplesAnswer {
        guard let pipeline = pipeline(path, text) else { return ExamplesAnswer(loaded: false, examples: []) }
        let outcomes = (try? ExampleRunner(pipeline: pipeline, asOfMillis: Self.now()).run()) ?? []
        return ExamplesAnswer(
            loaded: true,
            examples: outcomes.map { o in
                ExamplesAnswer.Outcome(
                    pack: o.pack, name: o.example.name ?? "", line: o.example.mark.file == path ? o.example.mark.line : nil,
                    passed: o.passed, detail: o.passed ? "" : ExampleRunner.describe(o, language: language))
            })
    }

    // MARK: explain

    package func explain(path: String, text: String, language: Language) -> ExplainAnswer {
        guard let pipeline = load(path, text).pipeline else { return ExplainAnswer(loaded: false, text: "") }
        return ExplainAnswer(loaded: true, text: Explainer.explain(pipeline, language: language))
    }

    // MARK: try

    /// Each record checked by the edited rules and by the saved ones, and what the edit changes.
    package func tryRecords(path: String, text: String, records: [String], language: Language) -> TryAnswer {
        guard let edited = pipeline(path, text) else { return TryAnswer(loaded: false) }
        let savedText = try? folder.read(path)
        let saved = savedText.flatMap { pipeline(path, $0) }
        let now = Self.now()
        let environment = RunEnvironment(useLedgers: false)
        guard let session = try? Session(pipeline: edited, asOfMillis: now, environment: environment) else {
            return TryAnswer(loaded: false)
        }
        let before = saved.flatMap { try? Session(pipeline: $0, asOfMillis: now, environment: RunEnvironment(useLedgers: false)) }
        var answer = TryAnswer(loaded: true)
        answer.comparedWithSaved = before != nil
        for (n, record) in records.prefix(Self.maxRecords).enumerated() {
            let bytes = Array(record.utf8)
            let verdict = session.validate(json: bytes)
            var row = TryAnswer.Row(verdict, number: n + 1, in: path, language: language)
            if let before {
                let old = before.validate(json: bytes)
                row.changed = old.isValid != verdict.isValid || old.reasons.sorted() != verdict.reasons.sorted()
                if old.isValid, !verdict.isValid { answer.newlyInvalid += 1 }
                if !old.isValid, verdict.isValid { answer.newlyValid += 1 }
                if row.changed { answer.changed += 1 }
            }
            if verdict.isValid { answer.valid += 1 } else { answer.invalid += 1 }
            answer.records.append(row)
        }
        return answer
    }

    /// Records pasted as JSON Lines, one JSON object (even over several lines), or a JSON array.
    /// An array's elements and a several-line object are cut out of the text exactly as written
    /// (Sift's own parser finds them), so each is checked byte for byte as the CLI would.
    package static func splitRecords(_ text: String) -> [String] {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let lines = trimmed.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
            .filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        guard trimmed.hasPrefix("[") || (trimmed.hasPrefix("{") && lines.count > 1) else { return lines }
        // Keys repeated inside a record are the record's problem, found when it is checked.
        guard let document = try? JSONDocument(bytes: Array(trimmed.utf8), duplicateKeys: .last) else { return lines }
        let root = document.root
        if root.kind == .array { return root.elements.map { String(decoding: $0.rawBytes, as: UTF8.self) } }
        return [trimmed]  // one object written over several lines
    }

    /// The sample files of `--samples` (JSON Lines), by name.
    package func sampleNames() -> [String] {
        guard let samples, let names = try? FileManager.default.contentsOfDirectory(atPath: samples) else { return [] }
        return names.filter { $0.hasSuffix(".jsonl") || $0.hasSuffix(".json") }.sorted()
    }

    /// The first records of sample file `name`.
    package func sample(_ name: String) throws(StudioError) -> [String] {
        guard let samples, sampleNames().contains(name),
            let handle = FileHandle(forReadingAtPath: samples + "/" + name)
        else { throw StudioError(.notFound, "no sample '\(name)'") }
        defer { try? handle.close() }
        var data = [UInt8]((try? handle.read(upToCount: Self.maxSampleBytes + 1)) ?? nil ?? Data())
        if data.count > Self.maxSampleBytes, let end = data[..<Self.maxSampleBytes].lastIndex(of: 0x0A) {
            data = Array(data[..<end])  // whole lines only: the last one read may be cut
        }
        return Self.splitRecords(String(decoding: data, as: UTF8.self)).prefix(Self.maxRecords).map { $0 }
    }

    static func now() -> Int64 { Int64(Date().timeIntervalSince1970 * 1000) }
}
