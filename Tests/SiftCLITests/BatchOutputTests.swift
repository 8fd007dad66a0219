import Foundation
import Testing

/// What comes after the result lines: record copies, result selection, keys, the summary
/// file, thresholds and exit codes, streaming, atomic outputs, odd inputs. Through the binary.
@Suite struct BatchOutputTests {
    static let valid1 = #"{"kind":"mobile","phone":"13800138000","order_id":"o-1"}"#
    static let invalid1 = #"{"kind":"mobile","phone":"1","order_id":"o-2"}"#
    static let bad = #"{"kind":"mobile","phone":"#
    static let notObject = "[1,2]"
    static let valid2 = #"{"kind":"mobile","phone":"19512345678"}"#
    static let input = [valid1, invalid1, "", bad, notObject, "   ", valid2].joined(separator: "\n") + "\n"

    func read(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "<missing>" }

    @Test func everyRecordEndsUpInExactlyOneFileAsRead() throws {
        let path = try SiftProcess.temp("in.jsonl", Self.input)
        let dir = (path as NSString).deletingLastPathComponent
        let r = try SiftProcess.run([
            "run", "--rules", "rules/mobile.yaml", path, "--quiet", "--results", "none",
            "--accepted", dir + "/ok.jsonl", "--rejected", dir + "/bad.jsonl",
        ])
        #expect(r.status == 1)
        #expect(r.stdout == "")
        #expect(read(dir + "/ok.jsonl") == Self.valid1 + "\n" + Self.valid2 + "\n")
        #expect(read(dir + "/bad.jsonl") == [Self.invalid1, Self.bad, Self.notObject].map { $0 + "\n" }.joined())
        // Nothing lost: the copies hold every non-blank input byte.
        let nonBlank = Self.input.split(separator: "\n").filter { !$0.allSatisfy { $0 == " " } }.map { $0 + "\n" }.joined()
        #expect(read(dir + "/ok.jsonl").utf8.count + read(dir + "/bad.jsonl").utf8.count == nonBlank.utf8.count)
        // With --errors, unreadable records go there instead.
        let e = try SiftProcess.run([
            "run", "--rules", "rules/mobile.yaml", path, "--quiet", "--results", "none",
            "--accepted", dir + "/ok2.jsonl", "--rejected", dir + "/bad2.jsonl", "--errors", dir + "/err.jsonl",
        ])
        #expect(e.status == 1)
        #expect(read(dir + "/bad2.jsonl") == Self.invalid1 + "\n")
        #expect(read(dir + "/err.jsonl") == Self.bad + "\n" + Self.notObject + "\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".tmp") } == [])
    }

