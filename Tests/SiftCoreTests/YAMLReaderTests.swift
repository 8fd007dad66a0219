@testable import SiftCore
import Testing
import SiftConfig

@Suite struct YAMLReaderTests {
    func read(_ text: String) throws(Diagnostic) -> (ConfigNode?, [Diagnostic]) {
        var d = DiagnosticList()
        let n = try YAMLReader().read(text, file: "f.yaml", diagnostics: &d)
        return (n, d.items)
    }

    @Test func everyNodeKeepsItsOneBasedMark() throws {
        let (node, _) = try read("a: 1\nb:\n  - x\n  - 'y'\n")
        let n = try #require(node)
        #expect(n["a"]?.mark == Mark(file: "f.yaml", line: 1, column: 4))
        #expect(n.pairs?[1].key.mark == Mark(file: "f.yaml", line: 2, column: 1))
        #expect(n["b"]?.items?[1].mark == Mark(file: "f.yaml", line: 4, column: 5))
        #expect(n["b"]?.items?[1].resolved == .string("y"))
        #expect(n["a"]?.resolved == .int(1))
    }

    @Test func columnsCountCharactersNotBytes() throws {
        let (node, _) = try read("名字: 值\n")
        #expect(node?["名字"]?.mark.column == 5)
    }

    @Test func quotedNumbersStayText() throws {
        let (node, _) = try read("a: '12'\nb: 12\nc: null\nd: \"true\"\n")
        #expect(node?["a"]?.resolved == .string("12"))
        #expect(node?["b"]?.resolved == .int(12))
        #expect(node?["c"]?.resolved == .null)
        #expect(node?["d"]?.resolved == .string("true"))
    }

    @Test func anchorsAliasesAndMergeKeys() throws {
        let (node, _) = try read("base: &b {x: 1, y: 2}\nother:\n  <<: *b\n  y: 3\nsame: *b\n")
        #expect(node?["other"]?["x"]?.resolved == .int(1))
        #expect(node?["other"]?["y"]?.resolved == .int(3))
        #expect(node?["same"]?["y"]?.resolved == .int(2))
    }

    @Test func aliasBombIsAnErrorNotAHang() {
        var text = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for i in 1...9 {
            text += "a\(i): &a\(i) [" + Array(repeating: "*a\(i - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        #expect(throws: Diagnostic.self) { try read(text) }
        do { _ = try read(text) } catch {
            #expect(error.message.hasPrefix("aliases expand to more than 100000 nodes (an alias bomb?)"))
        }
    }

    @Test func deepNestingIsAnError() {
        let text = String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000)
        do {
            _ = try read(text)
            Issue.record("expected an error")
        } catch {
            #expect(error.headline == "f.yaml:1:201: error: nesting deeper than 200 levels")
        }
    }

    @Test func syntaxErrorsAreLocated() {
        do {
            _ = try read("a: [1, 2\nb: 3\n")
            Issue.record("expected an error")
        } catch {
            // At the '[' that is not closed, not where libyaml noticed (2:2).
            #expect(error.headline.hasPrefix("f.yaml:1:4: error: the '[' that starts here is not closed"))
            #expect(error.headline.hasSuffix("end the list with ']'"))
        }
    }

    @Test func duplicateKeysAndUnknownAliasesAreReported() throws {
        let (_, diags) = try read("a: 1\na: 2\n")
        #expect(diags.map(\.headline) == ["f.yaml:2:1: error: duplicate key 'a' (first defined at line 1)"])
        #expect(throws: Diagnostic.self) { try read("a: *nope\n") }
    }

    @Test func rendererShowsTheLineAndACaret() {
        let r = DiagnosticRenderer(sources: ["f.yaml": "fields:\n  phone: [ regx: 'a' ]\n"])
        let text = r.render(.error("unknown check 'regx'", at: Mark(file: "f.yaml", line: 2, column: 12)))
        #expect(text == "f.yaml:2:12: error: unknown check 'regx'\n  phone: [ regx: 'a' ]\n           ^")
    }
}
