import ISINCheck
import SiftTesting
import Testing

@Suite struct ISINCheckTests {
    @Test func checkDigits() {
        #expect(ISIN.isValid(Array("US0378331005".utf8)))  // Apple
        #expect(ISIN.isValid(Array("CNE100000296".utf8)))
        #expect(!ISIN.isValid(Array("US0378331006".utf8)))
        #expect(!ISIN.isValid(Array("us0378331005".utf8)))
        #expect(!ISIN.isValid(Array("US0378331005".utf8), countries: ["CN"]))
    }

    /// The plugin keeps the contract every Sift check plugin keeps.
    @Test func conformsToThePluginContract() {
        #expect(PluginConformance.problems(of: ISIN.plugin, values: [#""US0378331005""#, #""US0378331006""#, #""CNE100000296""#]) == [])
    }
}
