import Foundation
import Testing

/// Rule files are data: a link in the rules folder that leads outside it is refused, not
/// read, and messages quote at most about 120 characters of any value. Through the binary.
@Suite struct RuleFileSafetyTests {
    @Test func aLinkToAFileOutsideTheRulesFolderIsNotRead() throws {
        let dir = (try SiftProcess.temp("good.yaml", "fields:\n  a: [not_empty]\n") as NSString).deletingLastPathComponent
        try FileManager.default.createSymbolicLink(atPath: dir + "/passwd.yaml", withDestinationPath: "/etc/passwd")
        let lint = try SiftProcess.run(["lint", dir])
        #expect(lint.status == 2)
        #expect(
            lint.stderr == """
                error: rule file '\(dir)/passwd.yaml' is a link to a file outside the rules folder; it is not read
                sift lint: 1 error

                """)
        #expect(!lint.stderr.contains("root:"))
    }

    @Test func aLongValueIsQuotedShort() throws {
        let long = String(repeating: "x", count: 5_000)
        let rules = try SiftProcess.temp("r.yaml", "fields:\n  a: [\(long)]\n")
        let lint = try SiftProcess.run(["lint", rules])
        #expect(lint.status == 2)
        let headline = try #require(lint.stderr.split(separator: "\n").first)
        #expect(headline == ("\(rules):2:7: error: unknown check or validator '" + String(repeating: "x", count: 119) + "…'"))
        #expect(lint.stderr.count < 1_000)
    }
}
