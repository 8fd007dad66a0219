@testable import SiftAppStore
@testable import SiftAppleID
@testable import SiftCore
@testable import SiftExec
@testable import SiftFields
import Sift
import SiftJSON
@testable import SiftJSONSchema
import SiftMessages
@testable import SiftReceipts
@testable import SiftRegex
@testable import SiftRoutes
import Testing
import SiftConfig
import SiftExpr

/// Every module's message catalog: each template has English and Chinese wording taking the same
/// arguments, identifiers are unique across modules, and no Chinese wording is English.
@Suite struct CatalogTests {
    static let catalogs: [(module: String, prefix: String, templates: [MessageTemplate])] = [
        ("SiftJSON", "json.", JSONMessages.templates), ("SiftConfig", "config.", ConfigMessages.templates),
        ("SiftCore", "core.", CoreMessages.templates), ("SiftExpr", "expr.", ExprMessages.templates),
        ("SiftExec", "exec.", ExecMessages.templates), ("SiftRegex", "regex.", RegexMessages.templates),
        ("SiftFields", "fields.", FieldsMessages.templates), ("SiftJSONSchema", "schema.", JSONSchemaMessages.templates),
        ("SiftAppStore", "app_store.", AppStoreMessages.templates), ("SiftAppleID", "apple_id.", AppleIDMessages.templates),
        ("SiftRoutes", "routes.", RoutesMessages.templates), ("SiftReceipts", "receipts.", ReceiptsMessages.templates),
    ]

    /// Said the same in both languages on purpose.
    static let same: Set<String> = ["config.kind.null", "json.kind.null"]

    @Test func everyTemplateHasBothLanguagesWithTheSameArguments() {
        let all = Self.catalogs.flatMap(\.templates)
        #expect(MessageCatalogCheck.problems(all) == [])
        for (module, _, templates) in Self.catalogs {
            #expect(!templates.isEmpty, "\(module) has no templates")
        }
    }

    @Test func noChineseWordingIsEnglish() {
        for t in Self.catalogs.flatMap(\.templates) where !Self.same.contains(t.id) {
            #expect(ChineseCheck.isChinese(t.zh), "\(t.id): \(t.zh)")
            #expect(t.zh != t.en, "\(t.id) says the same in both languages")
        }
    }

    @Test func identifiersNameTheirModule() {
        for (_, prefix, templates) in Self.catalogs {
            for t in templates { #expect(t.id.hasPrefix(prefix), "\(t.id)") }
        }
    }

    @Test func aMessageFillsItsArgumentsInEachLanguage() {
        let template = MessageTemplate("test.pair", en: "'{name}' at byte {byte} {x-y} {}", zh: "第 {byte} 字节处的 '{name}' {x-y} {}")
        let m = template(["name": "a{b}", "byte": "3"])
        #expect(m.text(.en) == "'a{b}' at byte 3 {x-y} {}")
        #expect(m.text(.zh) == "第 3 字节处的 'a{b}' {x-y} {}")
        #expect(template.argumentNames(.en) == ["name", "byte"])
        #expect(template(["name": "a"]).text(.en) == "'a' at byte {byte} {x-y} {}", "a missing argument shows")
    }

    @Test func aMessageArgumentIsSaidInTheSameLanguage() {
        let inner = MessageTemplate("test.inner", en: "exit status {status}", zh: "退出状态 {status}")
        let outer = MessageTemplate("test.outer", en: "stopped ({why})", zh: "已停止（{why}）")
        let m = outer(messages: ["why": inner(["status": "3"])])
        #expect(m.text(.en) == "stopped (exit status 3)")
        #expect(m.text(.zh) == "已停止（退出状态 3）")
    }

    @Test func templatesWithDifferentArgumentsAreFound() {
        let bad = [
            MessageTemplate("test.a", en: "{x} and {y}", zh: "{x}"), MessageTemplate("test.a", en: "x", zh: "x"),
            MessageTemplate("test.b", en: "x", zh: ""),
        ]
        #expect(
            MessageCatalogCheck.problems(bad) == [
                "test.a: English takes [\"x\", \"y\"], Chinese takes [\"x\"]", "test.a: two templates have this identifier",
                "test.b: a language has no wording",
            ])
    }

    /// A catalog message in a rule-file diagnostic: its Chinese is the catalog's, not a translation.
    @Test func aDiagnosticFromTheCatalogSpeaksBothLanguages() {
        let d = Diagnostic.error(CoreMessages.execUnavailable(), at: Mark(file: "r.yaml", line: 2, column: 1))
        #expect(d.headline(.en).hasPrefix("r.yaml:2:1: error: 'exec_checks' declares checks run as external programs;"))
        #expect(d.headline(.zh).hasPrefix("r.yaml:2:1: error: 'exec_checks' 声明了以外部程序运行的检查；"))
    }

    /// A message chosen by a condition in the code (`not:` or `any:` of `applies_to`) says its
    /// value's kind in each language.
    @Test func aSelectorOfTheWrongShapeSaysSoInBothLanguages() {
        let yaml = "pack: p\napplies_to: {not: 3}\nfields:\n  a: [required]\n"
        let result = RulesLoader(registry: .builtIn()).load(text: yaml, file: "r.yaml", directory: "/tmp")
        let d = result.diagnostics.first { $0.severity == .error }
        #expect(
            d?.headline(.en)
                == "r.yaml:2:19: error: 'not' takes a mapping of conditions, such as not: {country: CN}, or a list of them (none may hold), "
                + "not the number 3")
        #expect(
            d?.headline(.zh)
                == "r.yaml:2:19: error: 'not' 需要一个条件映射，例如 not: {country: CN}，或由它们组成的列表（都不能成立），而不是数字 3")
    }

    /// A host that did not import SiftExec: `exec_checks:` is one error saying how to allow it.
    @Test func execChecksWithoutSiftExecAreOneError() {
        let yaml = "exec_checks:\n  w: {command: [cat], summary: Words.}\nfields:\n  a: {w: {}}\n"
        let result = RulesLoader(registry: PluginRegistry()).load(text: yaml, file: "r.yaml", directory: "/tmp")
        #expect(result.diagnostics.first.map { $0.headline } == "r.yaml:2:3: error: " + CoreMessages.execUnavailable().text(.en))
    }
}
