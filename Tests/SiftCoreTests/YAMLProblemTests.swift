@testable import SiftCore
import Testing
@testable import SiftConfig

/// No libyaml sentence reaches an author (issue 60, item 3): each kind of YAML error is said in
/// plain words, in English and Chinese; layout mistakes say the column the line belongs at.
@Suite struct YAMLProblemTests {
    func error(_ text: String) -> Diagnostic? {
        var d = DiagnosticList()
        do { _ = try YAMLReader().read(text, file: "f.yaml", diagnostics: &d) } catch { return error }
        return nil
    }

    /// Inputs that make libyaml fail, one per kind of problem it reports on rule files.
    static let broken = [
        "a: [1, 2\nb: 3\n", "a: {x: 1\nb: 3\n", "a: 'never closed\n", "a: b: c\n", "a:\n  - x\n  y: 1\n", "a:\n  b: 1\n c: 2\n",
        "a: @x\n", "a:\n\t- x\n", "a: \"\\q\"\n", "a: &\n", "a: *\n", "- a\nb: 1\n", "a: 1\n- b\n", "a: |0\n  x\n", "%FOO\n---\na: 1\n",
        "a: !<x\n", "a: \"\\xZZ\"\n", "a: [b: c: d]\n", "a: |x\n  y\n", "? [a\n", "a: \"x\n---\ny\"\n", "a: !x!y z\n",
        "key\nother: 1\n", "a:\n  - b\n - c\n",
    ]

    @Test(arguments: broken) func everyYAMLErrorIsSaidPlainlyInBothLanguages(_ text: String) throws {
        let e = try #require(error(text))
        let en = e.headline(.en), zh = e.headline(.zh)
        for raw in YAMLProblems.known { #expect(!en.contains(raw), "\(en)") }
        #expect(!en.contains("YAML syntax"), "\(en)")
        #expect(!en.contains("while parsing") && !en.contains("while scanning"), "\(en)")
        #expect(ChineseCheck.isChinese(zh.components(separatedBy: "error: ").dropFirst().joined()), "\(zh)")
    }

    @Test func everySentenceHasItsChinese() {
        for problem in YAMLProblems.known {
            let said = YAMLProblems.plain(problem)
            #expect(said.text(.en) != problem)
            #expect(ChineseCheck.isChinese(said.text(.zh)), "\(said.text(.en)) → \(said.text(.zh))")
        }
    }

    @Test func aThenOutOfLineSaysItsColumn() throws {
        let e = try #require(error("fields:\n  status:\n    - when: {field: kind, enum: [a]}\n    then: {enum: [x]}\n"))
        #expect(
            e.headline == "f.yaml:4:5: error: 'then:' is out of line with the 'when:' of line 3, so YAML ends the list item there: "
                + "indent it to column 7, under 'when'")
        #expect(
            e.headline(.zh) == "f.yaml:4:5: error: 'then:' 与第 3 行的 'when:' 没有对齐，YAML 在那里就结束了这个列表项：请缩进到第 7 列，与 'when' 对齐")
    }

    @Test func anOptionPushedIntoChecksSaysWhereItGoes() throws {
        let e = try #require(error("fields:\n  status:\n    checks:\n      - enum: [a]\n      required: false\n"))
        #expect(
            e.headline == "f.yaml:5:7: error: 'required:' is an option of the field, but this line puts it in the list under "
                + "'checks:' (line 3): move it to column 5, in line with 'checks:'")
    }

    @Test func aQuotedPathWithAWildcardIsNotTakenForAnUnquotedOne() throws {
        let e = try #require(error("fields:\n  a:\n    - when: {field: k, enum: [a]}\n    then: {regex: 'a[*]'}\n"))
        #expect(e.headline.hasPrefix("f.yaml:4:5: error: 'then:' is out of line"))
    }
}
