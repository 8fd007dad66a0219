import Foundation
import Sift
import SiftTools

/// The YAML reader (libyaml events into config nodes), the rule loader and the rule compiler,
/// through `RulesLoader.load(text:)` with every built-in plugin.
///
/// Input: a rule file (bytes as UTF-8, invalid bytes replaced), loaded from a scratch folder
/// that holds one library (`lib/cn-mobile.yaml`) to include and nothing else; `exec_checks`
/// stay refused (the default), so no program is ever started. Checked:
/// - loading gives a pipeline and no error, or no pipeline and at least one error;
/// - every error has a place (`file:line:col`, both 1-based) within the file's lines (or just
///   past the end, where libyaml reports an unexpected end of text);
/// - the diagnostics render in English and Chinese;
/// - a pipeline runs the file's own `examples:` (as `sift test` does, no ledger) and checks
///   `{}`: each verdict passes `Fuzz.checkVerdict`, and each outcome can be described.
enum YAMLTarget {
    static let library = """
        validators:
          cn_mobile_legacy:
            regex: '^1([358][0-9]|4[579]|66|7[0135678]|9[89])[0-9]{8}$'
            reason: phone.legacy_format
          cn_mobile:
            regex: '^1(3[0-9]|4[57]|5[0-35-9]|6[2567]|7[0-35-8]|8[0-9]|9[0-35-9])[0-9]{8}$'
            message:
              en: is not a valid mainland China mobile number
              zh: 不是有效的中国大陆手机号

        """

    static let folder: String = {
        let folder = Fuzz.scratchFolder("yaml")
        try! FileManager.default.createDirectory(atPath: folder + "/lib", withIntermediateDirectories: true)
        try! library.write(toFile: folder + "/lib/cn-mobile.yaml", atomically: true, encoding: .utf8)
        return folder
    }()

    static let loader = RulesLoader(registry: .builtIn())

    static func run(_ input: [UInt8]) {
        let text = String(decoding: input, as: UTF8.self)
        let result = loader.load(text: text, file: "fuzz.yaml", directory: folder)
        let errors = result.errors
        if result.pipeline != nil {
            Fuzz.check(errors.isEmpty, "a pipeline despite errors: \(errors)", input)
        } else {
            Fuzz.check(!errors.isEmpty, "neither a pipeline nor an error", input)
        }
        // libyaml counts CR, NEL, LS and PS as line breaks too.
        let breaks = text.unicodeScalars.filter { [0x0A, 0x0D, 0x85, 0x2028, 0x2029].contains($0.value) }.count
        for e in errors {
            guard let mark = e.mark else { Fuzz.fail("an error without a place: \(e.message)", input) }
            Fuzz.check(mark.line >= 1 && mark.column >= 1, "an error at \(mark): \(e.message)", input)
            // At the end of a text without a final line break, libyaml puts its mark at column 1 of
            // the line after the last (yaml_parser_fetch_stream_end).
            let end = mark.line == breaks + 2 && mark.column == 1
            if mark.file == "fuzz.yaml" {
                Fuzz.check(mark.line <= breaks + 1 || end, "an error at \(mark), past the file's \(breaks + 1) lines: \(e.message)", input)
            }
        }
        _ = result.rendered(.en)
        _ = result.rendered(.zh)
        guard let pipeline = result.pipeline else { return }
        if let outcomes = try? ExampleRunner(pipeline: pipeline, asOfMillis: Fuzz.asOfMillis).run() {
            for outcome in outcomes {
                Fuzz.checkVerdict(outcome.verdict, input)
                _ = ExampleRunner.describe(outcome, language: .en)
                _ = ExampleRunner.describe(outcome, language: .zh)
            }
        }
        Fuzz.checkVerdict(pipeline.validate(json: "{}", asOfMillis: Fuzz.asOfMillis), input)
    }
}
