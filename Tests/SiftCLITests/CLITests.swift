import Foundation
import Testing
import SiftTesting

/// Runs the built `sift` binary, as a user would.
struct SiftProcess {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static var binary: URL {
        // The test bundle sits beside the products it was built with.
        let exe = URL(
            fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0])
        var dir = exe.deletingLastPathComponent()
        while dir.path != "/" {
            let candidate = dir.appendingPathComponent("sift")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        return packageRoot.appendingPathComponent(".build/debug/sift")
    }

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static func run(_ arguments: [String], stdin: String? = nil, environment: [String: String]? = nil) throws -> Result {
        let p = Process()
        p.executableURL = binary
        p.arguments = arguments
        p.currentDirectoryURL = packageRoot
        if let environment { p.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        let out = Pipe(), err = Pipe(), inp = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = inp
        try p.run()
        if let stdin { inp.fileHandleForWriting.write(Data(stdin.utf8)) }
        try inp.fileHandleForWriting.close()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Result(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
    }

    /// The reason codes of each result line of `stdout`, in order.
    static func reasons(_ stdout: String) throws -> [[String]] {
        try stdout.split(separator: "\n").map { line in
            let o = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            return (o["violations"] as? [[String: Any]] ?? []).map { $0["reason"] as! String }
        }
    }

    /// Starts the binary in the package folder without waiting: for tests that signal it or
    /// read its output as it comes. Standard error is discarded unless `stderr` is given.
    static func start(_ arguments: [String], stdout: Pipe? = nil, stderr: Pipe? = nil, stdin: Pipe? = nil) throws -> Process {
        let p = Process()
        p.executableURL = binary
        p.arguments = arguments
        p.currentDirectoryURL = packageRoot
        if let stdout { p.standardOutput = stdout }
        p.standardError = stderr ?? FileHandle.nullDevice
        if let stdin { p.standardInput = stdin }
        try p.run()
        return p
    }

    /// What `sqlite3` prints for `sql` on the database at `path`.
    static func sqlite(_ path: String, _ sql: String) throws -> String {
        let q = Process()
        q.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        q.arguments = [path, sql]
        let out = Pipe()
        q.standardOutput = out
        q.standardError = FileHandle.nullDevice
        try q.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        q.waitUntilExit()
        return text
    }

    static func temp(_ name: String, _ text: String) throws -> String {
        let dir = TemporaryFiles.path("sift-cli-")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let path = dir + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}

@Suite struct CLITests {
    @Test func runShippedPacksOverTheSamples() throws {
        let r = try SiftProcess.run(["run", "--rules", "rules", "samples/mobile.jsonl", "--as-of", "2026-11-21T00:00:00Z"])
        #expect(r.status == 1)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 6)
        #expect(lines[0] == #"{"source":"samples/mobile.jsonl","line":1,"valid":true,"packs":["mobile"],"violations":[]}"#)
        #expect(
            lines[3]
                == #"{"source":"samples/mobile.jsonl","line":4,"valid":false,"packs":["mobile"],"violations":[{"field":"phone","#
                + #""reason":"phone.regex","message":"is not a valid mainland China mobile number","value":"15412345678","#
                + #""rule":"rules/lib/cn-mobile.yaml:15:5"}]}"#
        )
        #expect(r.stderr.hasPrefix("sift: 6 records, 3 valid, 3 invalid (0 unreadable) in "))
    }

    @Test func allValidExitsZeroAndChineseMessages() throws {
        let ok = try SiftProcess.run(
            ["run", "--rules", "rules/mobile.yaml", "-", "--quiet"], stdin: "{\"kind\":\"mobile\",\"phone\":\"13800138000\"}\n")
        #expect(ok.status == 0)
        #expect(ok.stderr == "")
        #expect(ok.stdout == "{\"source\":\"-\",\"line\":1,\"valid\":true,\"packs\":[\"mobile\"],\"violations\":[]}\n")
        let zh = try SiftProcess.run(
            ["run", "--rules", "rules/mobile.yaml", "--lang", "zh", "--quiet"], stdin: "{\"kind\":\"mobile\",\"phone\":\"15412345678\"}\n")
        #expect(zh.status == 1)
        #expect(zh.stdout.contains(#""message":"不是有效的中国大陆手机号""#))
    }

    @Test func stdinMayHoldAJSONArray() throws {
        let r = try SiftProcess.run(
            ["run", "--rules", "rules/mobile.yaml", "--quiet"],
            stdin: "[{\"kind\":\"mobile\",\"phone\":\"13800138000\"},\n {\"kind\":\"mobile\",\"phone\":\"1\"}]\n")
        #expect(r.status == 1)
        #expect(r.stdout.split(separator: "\n").count == 2)
    }

    @Test func unreadableInputExitsThree() throws {
        let r = try SiftProcess.run(["run", "--rules", "rules", "samples/mobile.jsonl", "no/such/file.jsonl", "--quiet"])
        #expect(r.status == 3)
        #expect(r.stderr == "sift: cannot read input 'no/such/file.jsonl': no such file or folder\n")
        #expect(r.stdout.split(separator: "\n").count == 6)
    }

    @Test func ruleErrorsExitTwoWithLocatedMessages() throws {
        let path = try SiftProcess.temp("bad.yaml", "fields:\n  phone:\n    - regex: {patern: '^1'}\n    - checksum: lunh\n")
        let r = try SiftProcess.run(["lint", path])
        #expect(r.status == 2)
        #expect(r.stdout == "")
        #expect(
            r.stderr == """
                \(path):3:15: error: unknown option 'patern' for 'regex'; did you mean 'pattern'? (options: pattern, mode, ignore_case, \
                match_limit, depth_limit)
                    - regex: {patern: '^1'}
                              ^
                \(path):4:17: error: 'checksum' should be one of gb11643, luhn, iban, isbn10, isbn13, gtin, uscc, verhoeff, damm, not the \
                text 'lunh'; did you mean 'luhn'?
                    - checksum: lunh
                                ^
                sift lint: 2 errors

                """)
        let run = try SiftProcess.run(["run", "--rules", path, "samples"])
        #expect(run.status == 2)
        #expect(run.stdout == "")
    }

    @Test func usageErrorsExitTwo() throws {
        let r = try SiftProcess.run(["run", "samples"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("Missing expected argument '--rules <rules>'"))
        let lang = try SiftProcess.run(["run", "--rules", "rules", "--lang", "fr", "samples"])
        #expect(lang.status == 2)
        #expect(lang.stderr.contains("unknown language 'fr'; use en or zh"))
    }

    @Test func lintAndTestTheShippedPacks() throws {
        let lint = try SiftProcess.run(["lint", "rules"])
        #expect(lint.status == 0)
        #expect(lint.stdout.hasPrefix("sift lint: rules is valid: "))
        let test = try SiftProcess.run(["test", "rules", "--as-of", "2026-11-21T00:00:00Z"])
        #expect(test.status == 0)
        #expect(test.stdout.hasSuffix("passed, 0 failed\n"))
    }

    @Test func failingExamplesShowExpectedAgainstActual() throws {
        let path = try SiftProcess.temp(
            "ex.yaml",
            """
            fields:
              phone: [regex: '1[0-9]{10}']
            examples:
              - name: wrong on purpose
                record: {phone: "13800138000"}
                reasons: [phone.regex]
              - record: {phone: "1"}
                reasons: [phone.regex]
            """)
        let r = try SiftProcess.run(["test", path])
        #expect(r.status == 1)
        #expect(
            r.stdout == """
                \(path):4:5: error: example 'wrong on purpose' in pack 'ex' failed
                  expected: invalid with [phone.regex]
                  actual:   valid
                sift test: 2 examples, 1 passed, 1 failed

                """)
    }

    @Test func explainPrintsThePipeline() throws {
        let r = try SiftProcess.run(["explain", "rules/identity.yaml"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("pack 'identity' (rules/identity.yaml) applies to: kind = \"identity\""))
        #expect(r.stdout.contains("  - must pass the GB 11643 (Chinese resident ID) check [id.checksum] (rules/identity.yaml:13:9)"))
    }

    /// The pack's description in the chosen language, validators by name, the author's messages
    /// instead of raw regexes.
    @Test func explainSpeaksTheAuthorsWords() throws {
        let en = try SiftProcess.run(["explain", "rules/mobile.yaml"])
        #expect(
            en.stdout == """
                pack 'mobile' (rules/mobile.yaml) applies to: kind = "mobile"
                  Chinese mobile numbers, checked with the up-to-date validator.
                  field phone (required) [phone.required when missing]
                    - must not start or end with whitespace [phone.trimmed] (rules/mobile.yaml:13:9)
                    - validator cn_mobile: fails with “is not a valid mainland China mobile number” (a regex check) [phone.regex] \
                (rules/lib/cn-mobile.yaml:15:5)
                  examples: 18
                a record that no pack applies to gets a record.no_pack result.

                """)
        let zh = try SiftProcess.run(["explain", "rules/mobile.yaml", "--lang", "zh"])
        #expect(
            zh.stdout == """
                规则包 'mobile'（rules/mobile.yaml），适用于：kind = "mobile"
                  中国大陆手机号，用最新的号段校验。
                  字段 phone（必填）[缺失时 phone.required]
                    - 首尾不得有空白 [phone.trimmed] (rules/mobile.yaml:13:9)
                    - 校验器 cn_mobile：不满足时报告“不是有效的中国大陆手机号”（regex 检查） [phone.regex] \
                (rules/lib/cn-mobile.yaml:15:5)
                  示例：18 个
                不适用于任何规则包的记录会得到 record.no_pack 结果。

                """)
    }

