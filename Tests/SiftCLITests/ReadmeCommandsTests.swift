import Foundation
import SiftTesting
import Testing

/// Every command the README shows in a shell block is one CI runs (issue 62, item 1): a script
/// (`bash scripts/demo`) is a step of `.ci/run`; a `sift` command (`swift run sift studio ...`)
/// is started by a script that `.ci/run` runs, or by a file under that script's folder.
@Suite struct ReadmeCommandsTests {
    /// The command lines of the README's ```sh blocks, without their comments.
    static func commands(_ readme: String) -> [String] {
        var out: [String] = [], inShell = false
        for line in readme.components(separatedBy: "\n") {
            if line.hasPrefix("```") {
                inShell = !inShell && (line == "```sh" || line == "```bash")
                continue
            }
            guard inShell else { continue }
            let command = (line.range(of: " #").map { String(line[..<$0.lowerBound]) } ?? line).trimmingCharacters(in: .whitespaces)
            if !command.isEmpty { out.append(command) }
        }
        return out
    }

    @Test func everyShellCommandOfTheReadmeIsRunByCI() throws {
        let root = SiftProcess.packageRoot
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let ci = try String(contentsOf: root.appendingPathComponent(".ci/run"), encoding: .utf8)
        let commands = Self.commands(readme)
        #expect(commands.count >= 3)
        // The README's first two commands are CI's first two steps, in their order.
        let steps = ci.components(separatedBy: "\n").filter { $0.hasPrefix("step ") }.map { String($0.dropFirst(5)) }
        #expect(Array(steps.prefix(2)) == ["bash scripts/demo", "bash scripts/test"])
        // What the steps run: each script, and the files in its own folder (scripts/studio/...).
        var run = ci
        for step in steps {
            guard let script = step.split(separator: " ").first(where: { $0.hasPrefix("scripts/") }) else { continue }
            run += (try? String(contentsOf: root.appendingPathComponent(String(script)), encoding: .utf8)) ?? ""
            let folder = root.appendingPathComponent(String(script).replacingOccurrences(of: "-check", with: ""))
            for file in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] {
                run += (try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)) ?? ""
            }
        }
        for command in commands {
            let words = command.split(separator: " ").map(String.init)
            if words.first == "bash", words.count > 1 {
                #expect(steps.contains { $0.hasPrefix("bash \(words[1])") }, "\(command): not a step of .ci/run")
            } else if let sift = words.firstIndex(of: "sift"), sift + 1 < words.count {
                let sub = words[sift + 1]
                #expect(run.contains("\"\(sub)\"") || run.contains("sift \(sub)"), "\(command): no CI step runs 'sift \(sub)'")
            } else {
                Issue.record("\(command): a README command this test does not know how to find in CI")
            }
        }
    }
}
