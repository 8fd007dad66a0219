import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The hostile-input matrix: records, files and rule folders an attacker or an accident can
/// produce, each with its exact outcome through the binary: one result per record with the
/// right reason, a located rule error, no crash, no hang, memory bounded.
@Suite struct HostileInputTests {
    /// A run of the binary with its peak memory, as GNU time reports it. (A child spawned by
    /// this process keeps the test process's own peak as its starting maxrss, so `wait4`
    /// cannot tell; `time` starts the binary from its own small process.)
    struct Measured {
        var status: Int32
        var stdout: String
        var stderr: String
        var maxRSSMB: Int
    }

    /// Under ASan or TSan (`scripts/test --sanitize`) memory is the sanitizer's: bounds are not checked.
    static let sanitized = ["ASAN_OPTIONS", "TSAN_OPTIONS"].contains { ProcessInfo.processInfo.environment[$0] != nil }

    static func measured(_ args: [String], stdin: String = "/dev/null") throws -> Measured {
        let dir = TemporaryPath.folder()
        let out = dir + "/stdout", err = dir + "/stderr"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdin, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, out, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, err, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        // Shipped rules by absolute path: the child runs in this process's folder.
        let args = args.map { $0.hasPrefix("rules/") ? SiftProcess.packageRoot.path + "/" + $0 : $0 }
        let argv = (["/usr/bin/time", "-f", "%M", "-o", dir + "/rss", SiftProcess.binary.path] + args).map { strdup($0) } + [nil]
        defer { for a in argv { free(a) } }
        var pid = pid_t()
        guard posix_spawn(&pid, "/usr/bin/time", &actions, nil, argv, environ) == 0 else { throw POSIXError(.ENOENT) }
        var status: Int32 = 0
        _ = waitpid(pid, &status, 0)
        let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        // time writes "Command exited with non-zero status N" before the figure when it is not 0.
        let rss = ((try? String(contentsOfFile: dir + "/rss", encoding: .utf8)) ?? "").split(separator: "\n").last.flatMap { Int($0) }
        return Measured(
            status: code, stdout: (try? String(contentsOfFile: out, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOfFile: err, encoding: .utf8)) ?? "", maxRSSMB: sanitized ? 0 : (rss ?? Int.max) / 1024)
    }

