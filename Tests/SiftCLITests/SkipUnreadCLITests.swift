import Foundation
import Testing
import SiftTesting

/// `sift run` skips the objects and arrays no rule reads (docs/PERFORMANCE.md, "Skipping what
/// no rule reads") and still refuses a repeated key or a malformed number inside them, with the
/// words and byte offsets a full read gives (`--read-all`).
@Suite struct SkipUnreadCLITests {
    @Test func unreadPartsAreStillCheckedAndTheResultsAreTheFullReadsOnes() throws {
        let rules = try SiftProcess.temp("p.yaml", "pack: p\nfields:\n  customer.name: [ length: { max: 5 } ]\n")
        let records =
            [
                #"{"customer":{"name":"Ann","address":{"city":"x"}},"device":{"id":1,"screen":[1,2]}}"#,
                #"{"customer":{"name":"Annabel"},"device":{"os":"a","os":"b"}}"#,
                #"{"customer":{"name":"Bo"},"tracking":{"events":[{"t":1},{"t":01}]}}"#,
                #"{"customer":{"name":"Annabel","address":{"city":"x"}}}"#,
            ].joined(separator: "\n") + "\n"
        let want = [
            #"{"source":"-","line":1,"valid":true,"packs":["p"],"violations":[]}"#,
            #"{"source":"-","line":2,"valid":false,"error":{"reason":"input.duplicate_key","message":"the key 'device.os' appears"#
                + #" more than once in its object (at byte 51); JSON readers disagree on which value counts (--duplicate-keys"#
                + #" first|last reads it)"}}"#,
            #"{"source":"-","line":3,"valid":false,"error":{"reason":"input.malformed_json","#
                + #""message":"invalid number (leading zero) at byte 62"}}"#,
            #"{"source":"-","line":4,"valid":false,"packs":["p"],"violations":[{"field":"customer.name","reason":"customer.name.length","#
                + #""message":"is 7 characters long; must be at most 5","value":"Annabel","rule":"p.yaml:3:20"}]}"#,
        ]
        for extra in [[], ["--read-all"]] {
            let r = try SiftProcess.run(["run", "--rules", rules, "--quiet"] + extra, stdin: records)
            #expect(r.stderr == "")
            #expect(r.stdout.split(separator: "\n").map { String($0).replacingOccurrences(of: rules, with: "p.yaml") } == want, "\(extra)")
        }
    }
}