    @Test func schemaIsJSON() throws {
        let r = try SiftProcess.run(["schema"])
        #expect(r.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        #expect(object?["title"] as? String == "Sift rules, version 1")
    }
}

@Suite struct ReceiptSampleTests {
    /// An order id with a NUL in it: a ledger keeps it as U+FFFD, and the same receipt sent again
    /// for the same order is a redelivery (valid, creditable again), not a replay to someone
    /// else, in one block, in a later run, and without a ledger alike.
    @Test func anOrderIdWithANulIsTheSameOwnerAgain() throws {
        let lines = try String(contentsOfFile: SiftProcess.packageRoot.path + "/samples/receipts/receipts.jsonl", encoding: .utf8)
            .split(separator: "\n")
        let line = lines[1].replacingOccurrences(of: #""order_id":"o-1001""#, with: #""order_id":"o-1001\u0000x""#) + "\n"
        let ledger = TemporaryFiles.path("sift-nul-owner-") + ".sqlite"
        let base = ["run", "--rules", "rules/iap-receipts.yaml", "--as-of", "2026-11-21T00:00:00Z", "--quiet"]
        for args in [base, base + ["--ledger", ledger]] {
            let r = try SiftProcess.run(args, stdin: line + line)
            #expect(try SiftProcess.reasons(r.stdout) == [[], []], "\(args)")
            #expect(r.stdout.split(separator: "\n")[1].contains(#""redelivery":{"via":"receipt","first":"line 1 of -","#), "\(args)")
        }
        let again = try SiftProcess.run(base + ["--ledger", ledger], stdin: line)
        #expect(try SiftProcess.reasons(again.stdout) == [[]])
        #expect(again.stdout.contains(#""redelivery":{"via":"receipt","first":"line 1 of -","run":"#))
    }

    /// The verdicts documented in docs/RECEIPTS.md.
    @Test func sampleReceiptsGiveTheDocumentedVerdicts() throws {
        let r = try SiftProcess.run([
            "run", "--rules", "rules", "samples/receipts/receipts.jsonl", "--as-of", "2026-11-21T00:00:00Z", "--quiet",
        ])
        #expect(r.status == 1)
        let reasons = try SiftProcess.reasons(r.stdout)
        #expect(
            reasons == [
                [
                    "receipt.bundle_id", "receipt.transaction_id", "receipt.transaction_id", "receipt.transaction_id",
                    "receipt.transaction_id", "receipt.product_unknown", "receipt.product_unknown",
                ],
                [], [], ["receipt.replayed_transaction"],
                ["receipt.status.sandbox_receipt_in_production"], ["receipt.refunded"], ["receipt.subscription_expired"],
                [], ["receipt.bundle_id"], ["receipt.quantity", "receipt.product_unknown"], ["receipt.status.internal_data_access_error"],
                ["receipt.in_app_malformed"], ["receipt.status_malformed"], ["receipt.missing"],
            ])
        let lines = r.stdout.split(separator: "\n")
        #expect(
            lines[1].hasSuffix(
                #""receipt":{"status":0,"environment":"Production","retryable":false,"creditable":[{"product_id":"com.example.coins100","#
                    + #""type":"consumable","transaction_id":"1000000651234567","original_transaction_id":"1000000651234567","#
                    + #""quantity":1}]}}"#
            ))
        #expect(lines[10].contains(#""receipt":{"status":21100,"retryable":true,"creditable":[]}"#))
        // The same transaction again for the same order and user: a retry, answered as the first time.
        let retried: String = [
            #"{"source":"samples/receipts/receipts.jsonl","line":3,"valid":true,"packs":["iap"],"violations":[],"#,
            #""receipt":{"status":0,"environment":"Production","retryable":false,"creditable":[{"product_id":"com.example.coins100","#,
            #""type":"consumable","transaction_id":"1000000651234567","original_transaction_id":"1000000651234567","quantity":1,"#,
            #""redelivery":{"via":"receipt","first":"line 2 of samples/receipts/receipts.jsonl","at":"2026-11-21T00:00:00Z","#,
            #""order_id":"o-1001","user_id":"u-1"}}]}}"#,
        ].joined()
        #expect(lines[2] == retried)
    }

    /// The lost-order flow through the binary, with a ledger: the first answer is lost, the app
    /// sends the same receipt, order and user again in another run and gets it creditable; another
    /// order is a replay; a receipt with a malformed element claims nothing and is credited fixed.
    @Test func aRetryOfTheSameOrderGetsTheFirstAnswer() throws {
        let lines = try String(contentsOfFile: SiftProcess.packageRoot.path + "/samples/receipts/receipts.jsonl", encoding: .utf8)
            .split(separator: "\n").map(String.init)
        let ledger = TemporaryFiles.path("sift-retry-") + ".sqlite"
        let args = ["run", "--rules", "rules/iap-receipts.yaml", "--as-of", "2026-11-21T00:00:00Z", "--quiet", "--ledger", ledger]
        let first = try SiftProcess.run(args, stdin: lines[1] + "\n")
        #expect(first.status == 0)
        let retry = try SiftProcess.run(args, stdin: lines[1] + "\n" + lines[3] + "\n")
        #expect(retry.status == 1)
        let out = retry.stdout.split(separator: "\n").map(String.init)
        let run = try #require(out[0].firstRange(of: #/"run":"([0-9a-f-]+)"/#).map { String(out[0][$0]) })
        let answer: String = [
            #"{"source":"-","line":1,"valid":true,"packs":["iap"],"violations":[],"receipt":{"status":0,"environment":"Production","#,
            #""retryable":false,"creditable":[{"product_id":"com.example.coins100","type":"consumable","transaction_id":"1000000651234567","#,
            #""original_transaction_id":"1000000651234567","quantity":1,"redelivery":{"via":"receipt","first":"line 1 of -","#, run,
            #","at":"2026-11-21T00:00:00Z","order_id":"o-1001","user_id":"u-1"}}]}}"#,
        ].joined()
        #expect(out[0] == answer)
        #expect(try SiftProcess.reasons(retry.stdout) == [[], ["receipt.replayed_transaction"]])
        // One malformed element: the good purchase is neither credited nor claimed ...
        let bad = lines[1].replacingOccurrences(of: "1000000651234567", with: "1000000651234999")
            .replacingOccurrences(of: #""in_app":["#, with: #""in_app":[7,"#)
        let refused = try SiftProcess.run(args, stdin: bad + "\n")
        #expect(try SiftProcess.reasons(refused.stdout) == [["receipt.purchase_malformed"]])
        #expect(refused.stdout.contains(#""creditable":[]"#))
        // ... so sent again without it, it is credited (a first credit, not a redelivery).
        let fixed = try SiftProcess.run(args, stdin: bad.replacingOccurrences(of: #""in_app":[7,"#, with: #""in_app":["#) + "\n")
        #expect(try SiftProcess.reasons(fixed.stdout) == [[]])
        #expect(fixed.stdout.contains(#""transaction_id":"1000000651234999""#) && !fixed.stdout.contains("redelivery"))
    }
}

@Suite struct RoutesCLITests {
    @Test func runOverAFileOfLinks() throws {
        let r = try SiftProcess.run(["run", "--rules", "rules", "samples/links.jsonl", "--quiet"])
        #expect(r.status == 1)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 10)
        #expect(
            lines[2]
                == #"{"source":"samples/links.jsonl","line":3,"valid":true,"packs":["deeplinks"],"violations":[],"#
                + #""route":{"destination":"video.detail","pattern":"videos/:id(int)","kind":"universal","params":{"id":42},"#
                + #""query":{"t":30,"autoplay":false},"raw_query":"t=30","fragment":null}}"#
        )
        let reasons = lines.map { line -> String in
            guard let r = line.range(of: #""reason":""#) else { return "-" }
            return String(line[r.upperBound...].prefix { $0 != "\"" })
        }
        #expect(
            reasons == [
                "-", "-", "-", "-", "route.nul_byte", "route.dot_segment", "route.forbidden_scheme", "route.excluded", "-",
                "route.host_not_allowed",
            ])
    }

    @Test func aasaGenerateThenCheck() throws {
        let gen = try SiftProcess.run(["routes", "aasa", "rules/deeplinks.yaml", "--app-id", "ABCDE12345.com.example.app"])
        #expect(gen.status == 0)
        let path = try SiftProcess.temp("apple-app-site-association", gen.stdout)
        let check = try SiftProcess.run(["routes", "check-aasa", "rules/deeplinks.yaml", path])
        #expect(check.status == 0)
        #expect(check.stdout == "sift routes check-aasa: 0 problems\n")
        let legacy = try SiftProcess.run(["routes", "check-aasa", "rules/deeplinks.yaml", "docs/examples/aasa-legacy-example.json"])
        #expect(legacy.status == 1)
        #expect(
            legacy.stdout == """
                route 'videos/new' → video.editor (rules/deeplinks.yaml:15:13): /videos/new would open in the browser: no pattern \
                matches it
                route 'videos' → video.list (rules/deeplinks.yaml:17:13): /videos would open in the browser: no pattern matches it
                route 'videos/:id(int)' → video.detail (rules/deeplinks.yaml:21:13): /videos/1 would open in the browser: no pattern \
                matches it
                route 'account' → account (rules/deeplinks.yaml:28:13): /account would open in the browser: no pattern matches it
                AASA pattern '/wwdc/news/' sends links to the app, but no route handles them
                AASA pattern '/videos/wwdc/2015/*' sends links to the app, but no route handles them
                sift routes check-aasa: 6 problems

                """)
        let second = try SiftProcess.run([
            "routes", "check-aasa", "rules/deeplinks.yaml", "docs/examples/aasa-legacy-example.json", "--app-id", "ABCD1234.com.apple.wwdc",
        ])
        #expect(second.status == 1)
        #expect(
            second.stdout
                == "excluded path '/videos/private/*' would still open the app: /videos/private/a matches * first\n"
                + "sift routes check-aasa: 1 problem\n"
        )
        let unknown = try SiftProcess.run([
            "routes", "check-aasa", "rules/deeplinks.yaml", "docs/examples/aasa-legacy-example.json", "--app-id", "X.y",
        ])
        #expect(unknown.status == 2)
        #expect(
            unknown.stderr
                == "sift routes check-aasa: the AASA file has no entry for X.y (entries: 9JA89QQLNQ.com.apple.wwdc, "
                + "ABCD1234.com.apple.wwdc)\n"
        )
    }
}