    @Test func jsonArrayElementsAreCopiedAndIndexed() throws {
        let path = try SiftProcess.temp("in.json", "[\n  " + Self.valid1 + ",\n  " + Self.invalid1 + ", 7]\n")
        let dir = (path as NSString).deletingLastPathComponent
        let r = try SiftProcess.run([
            "run", "--rules", "rules/mobile.yaml", path, "--quiet", "--results", "invalid", "--key", "order_id",
            "--accepted", dir + "/ok.jsonl", "--rejected", dir + "/bad.jsonl",
        ])
        #expect(read(dir + "/ok.jsonl") == Self.valid1 + "\n")
        #expect(read(dir + "/bad.jsonl") == Self.invalid1 + "\n7\n")
        #expect(
            r.stdout == """
                {"source":"\(path)","line":3,"index":1,"key":"o-2","valid":false,"packs":["mobile"],"violations":[{"field":"phone",\
                "reason":"phone.regex",\
                "message":"is not a valid mainland China mobile number","value":"1","rule":"rules/lib/cn-mobile.yaml:15:5"}]}
                {"source":"\(path)","line":3,"index":2,"key":null,"valid":false,"error":{"reason":"input.not_object",\
                "message":"a record must be a JSON object"}}

                """)
    }

    @Test func summaryFileHasEveryReasonFieldPackAndTopValues() throws {
        let path = try SiftProcess.temp("in.jsonl", Self.input + Self.invalid1 + "\n")
        let summary = (path as NSString).deletingLastPathComponent + "/summary.json"
        let r = try SiftProcess.run([
            "run", "--rules", "rules/mobile.yaml", path, "--quiet", "--results", "none",
            "--summary-json", summary, "--warn-invalid-ratio", "0.5", "--max-reason", "phone.regex=5",
        ])
        #expect(r.status == 1)
        #expect(r.stderr == "sift: warning: 4 of 6 records are invalid (0.6667), above the warning level 0.5\n")
        var text = read(summary)
        text = text.replacingOccurrences(of: #""seconds":[0-9.]+,"records_per_second":[0-9]+"#, with: "T", options: .regularExpression)
        #expect(
            text == """
                {"records":6,"valid":2,"invalid":4,"unreadable_records":2,"invalid_ratio":0.6666666666666666,T,\
                "reasons":{"phone.regex":2,"input.malformed_json":1,"input.not_object":1},"fields":{"phone":2},\
                "packs":{"mobile":{"records":4,"invalid":2}},"top_values":{"phone.regex":[{"value":"1","count":2}]},\
                "unreadable_sources":[],"exit_code":1,"thresholds":[{"name":"invalid_ratio","level":"warn","limit":0.5,\
                "actual":0.6667,"crossed":true},{"name":"reason phone.regex","level":"fail","limit":5,"actual":2,"crossed":false}]}

                """)
    }

    /// More failing values than a summary keeps (32 per reason), over several blocks of 2,048
    /// records: two runs (two processes, each with its own hashing) give the same top values.
    @Test func topValuesAreTheSameFromRunToRun() throws {
        // Values spread unevenly, and differently from block to block.
        let lines = (0..<5000).map { i in #"{"kind":"mobile","phone":"x\#((i * i * 31 + 7 * i) % 1009 % (1 + i % 300))"}"# }
        let path = try SiftProcess.temp("in.jsonl", lines.joined(separator: "\n") + "\n")
        let dir = (path as NSString).deletingLastPathComponent
        var tops: [String] = []
        for k in 1...3 {
            let summary = dir + "/summary\(k).json"
            let r = try SiftProcess.run([
                "run", "--rules", "rules/mobile.yaml", path, "--quiet", "--results", "none", "--workers", "1",
                "--summary-json", summary,
            ])
            #expect(r.status == 1)
            let text = read(summary)
            let top = text.range(of: #""top_values":"#).map { String(text[$0.lowerBound...]) } ?? ""
            #expect(top.hasPrefix(#""top_values":{"phone.regex":[{"value":"x"#))
            tops.append(top)
        }
        #expect(tops[0] == tops[1] && tops[1] == tops[2])
    }

    /// A file of three blocks (2,048 records each): one result per record, in input order,
    /// whether the next block is read ahead (one worker, a core to spare) or in turn (two),
    /// mapped or read.
    @Test(arguments: ["1", "2"]) func aFileOfSeveralBlocksGetsEveryResultInOrder(workers: String) throws {
        let lines = (0..<5000).map { i in i % 3 == 0 ? #"{"kind":"mobile","phone":"x\#(i)"}"# : #"{"kind":"mobile","phone":"13812345678"}"#
        }
        let path = try SiftProcess.temp("in.jsonl", lines.joined(separator: "\n") + "\n")
        let r = try SiftProcess.run(["run", "--rules", "rules/mobile.yaml", path, "--quiet", "--results", "all", "--workers", workers])
        #expect(r.status == 1)
        let results = r.stdout.split(separator: "\n")
        #expect(results.count == 5000)
        for (i, line) in results.enumerated() {
            guard line.hasPrefix(#"{"source":"\#(path)","line":\#(i + 1),"valid":\#(i % 3 != 0)"#) else {
                Issue.record("result \(i + 1) out of place: \(line.prefix(120))")
                break
            }
        }
        // The file is mapped by default; --no-mmap reads it and says the same.
        let read = try SiftProcess.run(
            ["run", "--rules", "rules/mobile.yaml", path, "--quiet", "--results", "all", "--workers", workers, "--no-mmap"])
        #expect(read.status == 1 && read.stdout == r.stdout)
    }

    @Test func thresholdsSetTheExitCode() throws {
        let path = try SiftProcess.temp("in.jsonl", Self.input)
        let over = try SiftProcess.run([
            "run", "--rules", "rules/mobile.yaml", path, "--quiet", "--results", "none", "--max-invalid-ratio", "0.5",
        ])
        #expect(over.status == 5)
        #expect(over.stderr == "sift: error: 3 of 5 records are invalid (0.6000), above the limit 0.5\n")
        let within = try SiftProcess.run([
            "run", "--rules", "rules/mobile.yaml", path, "--quiet", "--results", "none", "--max-invalid-ratio", "0.6",
        ])
        #expect(within.status == 1)
        let reason = try SiftProcess.run([
            "run", "--rules", "rules/mobile.yaml", path, "--quiet", "--results", "none", "--max-reason", "phone.regex=0",
        ])
        #expect(reason.status == 5)
        #expect(reason.stderr == "sift: error: phone.regex occurred 1 times, above the limit 0\n")
        let usage = try SiftProcess.run(["run", "--rules", "rules/mobile.yaml", path, "--max-reason", "phone.regex"])
        #expect(usage.status == 2)
        #expect(usage.stderr.contains("--max-reason takes CODE=N, such as phone.regex=100; got 'phone.regex'"))
        let ledger = try SiftProcess.run([
            "run", "--rules", "rules/iap-receipts.yaml", "samples/receipts", "--quiet", "--ledger", "/no/such/dir/l.sqlite",
        ])
        #expect(ledger.status == 4)
    }

    @Test func packsCarryTheirOwnThresholds() throws {
        let rules = try SiftProcess.temp(
            "r.yaml",
            """
            pack: phones
            fields:
              phone: [{regex: '1[0-9]{10}'}]
            fail_when:
              invalid_ratio: 0.5
            warn_when:
              reasons: {phone.regex: 0}
            """)
        let input = [#"{"phone":"13800138000"}"#, #"{"phone":"1"}"#, #"{"phone":"2"}"#].joined(separator: "\n") + "\n"
        let r = try SiftProcess.run(["run", "--rules", rules, "--results", "none", "--quiet"], stdin: input)
        #expect(r.status == 5)
        #expect(
            r.stderr == """
                sift: warning: phone.regex occurred 2 times, above the warning level 0 (phones, \(rules):7:3)
                sift: error: 2 of the 3 records of pack 'phones' are invalid (0.6667), above the limit 0.5 (phones, \(rules):5:3)

                """)
        // A pack's share counts the records that break its own rules, not another pack's.
        let folder = URL(fileURLWithPath: rules).deletingLastPathComponent()
        try "pack: names\nfields:\n  name: [not_empty]\nfail_when: {invalid_ratio: 0}\n"
            .write(to: folder.appendingPathComponent("names.yaml"), atomically: true, encoding: .utf8)
        let both = try SiftProcess.run(
            ["run", "--rules", folder.path, "--results", "none", "--quiet"],
            stdin: input.replacingOccurrences(of: "}", with: #","name":"Ann"}"#))
        #expect(
            both.stderr == """
                sift: warning: phone.regex occurred 2 times, above the warning level 0 (phones, \(rules):7:3)
                sift: error: 2 of the 3 records of pack 'phones' are invalid (0.6667), above the limit 0.5 (phones, \(rules):5:3)

                """)
        // Sharded: each shard's summary, merged with the rules, judges the packs' limits on the whole.
        var shards: [String] = []
        for k in 1...2 {
            let path = folder.appendingPathComponent("shard\(k).json").path
            let shard = try SiftProcess.run(
                [
                    "run", "--rules", rules, "--results", "none", "--quiet", "--shard", "\(k)/2",
                    "--summary-json", path,
                ], stdin: input)
            #expect(shard.status == (k == 1 ? 1 : 5))  // shard 1: one of two records invalid; shard 2: its one record
            shards.append(path)
        }
        let merged = try SiftProcess.run(
            ["merge", "--rules", rules, "--max-reason", "phone.regex=5", "--warn-invalid-ratio", "0.1"] + shards)
        #expect(merged.status == 5)
        #expect(
            merged.stderr == """
                sift: warning: 2 of 3 records are invalid (0.6667), above the warning level 0.1
                sift: warning: phone.regex occurred 2 times, above the warning level 0 (phones, \(rules):7:3)
                sift: error: 2 of the 3 records of pack 'phones' are invalid (0.6667), above the limit 0.5 (phones, \(rules):5:3)

                """)
        #expect(
            merged.stdout.contains(#"{"name":"pack phones invalid_ratio","level":"fail","limit":0.5,"actual":0.6667,"crossed":true}"#))
        let unjudged = try SiftProcess.run(["merge"] + shards)
        #expect(unjudged.status == 1 && unjudged.stderr == "")

        let typo = try SiftProcess.temp(
            "typo.yaml", "fields:\n  a: [not_empty]\nfail_when: {invalid_ratoi: 0.1, reasons: {a.not_empty: -1}}\n")
        let lint = try SiftProcess.run(["lint", typo])
        #expect(lint.status == 2)
        #expect(
            lint.stderr == """
                \(typo):3:13: error: unknown key 'invalid_ratoi' in 'fail_when'; did you mean 'invalid_ratio'? (keys: invalid_ratio, \
                reasons)
                fail_when: {invalid_ratoi: 0.1, reasons: {a.not_empty: -1}}
                            ^
                \(typo):3:56: error: each reason limit is CODE: N with N a whole number from 0
                fail_when: {invalid_ratoi: 0.1, reasons: {a.not_empty: -1}}
                                                                       ^
                sift lint: 2 errors

                """)
    }

    @Test func textSummarySaysHowManyReasonsItLeftOut() throws {
        let fields = (1...12).map { "  f\($0): [not_empty]" }.joined(separator: "\n")
        let rules = try SiftProcess.temp("r.yaml", "pack: r\nfields:\n" + fields + "\n")
        let r = try SiftProcess.run(["run", "--rules", rules, "--results", "none"], stdin: "{}\n")
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.count == 12)
        #expect(lines[1] == "  1\tf1.required")
        #expect(lines[11] == "  ... 2 more reason codes (all of them: --summary-json FILE)")
    }

    /// Standard input redirected from a file is read from where it stands, not from the file's
    /// start: a header line the shell already read is not checked (the file is not mapped).
    @Test func standardInputFromAFileStartsWhereItStands() throws {
        let path = try SiftProcess.temp("in.jsonl", "name,phone\n" + Self.valid1 + "\n" + Self.invalid1 + "\n")
        let sh = Process()
        sh.executableURL = URL(fileURLWithPath: "/bin/sh")
        sh.arguments = ["-c", "read -r header; exec \"$0\" run --rules rules/mobile.yaml --quiet -", SiftProcess.binary.path]
        sh.currentDirectoryURL = SiftProcess.packageRoot
        sh.standardInput = FileHandle(forReadingAtPath: path)
        let out = Pipe()
        sh.standardOutput = out
        try sh.run()
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        sh.waitUntilExit()
        #expect(sh.terminationStatus == 1)
        #expect(stdout.split(separator: "\n").map { $0.contains(#""valid":true"#) } == [true, false])
    }

    @Test func byteOrderMarkIsSkipped() throws {
        let bom = try SiftProcess.temp("bom.jsonl", "\u{FEFF}" + Self.valid1 + "\n")
        let r = try SiftProcess.run(["run", "--rules", "rules/mobile.yaml", bom, "--quiet"])
        #expect(r.status == 0)
        #expect(r.stdout == #"{"source":"\#(bom)","line":1,"valid":true,"packs":["mobile"],"violations":[]}"# + "\n")
    }

    /// gzip-compressed files are read through zlib (several members too); a damaged one is
    /// unreadable input (exit 3), and the records before the damage still get their results.
    @Test func gzipFilesAreReadAndDamagedOnesSaySo() throws {
        let dir = (try SiftProcess.temp("x", "") as NSString).deletingLastPathComponent
        let gz = dir + "/in.jsonl.gz", cut = dir + "/cut.jsonl.gz"
        let sh = Process()
        sh.executableURL = URL(fileURLWithPath: "/bin/sh")
        sh.arguments = [
            "-c",
            "printf '%s\\n' '\(Self.valid1)' '\(Self.invalid1)' | gzip > '\(gz)' && printf '%s\\n' '\(Self.valid2)' | gzip >> '\(gz)'"
                + " && head -c $(($(wc -c < '\(gz)') - 4)) '\(gz)' > '\(cut)'",
        ]
        try sh.run()
        sh.waitUntilExit()
        let r = try SiftProcess.run(["run", "--rules", "rules/mobile.yaml", gz, "--quiet", "--results", "all"])
        #expect(r.status == 1)
        #expect(r.stdout.split(separator: "\n").map { $0.contains("\"valid\":true") } == [true, false, true])
        // One worker reads ahead on a queue of its own (when there is a spare core); two read in turn.
        for workers in ["1", "2"] {
            let c = try SiftProcess.run(["run", "--rules", "rules/mobile.yaml", cut, "--workers", workers])
            #expect(c.status == 3)
            #expect(c.stdout.split(separator: "\n").count == 3)
            #expect(c.stderr.hasSuffix("cannot read \(cut): its gzip data is damaged or cut off (unexpected end of file)\n"))
        }

        // Plain text after the last member is not dropped in silence.
        let tail = dir + "/tail.jsonl.gz"
        try (FileManager.default.contents(atPath: gz)! + Data("\(Self.valid1)\n".utf8)).write(to: URL(fileURLWithPath: tail))
        let t = try SiftProcess.run(["run", "--rules", "rules/mobile.yaml", tail])
        #expect(t.status == 3)
        #expect(t.stdout.split(separator: "\n").count == 3)
        let size = try FileManager.default.attributesOfItem(atPath: gz)[.size] as! Int
        #expect(t.stderr.hasSuffix("cannot read \(tail): its gzip data ends at byte \(size) and what follows is not gzip\n"))
    }

    /// Standard input is streamed: each line's result comes before the next line is sent, and
    /// the accepted file appears under its final name only when the run ends.
    @Test func standardInputIsStreamedLineByLineAndOutputsAppearWhenComplete() throws {
        let dir = (try SiftProcess.temp("x", "") as NSString).deletingLastPathComponent
        let accepted = dir + "/accepted.jsonl"
        let p = Process()
        p.executableURL = SiftProcess.binary
        p.arguments = ["run", "--rules", "rules/mobile.yaml", "--quiet", "--accepted", accepted]
        p.currentDirectoryURL = SiftProcess.packageRoot
        let inp = Pipe(), out = Pipe()
        p.standardInput = inp
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        let reader = LineReaderWithTimeout(out.fileHandleForReading)
        for (i, record) in [Self.valid1, Self.invalid1, Self.valid2].enumerated() {
            inp.fileHandleForWriting.write(Data((record + "\n").utf8))
            let line = reader.line(timeout: 10)
            #expect(line?.hasPrefix(#"{"source":"-","line":\#(i + 1),"#) == true, "no result for line \(i + 1) before the next was sent")
            #expect(!FileManager.default.fileExists(atPath: accepted))
        }
        try inp.fileHandleForWriting.close()
        p.waitUntilExit()
        #expect(p.terminationStatus == 1)
        #expect(read(accepted) == Self.valid1 + "\n" + Self.valid2 + "\n")
    }

    /// With one worker, files are read ahead on a queue of their own; with two, in turn.
    @Test(arguments: ["1", "2"]) func shardsTogetherAreOneRunAndMergeGivesItsSummary(workers: String) throws {
        let dir = (try SiftProcess.temp("x", "") as NSString).deletingLastPathComponent
        // Not the receipts: replay detection is state across records, which one shard cannot see
        // (docs/OUTPUT.md; a shared ledger covers it).
        let inputs = ["signup.jsonl", "mobile.jsonl", "identity.jsonl", "links.jsonl", "vehicles.json", "sign-in-with-apple.jsonl"].map {
            "samples/" + $0
        }
        let base = ["run", "--rules", "rules", "--as-of", "2026-11-21T00:00:00Z", "--quiet", "--workers", workers] + inputs
        let single = try SiftProcess.run(base + ["--summary-json", dir + "/all.json"])
        var lines: [Substring] = []
        for k in 1...3 {
            let r = try SiftProcess.run(base + ["--shard", "\(k)/3", "--summary-json", dir + "/s\(k).json"])
            lines += r.stdout.split(separator: "\n")
        }
        let all = single.stdout.split(separator: "\n")
        #expect(lines.count == all.count)
        #expect(Set(lines) == Set(all))
        let merged = try SiftProcess.run(["merge", dir + "/s1.json", dir + "/s2.json", dir + "/s3.json"])
        #expect(merged.status == single.status && merged.status == 1)  // the exit code of one run: some records invalid
        func untimed(_ text: String) -> String {
            text.replacingOccurrences(of: #""seconds":[0-9.]+,"records_per_second":[0-9]+"#, with: "T", options: .regularExpression)
        }
        #expect(untimed(merged.stdout) == untimed(read(dir + "/all.json")))
        #expect(merged.stdout.hasPrefix(#"{"records":40,"valid":"#))
        let bad = try SiftProcess.run(base + ["--shard", "4/3"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("--shard takes K/N with 1 ≤ K ≤ N, such as 2/4; got '4/3'"))
    }

    @Test func htmlReportShowsTotalsChartsAndSamples() throws {
        let dir = (try SiftProcess.temp("x", "") as NSString).deletingLastPathComponent
        let path = try SiftProcess.temp("in.jsonl", Self.input)
        let r = try SiftProcess.run([
            "run", "--rules", "rules/mobile.yaml", path, "--quiet", "--results", "none", "--report", dir + "/r.html",
        ])
        #expect(r.status == 1)
        let html = read(dir + "/r.html")
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(!html.contains("<script") && !html.contains("http://") && !html.contains("https://"))
        #expect(html.contains(#"<div class="tile" id="records"><b>5</b>records</div>"#))
        #expect(html.contains(#"<div class="tile bad" id="invalid"><b>3</b>invalid</div>"#))
        #expect(html.contains(#"<div class="tile bad" id="ratio"><b>60.0%</b>invalid ratio</div>"#))
        #expect(html.contains(##"<rect x="300" y="47" width="520" height="16" fill="#b3261e"><title>phone.regex: 1</title></rect>"##))
        #expect(
            html.contains(
                "<tr><td><code>\(path):2</code></td><td><div><code>phone · phone.regex</code>: is not a valid mainland China mobile "
                    + "number")
        )
        #expect(
            html.contains(
                #"<pre>{&quot;kind&quot;:&quot;mobile&quot;,&quot;phone&quot;:&quot;1&quot;,&quot;order_id&quot;:&quot;o-2&quot;}</pre>"#))
        let zh = try SiftProcess.run([
            "run", "--rules", "rules/mobile.yaml", path, "--quiet", "--results", "none", "--lang", "zh",
            "--report", dir + "/zh.html",
        ])
        #expect(zh.status == 1)
        #expect(read(dir + "/zh.html").contains("不是有效的中国大陆手机号"))
    }

    @Test func progressShowsOnATerminalOnly() throws {
        let big = try SiftProcess.temp("big.jsonl", String(repeating: Self.valid1 + "\n", count: 20_000))
        let args = ["run", "--rules", "rules/mobile.yaml", big, "--results", "none", "--workers", "1"]
        let plain = try SiftProcess.run(args)
        #expect(plain.stderr.hasPrefix("sift: 20000 records, 20000 valid, 0 invalid (0 unreadable) in "))
        #expect(!plain.stderr.contains("\r"))
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else { return }
        // `script` gives the run a terminal; the progress line is drawn there and erased before the summary.
        let command = ([SiftProcess.binary.path] + args).joined(separator: " ")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        p.arguments = ["-qec", command, "/dev/null"]
        p.currentDirectoryURL = SiftProcess.packageRoot
        let out = Pipe()
        p.standardOutput = out
        p.standardInput = FileHandle.nullDevice
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(text.contains("\r\u{1B}[Ksift: "))
        #expect(text.contains(" records/s, "))
        #expect(text.contains("sift: 20000 records, 20000 valid"))
    }

    @Test func aClosedPipeEndsTheRunQuietly() throws {
        let big = try SiftProcess.temp("big.jsonl", String(repeating: Self.valid1 + "\n", count: 50_000))
        let p = Process()
        p.executableURL = SiftProcess.binary
        p.arguments = ["run", "--rules", "rules/mobile.yaml", big]
        p.currentDirectoryURL = SiftProcess.packageRoot
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        _ = LineReaderWithTimeout(out.fileHandleForReading).line(timeout: 10)
        try out.fileHandleForReading.close()
        p.waitUntilExit()
        #expect(String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) == "")
    }
}

/// Reads lines from a pipe with a deadline, so a test fails instead of hanging.
final class LineReaderWithTimeout: @unchecked Sendable {
    private let handle: FileHandle
    private var buffer = Data()
    init(_ handle: FileHandle) { self.handle = handle }

    func line(timeout: Double) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let nl = buffer.firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[buffer.startIndex..<nl], as: UTF8.self)
                buffer = Data(buffer[(nl + 1)...])
                return line
            }
            var p = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, 100) > 0 else { continue }
            let chunk = handle.availableData
            if chunk.isEmpty { return nil }
            buffer.append(chunk)
        }
        return nil
    }
}

