import Foundation
import Sift
import SiftBatch
import SiftConfig

/// `sift run --report FILE`: one self-contained HTML page (no scripts, no network) with the
/// totals, violations per reason and per field as bar charts, the top failing values, and
/// sample failing records with their source lines and links to the rules that failed.
enum HTMLReport {
    static func render(_ s: RunSummary, rules: String, inputs: [String], language: Language) -> String {
        let zh = language == .zh
        let ratio = s.records > 0 ? Double(s.invalid) / Double(s.records) : 0
        var h = """
            <!DOCTYPE html>
            <html lang="\(zh ? "zh" : "en")"><head><meta charset="utf-8"><title>\(zh ? "Sift 报告" : "Sift report")</title>
            <style>
            body{font:14px/1.45 system-ui,sans-serif;margin:24px;color:#1d1d1f;max-width:1100px}
            h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:28px 0 8px;border-bottom:1px solid #ddd}
            .totals{display:flex;gap:12px;flex-wrap:wrap}.tile{border:1px solid #ddd;border-radius:8px;padding:10px 16px;min-width:120px}
            .tile b{display:block;font-size:22px}.bad b{color:#b3261e}.good b{color:#1b7f3b}
            table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #eee;padding:4px 6px;text-align:left;vertical-align:top}
            code,pre{font-family:ui-monospace,monospace;font-size:12px}\
            pre{white-space:pre-wrap;word-break:break-all;margin:4px 0;background:#f6f6f6;padding:6px}
            svg text{font:12px system-ui,sans-serif}.muted{color:#666}
            </style></head><body>
            <h1>\(zh ? "Sift 检查报告" : "Sift report")</h1>
            <p class="muted">\(zh ? "规则" : "Rules"): <code>\(esc(rules))</code> · \(zh ? "输入" : "Inputs"): \
            \(inputs.map { "<code>\(esc($0))</code>" }.joined(separator: ", ")) · \(String(format: "%.2f", s.seconds)) s</p>
            <div class="totals">
            <div class="tile" id="records"><b>\(s.records)</b>\(zh ? "条记录" : "records")</div>
            <div class="tile good" id="valid"><b>\(s.valid)</b>\(zh ? "有效" : "valid")</div>
            <div class="tile bad" id="invalid"><b>\(s.invalid)</b>\(zh ? "无效" : "invalid")</div>
            <div class="tile bad" id="ratio"><b>\(String(format: "%.1f%%", ratio * 100))</b>\(zh ? "无效比例" : "invalid ratio")</div>
            <div class="tile" id="unreadable"><b>\(s.inputErrors)</b>\(zh ? "无法读取" : "unreadable")</div>
            </div>

            """
        h += "<h2>\(zh ? "各原因的违规数" : "Violations per reason")</h2>\n"
        h += bars(s.reasonsByCount.map { ($0.reason.text, $0.count) }, id: "reasons", color: "#b3261e")
        h += "<h2>\(zh ? "各字段的违规数" : "Violations per field")</h2>\n"
        h += bars(
            s.fields.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map { ($0.key, $0.value) },
            id: "fields", color: "#8a5cf6")
        h += topValues(s, zh: zh)
        h += samples(s, language: language)
        h += "</body></html>\n"
        return h
    }

    /// A horizontal bar chart as inline SVG, largest first (at most 25 bars).
    static func bars(_ items: [(String, Int)], id: String, color: String) -> String {
        guard let top = items.first?.1, top > 0 else { return "<p class=\"muted\" id=\"\(id)\">–</p>\n" }
        let shown = items.prefix(25)
        let rowHeight = 22, labelWidth = 300, barWidth = 520
        var svg = "<svg id=\"\(id)\" role=\"img\" width=\"\(labelWidth + barWidth + 80)\" height=\"\(shown.count * rowHeight + 4)\">\n"
        for (i, (label, n)) in shown.enumerated() {
            let y = i * rowHeight
            let w = max(1, barWidth * n / top)
            svg += "<text x=\"\(labelWidth - 6)\" y=\"\(y + 15)\" text-anchor=\"end\">\(esc(label.isEmpty ? "(record)" : label))</text>"
            svg +=
                "<rect x=\"\(labelWidth)\" y=\"\(y + 3)\" width=\"\(w)\" height=\"16\" fill=\"\(color)\"><title>\(esc(label)): "
                + "\(n)</title></rect>"
            svg += "<text x=\"\(labelWidth + w + 6)\" y=\"\(y + 15)\">\(n)</text>\n"
        }
        svg += "</svg>\n"
        if items.count > shown.count { svg += "<p class=\"muted\">… \(items.count - shown.count) more</p>\n" }
        return svg
    }

    static func topValues(_ s: RunSummary, zh: Bool) -> String {
        var h =
            "<h2>\(zh ? "最常见的失败值" : "Top failing values")</h2>\n"
            + "<table id=\"top-values\"><tr><th>\(zh ? "原因" : "reason")</th>"
            + "<th>\(zh ? "值（次数）" : "values (count)")</th></tr>\n"
        for (reason, _) in s.reasonsByCount {
            guard let counter = s.topValues[reason] else { continue }
            let values = counter.reported(10).map {
                "<code>\(esc(visible($0.value)))</code> (\(ValueCounter.shown($0.count, overcount: $0.overcount)))"
            }
            .joined(separator: ", ")
            h += "<tr><td><code>\(esc(reason.text))</code></td><td>\(values)</td></tr>\n"
        }
        return h + "</table>\n"
    }

    static func samples(_ s: RunSummary, language: Language) -> String {
        let zh = language == .zh
        var h = "<h2>\(zh ? "失败记录示例" : "Sample failing records") (\(s.samples.count))</h2>\n<table id=\"samples\">\n"
        for sample in s.samples {
            h += "<tr><td><code>\(esc(sample.source)):\(sample.line)</code></td><td>"
            for p in sample.problems {
                let rule = p.rule.map { " <a href=\"\(esc(link($0)))\">\(esc($0.description))</a>" } ?? ""
                h +=
                    "<div><code>\(esc(p.field.isEmpty ? p.reason.text : p.field + " · " + p.reason.text))</code>: "
                    + "\(esc(p.message.text(language)))\(rule)</div>"
            }
            h += "<pre>\(esc(sample.text))\(sample.truncated ? "…" : "")</pre></td></tr>\n"
        }
        return h + "</table>\n"
    }

    /// A link to a rule file, opened at its path (absolute, so the report works from anywhere).
    static func link(_ mark: Mark) -> String {
        let path = mark.file.hasPrefix("/") ? mark.file : FileManager.default.currentDirectoryPath + "/" + mark.file
        return "file://" + (path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path) + "#L\(mark.line)"
    }

    /// Text for HTML: the same escaping as JUnit's XML (`&#10;` is a newline in `<pre>` too).
    static func esc(_ s: String) -> String { JUnit.escape(s) }
}