@Suite struct CLIRegressionTests {
    @Test func outMayNotOverwriteAnInput() throws {
        let path = try SiftProcess.temp("in.jsonl", "{\"kind\":\"mobile\",\"phone\":\"13800138000\"}\n")
        let r = try SiftProcess.run(["run", "--rules", "rules", path, "--out", path])
        #expect(r.status == 2)
        #expect(r.stderr == "sift: --out '\(path)' is also an input; write to another file\n")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "{\"kind\":\"mobile\",\"phone\":\"13800138000\"}\n")
    }

    @Test func stdinArraysKeepTheirLineNumbersAndLongLinesAreReported() throws {
        let text = "[\n{\"kind\":\"mobile\",\"phone\":\"13800138000\"},\n\n{\"kind\":\"mobile\",\"phone\":\"1\"}\n]\n"
        let r = try SiftProcess.run(["run", "--rules", "rules/mobile.yaml", "--quiet"], stdin: text)
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].contains(#""line":2,"index":0,"valid":true"#))
        #expect(lines[1].contains(#""line":4,"index":1,"valid":false"#))
        let long =
            "[\n{\"kind\":\"mobile\",\"phone\":\"13800138000\"},\n{\"kind\":\"mobile\",\"phone\":\"" + String(repeating: "1", count: 200)
            + "\"}\n]\n"
        let l = try SiftProcess.run(["run", "--rules", "rules/mobile.yaml", "--quiet", "--max-record-bytes", "100"], stdin: long)
        #expect(
            l.stdout
                == "{\"source\":\"-\",\"line\":3,\"valid\":false,\"error\":{\"reason\":\"input.too_large\","
                + "\"message\":\"line 3 of the JSON array is longer than the record size limit\"}}\n"
        )
    }
}

