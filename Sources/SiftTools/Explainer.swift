import SiftCore
import SiftMessages

/// Prints a compiled pipeline in plain words, for `sift explain`.
package enum Explainer: Sendable {
    public static func explain(_ pipeline: Pipeline, language: Language) -> String {
        var out: [String] = []
        for pack in pipeline.packs {
            if language == .zh {
                out.append("规则包 '\(pack.name)'（\(pack.file)），适用于：\(pack.selector.describe(.zh))")
            } else {
                out.append("pack '\(pack.name)' (\(pack.file)) applies to: \(pack.selector)")
            }
            if let d = pack.description { out.append("  " + d.text(language)) }
            for stage in pack.stages {
                out += stage.explain(language).split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }
            }
            if !pack.examples.isEmpty {
                out.append(language == .zh ? "  示例：\(pack.examples.count) 个" : "  examples: \(pack.examples.count)")
            }
        }
        out.append(
            language == .zh
                ? "不适用于任何规则包的记录会得到 record.no_pack 结果。"
                : "a record that no pack applies to gets a record.no_pack result.")
        return out.joined(separator: "\n")
    }
}
