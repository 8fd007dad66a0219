import SiftRegex
import SiftTesting
import Testing

/// The byte automaton must answer exactly as PCRE2 does: every pattern here is matched both
/// ways against samples that match, their mutations, and random texts.
@Suite struct RegexAutomatonTests {
    /// Patterns of the automaton's subset, each with texts that match it.
    static let subset: [(pattern: String, matching: [String])] = [
        ("^1(3[0-9]|4[57]|5[0-35-9]|6[2567]|7[0-35-8]|8[0-9]|9[0-35-9])[0-9]{8}$", ["13812345678", "19912345678"]),
        ("^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)*\\.[A-Za-z]{2,63}$", ["ada@example.com", "a.b%c@x-y.z.museum"]),
        ("^[a-zA-Z0-9]{6,20}$", ["abc123", "Passw0rdPassw0rd1234"]),
        (
            "^[京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼][A-HJ-NP-Z]"
                + "([A-HJ-NP-Z0-9]{4}[A-HJ-NP-Z0-9挂学警港澳]|[DF][A-HJ-NP-Z0-9][0-9]{4}|[0-9]{5}[DF])$",
            ["京A12345", "沪AD12345", "粤B1234挂"]
        ),
        ("^[1-9][0-9]{5}(18|19|20)[0-9]{2}(0[1-9]|1[0-2])(0[1-9]|[12][0-9]|3[01])[0-9]{3}[0-9X]$", ["11010519491231002X"]),
        ("[\\u4e00-\\u9fa5]{2,4}", ["李雷", "\u{4e00}\u{9fa5}\u{4e00}"]),
        ("\\d{3}-\\D\\w\\W\\s\\S", ["123-xa  _", "000-é_\u{10000}\tz"]),
        ("[^a-z]*", ["", "ABC\n\u{800}", "京\u{10FFFF}"]),
        ("a.c", ["abc", "a\rc", "a\u{FFFF}c", "a\u{10000}c"]),
        ("(a|b|)+c?", ["", "abba", "abc"]),
        ("(?:ab)*?x{2,}y{0}z{1}", ["xxz", "ababxxxz"]),
        ("[\\x{80}-\\x{800}\\x{FFFF}-\\x{10000}]+", ["\u{80}\u{7FF}\u{800}", "\u{FFFF}\u{10000}"]),
        ("[]a-]|[^]]|\\]\\}|}", ["]", "-", "b", "]}", "}"]),
        ("[\\d.\\-]+|\\x41\\x{1F600}", ["1.2-3", "A\u{1F600}"]),
        ("(a+)+$", ["aaaa"]),
        ("^$", [""]),
        ("a|$", ["a", ""]),
        ("\\n\\t\\r\\f\\e\\a[\\n]", ["\n\t\r\u{0C}\u{1B}\u{07}\n"]),
        ("((x|y){2}|z{1,3}){0,3}", ["", "xy", "zzzxyz", "xxyyzz"]),
        ("[\\s\\S]{0,2}\\.", [".", "a.", "\n\u{10000}."]),
    ]

    /// Patterns outside the subset: PCRE2 answers them.
    static let outside = [
        "(a)\\1", "(?=a)a", "(?<=a)b", "\\bword\\b", "(?i)abc", "a*+", "\\p{L}+", "[[:alpha:]]", "a\\vb",
        "[\\v]", "(?<name>a)", "a^b", "a$b", "\\x", "a{,3}", "a{2", "\\Qa.b\\E", "\\h", "\\R", "a{2}{3}", "a*{2}",
    ]

    static let alphabet: [String] = [
        "a", "b", "c", "x", "y", "z", "A", "D", "X", "Z", "0", "1", "3", "8", "9", "_", "-", ".", "@", "%", "+", " ", "\n", "\r",
        "\t", "\u{0B}", "\u{0C}", "]", "}", "|", "\u{80}", "\u{7FF}", "\u{800}", "\u{FFFF}", "\u{10000}", "\u{10FFFF}", "京", "沪",
        "挂", "李", "\u{4e00}", "\u{9fa5}", "\u{9fa6}", "１", "é", "\u{1F600}", "\u{1B}", "\u{07}",
    ]

    @Test func patternsOfTheSubsetAnswerAsPCRE2Does() throws {
        var random = SplitMix(seed: 0x5EED)
        for (pattern, matching) in Self.subset {
            let regex = try CompiledRegex(pattern)
            #expect(regex.automaton != nil, "\(pattern) should be in the automaton's subset")
            for text in matching { #expect(regex.match(text) == .match, "\(pattern) on \(text.debugDescription)") }
            var texts = matching
            for sample in matching {
                for _ in 0..<300 { texts.append(Self.mutate(sample, &random)) }
            }
            for _ in 0..<1_500 {
                texts.append((0..<random.below(12)).map { _ in Self.alphabet[random.below(Self.alphabet.count)] }.joined())
            }
            for text in texts {
                var t = text
                let (fast, slow) = t.withUTF8 { (regex.match($0), regex.matchWithPCRE2($0)) }
                #expect(fast == slow, "\(pattern) on \(text.debugDescription): automaton \(fast), PCRE2 \(slow)")
            }
        }
    }

    @Test func patternsOutsideTheSubsetAreLeftToPCRE2() throws {
        for pattern in Self.outside {
            let regex = try? CompiledRegex(pattern)
            #expect(regex == nil || regex?.automaton == nil, "\(pattern) should be left to PCRE2")
        }
        #expect(try CompiledRegex("abc", options: RegexOptions(ignoreCase: true)).automaton == nil)
        #expect(try CompiledRegex("abc", options: RegexOptions(mode: .search)).automaton == nil)
    }

    @Test func aPatternNeedingTooManyStatesIsLeftToPCRE2() throws {
        // "An a eleven places from the end" needs 2^12 states.
        let regex = try CompiledRegex("[ab]*a[ab]{11}")
        #expect(regex.automaton == nil)
        #expect(regex.match("a" + String(repeating: "b", count: 11)) == .match)
        #expect(try CompiledRegex("[ab]*a[ab]{5}").automaton != nil)
    }

    @Test func catastrophicPatternsAnswerInLinearTime() throws {
        let regex = try CompiledRegex("(a+)+$")
        let subject = String(repeating: "a", count: 10_000) + "!"
        #expect(regex.match(subject) == .noMatch)
        #expect(regex.match(String(repeating: "a", count: 10_000)) == .match)
    }

    /// One scalar inserted, deleted or replaced.
    static func mutate(_ text: String, _ random: inout SplitMix) -> String {
        var scalars = text.unicodeScalars.map { String($0) }
        let at = random.below(scalars.count + 1)
        switch random.below(3) {
        case 0: scalars.insert(alphabet[random.below(alphabet.count)], at: at)
        case 1 where at < scalars.count: scalars.remove(at: at)
        default: if at < scalars.count { scalars[at] = alphabet[random.below(alphabet.count)] }
        }
        return scalars.joined()
    }
}