/// The DocC rules reference is `sift plugins --format markdown`, so it cannot drift from the specs.
@Suite struct DocumentationTests {
    /// The version, and the commit when the build was told it (scripts/package does; a plain
    /// `swift build` does not).
    @Test func versionNamesTheReleaseAndTheCommit() throws {
        let r = try SiftProcess.run(["--version"])
        #expect(r.status == 0)
        #expect(r.stdout == "0.9.0 (commit unknown)\n")
    }

    /// `sift plugins` lists every check kind `sift schema` accepts (and no other): the plugins'
    /// checks, the compositions, the relations, sum_of and expr (issue 60).
    @Test func pluginsListEveryCheckTheSchemaAccepts() throws {
        let schema = try JSONSerialization.jsonObject(with: Data(try SiftProcess.run(["schema"]).stdout.utf8)) as! [String: Any]
        let check = ((schema["$defs"] as! [String: Any])["check"] as! [String: Any])["anyOf"] as! [[String: Any]]
        let inSchema = Set(check.compactMap { ($0["required"] as? [String])?.first })
        let listed = try SiftProcess.run(["plugins"]).stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") }
            .compactMap { $0.split(separator: ":").first.map(String.init) }
        let sections: Set = ["app_store", "apple_id_token", "receipt", "routes", "schema"]
        let fieldKeys: Set = ["count", "unique_in_run", "unique_across_runs"]
        #expect(Set(listed).subtracting(sections).subtracting(fieldKeys) == inSchema)
        #expect(inSchema.isSuperset(of: ["sum_of", "expr", "contains", "same_as", "at_least", "all", "any", "not", "when", "use"]))
        #expect(Set(listed).isSuperset(of: fieldKeys))
    }

    @Test func theRulesReferenceIsGeneratedFromTheSpecs() throws {
        let r = try SiftProcess.run(["plugins", "--format", "markdown"])
        let page = try String(
            contentsOf: SiftProcess.packageRoot.appendingPathComponent("Sources/Sift/Sift.docc/RulesReference.md"), encoding: .utf8)
        #expect(r.stdout == page, "regenerate it: sift plugins --format markdown > Sources/Sift/Sift.docc/RulesReference.md")
        #expect(page.contains("\n## regex\n"))
        #expect(page.contains("| `mode` | one of full, search | `full` |"))
    }
}
