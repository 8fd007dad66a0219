import Foundation
import Testing

/// A check written in Python, declared in a rule file (`exec_checks:`), through the real CLI:
/// answers, a crashing and a hanging plugin, protocol breaches, and the tools that know it.
@Suite struct ExecPluginTests {
    static let rules = "Tests/SiftCLITests/ExecPlugin/rules.yaml"

    @Test func aPythonCheckRunsAndItsFailuresAreResults() throws {
        let words = ["apple", "plum", "crash", "pear", "hang", "pear", "garbage", "twice", "apple"]
        let input = words.map { #"{"w":"\#($0)"}"# }.joined(separator: "\n") + "\n"
        let r = try SiftProcess.run(["run", "--rules", Self.rules, "-", "--quiet", "--allow-exec"], stdin: input)
        #expect(r.status == 1)
        let rule = #""rule":"Tests/SiftCLITests/ExecPlugin/rules.yaml:10:7""#
        func bad(_ line: Int, _ reason: String, _ message: String, _ value: String) -> String {
            #"{"source":"-","line":\#(line),"valid":false,"packs":["rules"],"violations":[{"field":"w","reason":"\#(reason)","#
                + #""message":"\#(message)","value":"\#(value)",\#(rule)}]}"#
        }
        func good(_ line: Int) -> String { #"{"source":"-","line":\#(line),"valid":true,"packs":["rules"],"violations":[]}"# }
        #expect(
            r.stdout.split(separator: "\n").map(String.init) == [
                good(1),
                bad(2, "w.allowed_word", "is not allowed", "plum"),
                bad(3, "w.allowed_word.plugin_error", "the plugin 'allowed_word' exited without answering (exit status 3)", "crash"),
                good(4),  // started again after the crash
                bad(5, "w.allowed_word.plugin_error", "the plugin 'allowed_word' did not answer within 500 ms", "hang"),
                good(6),
                bad(
                    7, "w.allowed_word.plugin_error", #"the plugin 'allowed_word' answered 'not json', not {\"pass\": true|false, ...}"#,
                    "garbage"),
                bad(8, "w.allowed_word.plugin_error", "the plugin 'allowed_word' answered more than one line to one request", "twice"),
                good(9),
            ])
    }

    /// A value written over several lines goes as one request line; a command that answers
    /// and then exits keeps its answer and is started again for the next value.
    @Test func multiLineValuesAndACommandThatExitsAfterAnswering() throws {
        let input = "[\n{\"w\": [\n  \"apple\"\n]},\n{\"w\": \"bye\"},\n{\"w\": \"pear\"}\n]\n"
        let r = try SiftProcess.run(["run", "--rules", Self.rules, "-", "--quiet", "--allow-exec"], stdin: input)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0].contains(#""reason":"w.allowed_word","message":"is not allowed""#))
        #expect(lines[1].contains(#""valid":true"#) && lines[2].contains(#""valid":true"#), "\(lines)")
    }

    @Test func lintTestExplainAndSchemaKnowTheCheck() throws {
        let test = try SiftProcess.run(["test", Self.rules, "--allow-exec"])
        #expect(test.stdout == "sift test: 2 examples, 2 passed, 0 failed\n")
        let explain = try SiftProcess.run(["explain", Self.rules])
        #expect(
            explain.stdout.contains(
                "    - The text must be one of the allowed words. (exec plugin 'allowed_word') [w.allowed_word] (\(Self.rules):10:7)\n"))
        let schema = try SiftProcess.run(["schema", "--rules", Self.rules])
        #expect(schema.stdout.contains(#""allowed_word":{"#))
        let typo = try SiftProcess.temp(
            "r.yaml",
            """
            exec_checks:
              word:
                command: [python3, w.py]
                sumary: Words.
            fields:
              w: [{word: {alowed: [a]}}]
            """)
        let lint = try SiftProcess.run(["lint", typo])
        #expect(lint.status == 2)
        // The declaration's own error, then its use (a declaration with errors declares nothing).
        #expect(
            lint.stderr == """
                \(typo):4:5: error: unknown option 'sumary' for 'exec_checks'; did you mean 'summary'? (options: command, summary, \
                options, timeout_ms)
                    sumary: Words.
                    ^
                \(typo):6:8: error: unknown check 'word'
                  w: [{word: {alowed: [a]}}]
                       ^
                sift lint: 2 errors

                """)
    }

    @Test func aCommandThatCannotStartIsAResultToo() throws {
        let rules = try SiftProcess.temp(
            "r.yaml",
            """
            exec_checks:
              word: {command: [no-such-program-here], summary: Words., timeout_ms: 2000}
            fields:
              w: [word]
            """)
        let r = try SiftProcess.run(["run", "--rules", rules, "-", "--quiet", "--allow-exec"], stdin: #"{"w":"a"}"# + "\n")
        // sh reports the missing program and exits 127, before or after the request is written.
        #expect(r.stdout.contains(#""reason":"w.word.plugin_error","message":"the plugin 'word' "#))
        #expect(r.stdout.contains("(exit status 127)"))
    }

    /// Rules are data: a rule file that declares a program does not load unless the operator
    /// allows it, and lint, explain and schema list the program without starting it.
    @Test func programsInRuleFilesRunOnlyWithAllowExec() throws {
        let rules = try SiftProcess.temp(
            "r.yaml",
            """
            exec_checks:
              w: {command: [sh, -c, "touch pwned; cat"], summary: Words.}
            fields:
              a: [w]
            """)
        let dir = (rules as NSString).deletingLastPathComponent
        let pwned = dir + "/pwned"
        for args in [["run", "--rules", rules, "-", "--quiet"], ["test", rules]] {
            let r = try SiftProcess.run(args, stdin: #"{"a":"x"}"# + "\n")
            #expect(r.status == 2)
            #expect(
                r.stderr == """
                    \(rules):2:16: error: exec check 'w' would start the program 'sh -c touch pwned; cat'; rules may start \
                    programs only when the operator allows it (sift run/test --allow-exec; hosts: registry.allowExecChecks())
                      w: {command: [sh, -c, "touch pwned; cat"], summary: Words.}
                                   ^

                    """)
        }
        let lint = try SiftProcess.run(["lint", rules])
        #expect(lint.status == 0)
        #expect(
            lint.stdout == """
                \(rules):2:16: note: exec check 'w' starts 'sh -c touch pwned; cat' (only with --allow-exec)
                sift lint: \(rules) is valid: 1 pack, 0 examples, 1 warning

                """)
        let explain = try SiftProcess.run(["explain", rules])
        #expect(explain.stdout.hasSuffix("\(rules):2:16: note: exec check 'w' starts 'sh -c touch pwned; cat' (only with --allow-exec)\n"))
        _ = try SiftProcess.run(["schema", "--rules", rules])
        _ = try SiftProcess.run(["plugins", "--rules", rules])
        #expect(!FileManager.default.fileExists(atPath: pwned), "lint, explain, schema or a refused run started the program")
        let allowed = try SiftProcess.run(["run", "--rules", rules, "-", "--quiet", "--allow-exec"], stdin: #"{"a":"x"}"# + "\n")
        #expect(allowed.stdout.contains("w.plugin_error"))  // `cat` echoes the request: not an answer
        #expect(FileManager.default.fileExists(atPath: pwned))
    }

    @Test func aProgramGivenByPathMustBeInsideTheRulesFolder() throws {
        let rules = try SiftProcess.temp(
            "r.yaml",
            """
            exec_checks:
              w: {command: [/bin/cat], summary: Words.}
              v: {command: [./check.sh], summary: Words.}
            fields:
              a: [w, v]
            """)
        let r = try SiftProcess.run(["run", "--rules", rules, "-", "--quiet", "--allow-exec"], stdin: "")
        #expect(r.status == 2)
        #expect(
            r.stderr == """
                \(rules):2:16: error: the program '/bin/cat' of exec check 'w' is outside the rules folder; keep it beside the \
                rules, or name a program on PATH
                  w: {command: [/bin/cat], summary: Words.}
                               ^

                """)
    }
}
