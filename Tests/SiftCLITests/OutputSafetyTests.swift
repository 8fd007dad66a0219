import Foundation
import Testing

/// Every file `sift` writes: a regular file is replaced only when the run completes, anything
/// else (a FIFO, a device, a symlink's target, standard output by name) is written where it
/// is and never replaced; faults are one plain line. Through the binary.
@Suite struct OutputSafetyTests {
    static let rules = "rules/mobile.yaml"
    static let input = #"{"kind":"mobile","phone":"13800138000"}"# + "\n" + #"{"kind":"mobile","phone":"1"}"# + "\n"

    func folder() throws -> String {
        (try SiftProcess.temp("in.jsonl", Self.input) as NSString).deletingLastPathComponent
    }

    func fileType(_ path: String) -> mode_t {
        var st = stat()
        return lstat(path, &st) == 0 ? st.st_mode & S_IFMT : 0
    }

    /// What `sift run` writes for `Self.input` with `--out`.
    func expectedResults(_ dir: String) throws -> String {
        try SiftProcess.run(["run", "--rules", Self.rules, dir + "/in.jsonl", "--quiet"]).stdout
    }

    @Test(arguments: ["--out", "--accepted", "--rejected", "--summary-json", "--junit", "--report"])
    func aFIFOIsWrittenNotReplaced(option: String) throws {
        let dir = try folder()
        let fifo = dir + "/fifo-\(option.dropFirst(2))"
        #expect(mkfifo(fifo, 0o644) == 0)
        // A reader, as `cat fifo > got` would be.
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/bin/sh")
        reader.arguments = ["-c", "cat \"$0\" > \"$0.got\"", fifo]
        try reader.run()
        let r = try SiftProcess.run(["run", "--rules", Self.rules, dir + "/in.jsonl", "--quiet", option, fifo])
        reader.waitUntilExit()
        #expect(r.status == 1)
        #expect(r.stderr == "")
        #expect(fileType(fifo) == S_IFIFO)
        let got = try String(contentsOfFile: fifo + ".got", encoding: .utf8)
        #expect(!got.isEmpty)
        if option == "--out" { #expect(got == (try expectedResults(dir))) }
        if option == "--accepted" { #expect(got == #"{"kind":"mobile","phone":"13800138000"}"# + "\n") }
    }

    @Test func aSymlinksTargetIsReplacedAndTheLinkStays() throws {
        let dir = try folder()
        try "old\n".write(toFile: dir + "/target.jsonl", atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: dir + "/link.jsonl", withDestinationPath: "target.jsonl")
        let r = try SiftProcess.run(["run", "--rules", Self.rules, dir + "/in.jsonl", "--quiet", "--out", dir + "/link.jsonl"])
        #expect(r.status == 1)
        #expect(fileType(dir + "/link.jsonl") == S_IFLNK)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir + "/link.jsonl") == "target.jsonl")
        #expect(try String(contentsOfFile: dir + "/target.jsonl", encoding: .utf8) == (try expectedResults(dir)))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["in.jsonl", "link.jsonl", "target.jsonl"])
    }

    @Test func devicesAndStandardOutputByNameAreWrittenInPlace() throws {
        let dir = try folder()
        let null = try SiftProcess.run(["run", "--rules", Self.rules, dir + "/in.jsonl", "--quiet", "--out", "/dev/null"])
        #expect(null.status == 1)
        #expect(fileType("/dev/null") == S_IFCHR)
        let stdout = try SiftProcess.run(["run", "--rules", Self.rules, dir + "/in.jsonl", "--quiet", "--out", "/dev/stdout"])
        #expect(stdout.stdout == (try expectedResults(dir)))
        #expect(fileType("/dev/stdout") == S_IFLNK)
        let full = try SiftProcess.run(["run", "--rules", Self.rules, dir + "/in.jsonl", "--quiet", "--out", "/dev/full"])
        #expect(full.status == 4)
        #expect(full.stderr == "sift: cannot write /dev/full: no space left on device\n")
        #expect(fileType("/dev/full") == S_IFCHR)
    }

    @Test func faultsAreOnePlainLineAndReplaceNothing() throws {
        let dir = try folder()
        try "old\n".write(toFile: dir + "/kept.jsonl", atomically: false, encoding: .utf8)
        let cases: [(String, Int32, String)] = [
            (dir + "/none/x.jsonl", 4, "sift: cannot write \(dir)/none/x.jsonl: no such file or directory\n"),
            (dir, 4, "sift: cannot write \(dir): is a directory\n"),
        ]
        for (out, status, stderr) in cases {
            let r = try SiftProcess.run(["run", "--rules", Self.rules, dir + "/in.jsonl", "--quiet", "--out", out])
            #expect(r.status == status)
            #expect(r.stderr == stderr)
        }
        // A summary that cannot be written fails the run before any record is read: the results
        // file named on the command line is not replaced either.
        let r = try SiftProcess.run([
            "run", "--rules", Self.rules, dir + "/in.jsonl", "--quiet", "--out", dir + "/kept.jsonl", "--summary-json",
            dir + "/none/s.json",
        ])
        #expect(r.status == 4)
        #expect(r.stderr == "sift: cannot write \(dir)/none/s.json: no such file or directory\n")
        #expect(try String(contentsOfFile: dir + "/kept.jsonl", encoding: .utf8) == "old\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["in.jsonl", "kept.jsonl"])
        for line in [r.stderr] { for dump in ["Error Domain", "NSCocoaErrorDomain", "Optional("] { #expect(!line.contains(dump)) } }
    }

    /// A full disk and a read-only filesystem, on small tmpfs mounts (root only: CI runs as root).
    @Test(.enabled(if: getuid() == 0)) func aFullDiskAndAReadOnlyFilesystemAreReportedPlainly() throws {
        let dir = try folder()
        let big = String(repeating: #"{"kind":"mobile","phone":"1"}"# + "\n", count: 20_000)
        try big.write(toFile: dir + "/big.jsonl", atomically: false, encoding: .utf8)
        for (name, options) in [("full", "size=64k"), ("ro", "ro,size=64k")] {
            try FileManager.default.createDirectory(atPath: dir + "/" + name, withIntermediateDirectories: true)
            #expect(try sh("mount -t tmpfs -o \(options) tmpfs \"$0\"", dir + "/" + name) == 0)
        }
        defer { _ = try? sh("umount \"$0/full\" \"$0/ro\"", dir) }
        try "old\n".write(toFile: dir + "/full/out.jsonl", atomically: false, encoding: .utf8)
        let full = try SiftProcess.run(["run", "--rules", Self.rules, dir + "/big.jsonl", "--quiet", "--out", dir + "/full/out.jsonl"])
        #expect(full.status == 4)
        #expect(full.stderr == "sift: cannot write \(dir)/full/out.jsonl: no space left on device; nothing was replaced\n")
        #expect(try String(contentsOfFile: dir + "/full/out.jsonl", encoding: .utf8) == "old\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/full") == ["out.jsonl"])
        let ro = try SiftProcess.run(["run", "--rules", Self.rules, dir + "/in.jsonl", "--quiet", "--out", dir + "/ro/out.jsonl"])
        #expect(ro.status == 4)
        #expect(ro.stderr == "sift: cannot write \(dir)/ro/out.jsonl: read-only file system\n")
    }

    /// A character device bind-mounted over a file (root only): written, not replaced.
    @Test(.enabled(if: getuid() == 0)) func aBindMountedDeviceIsNotReplaced() throws {
        let dir = try folder()
        try "".write(toFile: dir + "/device", atomically: false, encoding: .utf8)
        #expect(try sh("mount --bind /dev/null \"$0\"", dir + "/device") == 0)
        defer { _ = try? sh("umount \"$0\"", dir + "/device") }
        let r = try SiftProcess.run(["run", "--rules", Self.rules, dir + "/in.jsonl", "--quiet", "--out", dir + "/device"])
        #expect(r.status == 1)
        #expect(r.stderr == "")
        #expect(fileType(dir + "/device") == S_IFCHR)
    }

    @Test func aReplacedFileKeepsItsPermissions() throws {
        let dir = try folder()
        let out = dir + "/private.jsonl"
        try "old\n".write(toFile: out, atomically: false, encoding: .utf8)
        chmod(out, 0o600)
        _ = try SiftProcess.run(["run", "--rules", Self.rules, dir + "/in.jsonl", "--quiet", "--out", out])
        var st = stat()
        #expect(stat(out, &st) == 0)
        #expect(st.st_mode & 0o777 == 0o600)
        #expect(try String(contentsOfFile: out, encoding: .utf8) == (try expectedResults(dir)))
    }

    @Test func mergeAndTestWriteTheirFilesTheSameWay() throws {
        let dir = try folder()
        _ = try SiftProcess.run(["run", "--rules", Self.rules, dir + "/in.jsonl", "--quiet", "--summary-json", dir + "/s.json"])
        let merge = try SiftProcess.run(["merge", dir + "/s.json", "--out", "/dev/null"])
        #expect(merge.status == 1)
        #expect(fileType("/dev/null") == S_IFCHR)
        let missing = try SiftProcess.run(["merge", dir + "/nope.json"])
        #expect(missing.status == 3)
        #expect(missing.stderr == "sift merge: \(dir)/nope.json: cannot read \(dir)/nope.json: no such file or directory\n")
        let test = try SiftProcess.run(["test", Self.rules, "--junit", dir + "/none/j.xml"])
        #expect(test.status == 4)
        #expect(test.stderr == "sift test: cannot write \(dir)/none/j.xml: no such file or directory; nothing was replaced\n")
    }

    /// A killed run leaves nothing beside its outputs (they are unnamed until the run completes).
    @Test func aKilledRunLeavesNoDebris() throws {
        let dir = try folder()
        try String(repeating: #"{"kind":"mobile","phone":"13800138000"}"# + "\n", count: 400_000)
            .write(toFile: dir + "/big.jsonl", atomically: false, encoding: .utf8)
        let p = Process()
        p.executableURL = SiftProcess.binary
        p.arguments = ["run", "--rules", Self.rules, dir + "/big.jsonl", "--quiet", "--out", dir + "/out.jsonl", "--workers", "1"]
        p.currentDirectoryURL = SiftProcess.packageRoot
        try p.run()
        usleep(300_000)
        kill(p.processIdentifier, SIGKILL)
        p.waitUntilExit()
        #expect(p.terminationReason == .uncaughtSignal, "the run ended before it was killed")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["big.jsonl", "in.jsonl"])
    }

    func sh(_ script: String, _ arg: String) throws -> Int32 {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", script, arg]
        p.standardError = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        return p.terminationStatus
    }
}