    /// Hostile records, one per line: each gets exactly one result with this reason (or is valid).
    static let records: [(kind: String, line: String, reason: String?)] = [
        ("a value missing", #"{"a":}"#, "input.malformed_json"),
        ("cut off", #"{"kind":"mobile","phone":"1"#, "input.malformed_json"),
        ("leading zero", #"{"a":01}"#, "input.malformed_json"),
        ("lone surrogate in a value", #"{"a":"\ud800"}"#, "input.malformed_json"),
        ("lone surrogate in a key", #"{"\udc00":1}"#, "input.malformed_json"),
        ("text after the value", #"{"a":"x"} x"#, "input.malformed_json"),
        ("unquoted key", #"{a:1}"#, "input.malformed_json"),
        ("single quotes", #"{'a':1}"#, "input.malformed_json"),
        ("unterminated array", #"{"a":[1,2}"#, "input.malformed_json"),
        ("bad literal", #"{"a":tru}"#, "input.malformed_json"),
        ("bad escape", #"{"a":"\x"}"#, "input.malformed_json"),
        ("raw tab in a string", "{\"a\":\"x\ty\"}", "input.malformed_json"),
        ("raw NUL in a string", "{\"a\":\"x\u{0}y\"}", "input.malformed_json"),
        ("trailing comma", #"{"a":1,}"#, "input.malformed_json"),
        ("NaN", #"{"a":NaN}"#, "input.malformed_json"),
        ("Infinity", #"{"a":Infinity}"#, "input.malformed_json"),
        ("not an object", #""just text""#, "input.not_object"),
        ("an array", "[1,2,3]", "input.not_object"),
        ("duplicate keys", #"{"kind":"mobile","phone":"13800138000","phone":"1"}"#, "input.duplicate_key"),
        ("escaped duplicate key", #"{"kind":"mobile","phone":"13800138000","\u0070hone":"1"}"#, "input.duplicate_key"),
        ("1e999 is still a number", #"{"kind":"mobile","phone":"13800138000","n":1e999}"#, nil),
        ("deep nesting", String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000), "input.too_deep"),
        (
            "deep arrays in in_app",
            #"{"kind":"mobile","in_app":"# + String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000) + "}",
            "input.too_deep"
        ),
    ]

    @Test func everyHostileRecordGetsExactlyOneResultWithItsReason() throws {
        var bytes = Data(Self.records.map(\.line).joined(separator: "\n").utf8)
        // Bytes no text editor writes: an overlong '/', a stray continuation byte, 0xFF.
        for bad: [UInt8] in [[0xC0, 0xAF], [0x80], [0xFF]] { bytes += Data("\n{\"a\":\"".utf8) + Data(bad) + Data("\"}".utf8) }
        let path = try SiftProcess.temp("hostile.jsonl", "")
        try (bytes + Data("\n".utf8)).write(to: URL(fileURLWithPath: path))
        let r = try Self.measured(["run", "--rules", "rules/mobile.yaml", path, "--quiet"])
        #expect(r.status == 1)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        let expected = Self.records.map(\.reason) + Array(repeating: "input.invalid_utf8", count: 3)
        #expect(lines.count == expected.count)
        for (i, (line, reason)) in zip(lines, expected).enumerated() {
            #expect(line.contains(#""line":\#(i + 1),"#), "line \(i + 1)")
            if let reason {
                #expect(line.contains(#""reason":"\#(reason)""#), "\(i < Self.records.count ? Self.records[i].kind : "bad UTF-8"): \(line)")
            } else {
                #expect(line.contains(#""valid":true"#), "\(Self.records[i].kind): \(line)")
            }
        }
        #expect(r.maxRSSMB < 200, "\(r.maxRSSMB) MB")
    }

    /// Huge values: a 10 MB string is checked (its regex fails), a 1 GB line is never held.
    @Test func hugeValuesAndLinesStayWithinMemory() throws {
        let ten = try SiftProcess.temp("ten.jsonl", #"{"kind":"mobile","phone":""# + String(repeating: "1", count: 10 << 20) + "\"}\n")
        let r = try Self.measured(["run", "--rules", "rules/mobile.yaml", ten, "--quiet"])
        #expect(r.status == 1)
        #expect(r.stdout.contains(#""reason":"phone.regex""#))
        #expect(r.stdout.utf8.count < 2_000, "the excerpt of a 10 MB value is short")
        #expect(r.maxRSSMB < 150, "\(r.maxRSSMB) MB")
        // A sparse file: 1 GiB of NUL bytes with no line break, then one good record.
        let dir = (ten as NSString).deletingLastPathComponent
        let huge = dir + "/huge.jsonl"
        let fd = open(huge, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        #expect(ftruncate(fd, 1 << 30) == 0)
        _ = lseek(fd, 0, SEEK_END)
        let tail = "\n" + #"{"kind":"mobile","phone":"13800138000"}"# + "\n"
        _ = tail.withCString { write(fd, $0, strlen($0)) }
        close(fd)
        defer { unlink(huge) }
        let g = try Self.measured(["run", "--rules", "rules/mobile.yaml", huge, "--quiet"])
        #expect(g.status == 1)
        let lines = g.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.contains(#""reason":"input.too_large""#) == true)
        #expect(lines.last?.contains(#""line":2,"valid":true"#) == true)
        #expect(g.maxRSSMB < 100, "\(g.maxRSSMB) MB")
    }

    /// Inputs that are not files of records: each is reported, the run goes on, exit 3.
    @Test func inputsThatCannotBeReadAreReportedAndTheRestIsRead() throws {
        let good = try SiftProcess.temp("good.jsonl", #"{"kind":"mobile","phone":"13800138000"}"# + "\n")
        let dir = (good as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: dir + "/folder.jsonl", withIntermediateDirectories: true)
        // A folder is a folder of inputs (this one is empty); a missing file is reported.
        let r = try Self.measured(["run", "--rules", "rules/mobile.yaml", dir + "/folder.jsonl", dir + "/missing.jsonl", good, "--quiet"])
        #expect(r.status == 3)
        #expect(r.stderr == "sift: cannot read input '\(dir)/missing.jsonl': no such file or folder\n")
        #expect(r.stdout.split(separator: "\n").count == 1)
        if getuid() != 0 {  // root reads any file
            let locked = try SiftProcess.temp("locked.jsonl", "{}\n")
            chmod(locked, 0)
            let u = try Self.measured(["run", "--rules", "rules/mobile.yaml", locked, good, "--quiet"])
            #expect(u.status == 3)
            #expect(u.stdout.split(separator: "\n").count == 1)
        }
    }

    /// A file that grows while it is read: every line read gets one result; nothing is torn.
    @Test func aFileThatGrowsWhileReadGivesOneResultPerLineRead() throws {
        let line = #"{"kind":"mobile","phone":"13800138000"}"# + "\n"
        let path = try SiftProcess.temp("growing.jsonl", String(repeating: line, count: 50_000))
        let writer = Thread {
            guard let h = FileHandle(forWritingAtPath: path) else { return }
            h.seekToEndOfFile()
            for _ in 0..<200 { h.write(Data(String(repeating: line, count: 500).utf8)) }
            try? h.close()
        }
        writer.start()
        let r = try Self.measured(["run", "--rules", "rules/mobile.yaml", path, "--quiet", "--workers", "1"])
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.count >= 50_000 && lines.count <= 150_000)
        #expect(lines.allSatisfy { $0.hasSuffix(#""valid":true,"packs":["mobile"],"violations":[]}"#) })
    }

    /// Rule folders and files built to hurt: each fails (or loads) with a located message, fast.
    @Test(arguments: [
        (
            "alias bomb",
            "a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\ne: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\nf: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]\ng: [*f, *f, *f, *f, *f, *f, *f, *f, *f, *f]\n",
            "error:"
        ),
        ("merge-key cycle", "a: &a\n  <<: *a\n  x: 1\nfields:\n  f: [not_empty]\n", "error:"),
        (
            "a 100 KB regex", "fields:\n  f: [{regex: '" + String(repeating: "(a|b)", count: 20_000) + "'}]\n",
            "regular expression is too large"
        ),
        ("ReDoS", "fields:\n  f: [{regex: '(a+)+(?!b)$'}]\n", ""),
    ])
    func hostileRuleFiles(_ kind: String, _ yaml: String, _ expect: String) throws {
        let rules = try SiftProcess.temp("r.yaml", yaml)
        let started = Date()
        let lint = try Self.measured(["lint", rules])
        #expect(Date().timeIntervalSince(started) < 30, "\(kind)")
        #expect(lint.maxRSSMB < 500, "\(kind): \(lint.maxRSSMB) MB")
        if expect.isEmpty {
            #expect(lint.status == 0, "\(kind): \(lint.stderr.prefix(300))")
            #expect(lint.stdout == "sift lint: \(rules) is valid: 1 pack, 0 examples, 2 warnings\n", "\(kind)")
        } else {
            #expect(lint.status == 2, "\(kind)")
            #expect(lint.stderr.hasPrefix("\(rules):"), "\(kind): \(lint.stderr.prefix(300))")
            #expect(lint.stderr.contains(expect), "\(kind): \(lint.stderr.prefix(300))")
        }
        #expect(lint.stderr.utf8.count < 4_000, "\(kind): messages stay short")
    }

    /// Keys built so that a cheap filter cannot tell them apart (same length, first and last
    /// byte): 90,000 of them in one object, with and without a repeat, are judged in linear
    /// time (the comparisons were quadratic: about 4e9 for this record).
    @Test func keysBuiltToCollideStayLinear() throws {
        let keys = (0..<90_000).map { String(format: #""a%05db":1"#, $0) }.joined(separator: ",")
        let path = try SiftProcess.temp("collide.jsonl", "{" + keys + "}\n{" + keys + #","a00007b":2}"# + "\n")
        let started = Date()
        let r = try Self.measured(["run", "--rules", "rules/mobile.yaml", path, "--quiet"])
        #expect(Date().timeIntervalSince(started) < 20)
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.contains("record.no_pack") == true)
        #expect(lines.last?.contains(#""reason":"input.duplicate_key","message":"the key 'a00007b' appears more than once"#) == true)
    }

    @Test func aReDoSValueEndsInRegexLimit() throws {
        // The look-ahead keeps the pattern on PCRE2 (the byte automaton answers `(a+)+$` itself).
        let rules = try SiftProcess.temp("r.yaml", "fields:\n  f: [{regex: '(a+)+(?!b)$'}]\n")
        let r = try Self.measured(
            ["run", "--rules", rules, "--quiet", "-"],
            stdin: try SiftProcess.temp("in.jsonl", #"{"f":""# + String(repeating: "a", count: 5_000) + "!\"}\n"))
        #expect(r.stdout.contains(#""reason":"f.regex.limit""#), "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.split(separator: "\n").count == 1)
    }

    @Test func aSymlinkLoopAndTenThousandFilesInTheRulesFolder() throws {
        let dir = (try SiftProcess.temp("ok.yaml", "fields:\n  a: [not_empty]\n") as NSString).deletingLastPathComponent
        try FileManager.default.createSymbolicLink(atPath: dir + "/x.yaml", withDestinationPath: "y.yaml")
        try FileManager.default.createSymbolicLink(atPath: dir + "/y.yaml", withDestinationPath: "x.yaml")
        let loop = try Self.measured(["lint", dir])
        #expect(loop.status == 2)
        #expect(loop.stderr.contains("x.yaml"))
        let many = TemporaryPath.folder()
        for i in 0..<10_000 {
            try "pack: p\(i)\napplies_to: {kind: k\(i)}\nfields:\n  a: [not_empty]\n".write(
                toFile: many + "/p\(i).yaml", atomically: false, encoding: .utf8)
        }
        let started = Date()
        let lint = try Self.measured(["lint", many])
        #expect(lint.status == 0, "\(lint.stderr.prefix(500))")
        #expect(lint.stdout.hasPrefix("sift lint: \(many) is valid: 10000 packs"))
        #expect(Date().timeIntervalSince(started) < 120)
    }
}

/// A fresh folder for one test.
enum TemporaryPath {
    static func folder() -> String {
        let dir = (try! SiftProcess.temp("x", "") as NSString).deletingLastPathComponent
        return dir
    }
}
