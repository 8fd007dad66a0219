import Foundation
import Testing

/// The shipped packs over the shipped samples, compared byte for byte with checked-in output.
///
/// Any change to a result line, a message or a reason code shows here. When a change is
/// intended, regenerate with `scripts/golden` and say why in the commit.
@Suite struct GoldenOutputTests {
    static func expected(_ name: String) throws -> String {
        try String(contentsOf: SiftProcess.packageRoot.appendingPathComponent("Tests/SiftCLITests/Expected/\(name)"), encoding: .utf8)
    }

    @Test(arguments: ["en", "zh"], ["1", "2"])
    func samplesMatchTheCheckedInOutput(language: String, workers: String) throws {
        let r = try SiftProcess.run([
            "run", "--rules", "rules", "samples", "--as-of", "2026-11-21T00:00:00Z",
            "--lang", language, "--workers", workers, "--quiet",
        ])
        #expect(r.status == 1)
        #expect(r.stderr == "")
        let want = try Self.expected("samples.\(language).jsonl")
        #expect(r.stdout == want)
        if r.stdout != want {
            let got = r.stdout.split(separator: "\n"), exp = want.split(separator: "\n")
            for (g, e) in zip(got, exp) where g != e { Issue.record("first difference:\n got \(g)\nwant \(e)"); break }
        }
    }
}
