import Foundation
import Testing

/// Every seed and every input that once made a fuzz target fail (Fuzz/corpus, Fuzz/regressions)
/// goes through its target again, in a plain build of SiftFuzz (the replayer; docs/FUZZING.md).
@Suite struct FuzzReplayTests {
    @Test(arguments: ["json", "yaml", "regex", "url", "receipt", "token", "appstore"])
    func seedsAndRegressionsStillPass(_ target: String) throws {
        let replayer = SiftProcess.binary.deletingLastPathComponent().appendingPathComponent("SiftFuzz")
        let folders = ["Fuzz/corpus/\(target)", "Fuzz/regressions/\(target)"].filter {
            FileManager.default.fileExists(atPath: SiftProcess.packageRoot.appendingPathComponent($0).path)
        }
        let count = try folders.reduce(0) {
            $0 + (try FileManager.default.contentsOfDirectory(atPath: SiftProcess.packageRoot.appendingPathComponent($1).path).count)
        }
        let p = Process()
        p.executableURL = replayer
        p.arguments = [target] + folders
        p.currentDirectoryURL = SiftProcess.packageRoot
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 0, "\(target): \(text)")
        #expect(text == "ok \(count) inputs\n")
        #expect(count >= 10, "\(target) has \(count) seeds")
    }
}