/// `{"status":21007,"status":0}` is read as 0 by last-wins parsers and 21007 by first-wins
/// ones: refused by default, read as asked with --duplicate-keys. Through the binary.
@Suite struct DuplicateKeyTests {
    static let input = #"{"kind":"mobile","phone":"1","phone":"13800138000"}"# + "\n" + #"{"kind":"mobile","phone":"13800138000"}"# + "\n"

    @Test func refusedByDefaultOrReadAsAsked() throws {
        let path = try SiftProcess.temp("in.jsonl", Self.input)
        let ok2 = #"{"source":"\#(path)","line":2,"valid":true,"packs":["mobile"],"violations":[]}"#
        let reject = try SiftProcess.run(["run", "--rules", "rules/mobile.yaml", path, "--quiet"])
        #expect(reject.status == 1)
        #expect(
            reject.stdout == """
                {"source":"\(path)","line":1,"valid":false,"error":{"reason":"input.duplicate_key","message":"the key 'phone' appears \
                more than once in its object (at byte 30); JSON readers disagree on which value counts (--duplicate-keys first|last \
                reads it)"}}
                \(ok2)

                """)
        let first = try SiftProcess.run(["run", "--rules", "rules/mobile.yaml", path, "--quiet", "--duplicate-keys", "first"])
        #expect(first.stdout.split(separator: "\n").first?.contains(#""reason":"phone.regex""#) == true)
        let last = try SiftProcess.run(["run", "--rules", "rules/mobile.yaml", path, "--quiet", "--duplicate-keys", "last"])
        #expect(last.status == 0)
        #expect(last.stdout == #"{"source":"\#(path)","line":1,"valid":true,"packs":["mobile"],"violations":[]}"# + "\n" + ok2 + "\n")
        // A JSON array file: each record is judged alone, the path is within the record.
        let array = try SiftProcess.temp(
            "in.json", #"[{"kind":"mobile","phone":"13800138000"},{"kind":"mobile","a":{"b":1,"b":2},"phone":"1"}]"#)
        let a = try SiftProcess.run(["run", "--rules", "rules/mobile.yaml", array, "--quiet"])
        #expect(
            a.stdout.split(separator: "\n").map(String.init) == [
                #"{"source":"\#(array)","line":1,"index":0,"valid":true,"packs":["mobile"],"violations":[]}"#,
                #"{"source":"\#(array)","line":1,"index":1,"valid":false,"error":{"reason":"input.duplicate_key","message":"the key "#
                    + #"'a.b' appears more than once in its object (at byte 70); JSON readers disagree on which value counts "#
                    + #"(--duplicate-keys first|last reads it)"}}"#,
            ])
        let bad = try SiftProcess.run(["run", "--rules", "rules/mobile.yaml", path, "--duplicate-keys", "any"])
        #expect(bad.status == 2)
        #expect(bad.stderr.hasPrefix("Error: The value 'any' is invalid for '--duplicate-keys <duplicate-keys>'"))
    }
}
