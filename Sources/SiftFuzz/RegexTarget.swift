import Foundation
import SiftRegex
import SiftTesting

/// The regex compiler and matcher: Sift's byte automaton (`ByteDFA`) against PCRE2.
///
/// Input: the first line is the pattern, every further line a subject. `CompiledRegex` builds
/// an automaton for a whole-text, case-sensitive pattern of its subset (RegexSubset.swift); for
/// such a pattern the automaton must answer exactly as PCRE2 does on every subject: the given
/// ones, mutations of them, and texts made from the pattern's own characters, runs of them and
/// UTF-8 boundary characters. A PCRE2 match limit ends no comparison (the automaton has none);
/// a PCRE2 error on valid UTF-8 is a failure. The pattern is also compiled for search and
/// ignoring case, and matched, for crashes only.
enum RegexTarget {
    static func run(_ input: [UInt8]) {
        let text = String(decoding: input, as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let pattern = lines[0]
        var subjects = Array(lines.dropFirst())
        _ = ICUPattern.classesWithPipe(pattern)

        guard let regex = try? CompiledRegex(pattern) else { return }
        var random = SplitMix(seed: input.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 })
        subjects += derivedSubjects(pattern, from: subjects, &random)
        if regex.automaton != nil {
            for subject in subjects { compare(regex, subject, input) }
        }
        for options in [RegexOptions(mode: .search), RegexOptions(ignoreCase: true), RegexOptions(matchLimit: 1_000)] {
            guard let other = try? CompiledRegex(pattern, options: options) else {
                Fuzz.fail("the pattern compiles with default options but not with \(options)", input)
            }
            for subject in subjects.prefix(16) { _ = other.match(subject) }
        }
    }

    static func compare(_ regex: CompiledRegex, _ subject: String, _ input: [UInt8]) {
        var s = subject
        let (automaton, pcre2) = s.withUTF8 { (regex.match($0), regex.matchWithPCRE2($0)) }
        switch pcre2 {
        case .limitExceeded: return
        case .error(let message): Fuzz.fail("PCRE2 failed on \(subject.debugDescription): \(message)", input)
        default:
            Fuzz.check(
                automaton == pcre2,
                "the automaton says \(automaton), PCRE2 \(pcre2), for \(regex.pattern.debugDescription) on \(subject.debugDescription)",
                input)
        }
    }

    /// Characters at the edges of the classes and of UTF-8's lengths.
    static let edges: [UInt32] = [
        0x00, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0x2F, 0x30, 0x39, 0x3A, 0x40, 0x41, 0x5A, 0x5B, 0x5F, 0x60, 0x61, 0x7A, 0x7B,
        0x7F, 0x80, 0x9F, 0xA0, 0xFF, 0x7FF, 0x800, 0xD7FF, 0xE000, 0xFFFD, 0xFFFF, 0x10000, 0x10FFFF,
    ]

    static func derivedSubjects(_ pattern: String, from given: [String], _ random: inout SplitMix) -> [String] {
        // The pattern's own characters, their neighbours, and the edges.
        var alphabet = Set(edges)
        for u in pattern.unicodeScalars.prefix(64) {
            alphabet.formUnion([u.value, u.value &+ 1, u.value &- 1])
        }
        let scalars = alphabet.compactMap(Unicode.Scalar.init).sorted { $0.value < $1.value }
        func anyScalar(_ random: inout SplitMix) -> Unicode.Scalar { scalars[random.below(scalars.count)] }
        var out = [""]
        for _ in 0..<48 {
            out.append(String(String.UnicodeScalarView((0..<random.below(10)).map { _ in anyScalar(&random) })))
        }
        // Runs, for counted repetitions ({3}, {2,5}, +).
        for u in pattern.unicodeScalars.prefix(8) {
            for n in [1, 2, 3, 4, 7, 8, 16, 17] { out.append(String(repeating: String(u), count: n)) }
        }
        for subject in given.prefix(8) {
            for _ in 0..<8 {
                var s = Array(subject.unicodeScalars)
                let at = random.below(s.count + 1)
                switch random.below(4) {
                case 0: s.insert(anyScalar(&random), at: at)
                case 1: if at < s.count { s.remove(at: at) }
                case 2: if at < s.count { s[at] = anyScalar(&random) }
                default: s += s[..<at]
                }
                out.append(String(String.UnicodeScalarView(s)))
            }
        }
        return out
    }
}
