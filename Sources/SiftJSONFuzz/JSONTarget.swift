import Foundation
import SiftJSON

/// JSON tape parser (`JSONDocument`), differential against Foundation's `JSONSerialization`.
///
/// Sift's contract (JSONTapeParser.swift): RFC 8259 JSON text, one value of any kind (fragments
/// allowed), UTF-8 only, nesting up to 512, a key named twice in one object refused by default.
/// Checked for every input:
/// - the three duplicate-key modes agree: `.reject` fails on a duplicate (found by a naive
///   byte-wise comparison of decoded keys) or else accepts with `.first` and `.last`;
/// - a reused document (`reparse`, `reparse(borrowing:)`) reads the input as a fresh one does;
/// - skipping what a `ReadTree` leaves out refuses exactly what the full parse refuses, with the
///   same error, and reads the values the tree names as the full parse does;
/// - a value written back with `JSONWriter` and parsed again is the same value;
/// - Sift accepts iff Foundation does and, where both accept, the values are equal, apart from
///   the differences listed in `foundationView(of:)`.
package enum JSONTarget {
    package static func run(_ input: [UInt8]) {
        let sift = parse(input, .last)
        checkModes(input, sift)
        checkReuse(input, sift)
        checkSkipping(input)
        if case .success(let value) = sift {
            let written = Value.written(value)
            guard case .success(let again) = parse(written, .last), again == value else {
                FuzzCheck.fail(
                    "JSONWriter's text of the value does not read back as it: \(String(decoding: written, as: UTF8.self))", input)
            }
        }
        compareWithFoundation(input, sift)
    }

    typealias Outcome = Result<Value, JSONParseError>

    static func parse(_ bytes: [UInt8], _ mode: DuplicateKeys) -> Outcome {
        do { return .success(Value(try JSONDocument(bytes: bytes, duplicateKeys: mode).root)) } catch { return .failure(error) }
    }

    static func checkModes(_ input: [UInt8], _ last: Outcome) {
        let first = parse(input, .first)
        let reject = parse(input, .reject)
        switch (last, first, reject) {
        case (.success(let l), .success(let f), .success(let r)):
            FuzzCheck.check(!l.hasDuplicateKey, "accepted with .reject though a key repeats", input)
            FuzzCheck.check(l == f && l == r, "the duplicate-key modes read different values without a duplicate key", input)
        case (.success(let l), .success, .failure(let e)):
            FuzzCheck.check(e.duplicateKeyPath != nil, "refused with .reject only, but not for a duplicate key: \(e)", input)
            FuzzCheck.check(l.hasDuplicateKey, "refused for a duplicate key that a naive comparison does not find: \(e)", input)
        case (.failure(let a), .failure(let b), .failure(let c)):
            // `.reject` may stop earlier, at an object that closed with a repeated key before the error.
            let earlier = c.duplicateKeyPath != nil && c.offset < a.offset
            FuzzCheck.check(a == b && (a == c || earlier), "the modes refuse differently: \(a) / \(b) / \(c)", input)
            FuzzCheck.check(a.offset >= 0 && a.offset <= input.count, "an error offset outside the input: \(a)", input)
        default:
            FuzzCheck.fail("the duplicate-key modes disagree on accepting: \(last) / \(first) / \(reject)", input)
        }
    }

    /// A document reused for several records (the batch workers' way) reads each as a fresh one does.
    static func checkReuse(_ input: [UInt8], _ fresh: Outcome) {
        let document = JSONDocument(capacity: 0, duplicateKeys: .last)
        func reread(_ borrowing: Bool) -> Outcome {
            // Borrowed bytes lie in a block of exactly their size: a read past them is an
            // AddressSanitizer report (an array's storage may have spare capacity).
            let exact = UnsafeMutableRawBufferPointer.allocate(byteCount: input.count, alignment: 1)
            defer { exact.deallocate() }
            input.withUnsafeBytes { exact.copyMemory(from: $0) }
            let raw = UnsafeRawBufferPointer(exact)
            do throws(JSONParseError) {
                if borrowing { try document.reparse(borrowing: raw) } else { try document.reparse(raw) }
                return .success(Value(document.root))
            } catch { return .failure(error) }
        }
        for borrowing in [false, true] {
            // Something else first, so that the tape and the buffer hold an earlier record.
            try! Array(#"{"earlier":[1,2,{"x":"y"}],"s":"\u00e9"}"#.utf8).withUnsafeBytes { try document.reparse($0) }
            let again = reread(borrowing)
            switch (fresh, again) {
            case (.success(let a), .success(let b)) where a == b: continue
            case (.failure(let a), .failure(let b)) where a == b: continue
            default: FuzzCheck.fail("a reused document (borrowing: \(borrowing)) reads \(again), a fresh one \(fresh)", input)
            }
        }
    }

    /// The paths a skipping parse reads: keys the seeds and mutations often hold, at two levels.
    static let reads = ReadTree(["a", "b.c", "d[*].e", "f[0]"].map { try! FieldPath(parsing: $0) })

    /// Skipping (`ReadTree`) changes neither what is refused, nor the error, nor what the tree names.
    static func checkSkipping(_ input: [UInt8]) {
        checkSkipping(input, .reject)
        checkSkipping(input, .last)
    }

    static func checkSkipping(_ input: [UInt8], _ mode: DuplicateKeys) {
        let full = JSONDocument(capacity: 0, maxDepth: 24, duplicateKeys: mode)
        let skipping = JSONDocument(capacity: 0, maxDepth: 24, duplicateKeys: mode)
        let outcomes = [(full, nil), (skipping, reads)].map { (document, tree) -> JSONParseError? in
            input.withUnsafeBytes { raw in
                do throws(JSONParseError) {
                    try document.reparse(raw, reads: tree)
                    return nil
                } catch { return error }
            }
        }
        guard outcomes[0] == outcomes[1] else {
            FuzzCheck.fail(
                "skipping (\(mode)) refuses differently: \(String(describing: outcomes[1])) against \(String(describing: outcomes[0]))",
                input)
        }
        guard outcomes[0] == nil, full.root.kind == .object else { return }
        for path in reads.paths {
            let a = path.first(in: full.root).map(Value.init), b = path.first(in: skipping.root).map(Value.init)
            FuzzCheck.check(
                a == b, "skipping (\(mode)) reads \(path) as \(String(describing: b)), the full parse as \(String(describing: a))", input)
        }
    }

    // MARK: Foundation

    static func compareWithFoundation(_ input: [UInt8], _ sift: Outcome) {
        guard let (text, why) = foundationView(of: input, sift) else { return }
        let foundation = try? JSONSerialization.jsonObject(with: Data(text), options: [.fragmentsAllowed])
        let siftHere = text == input ? sift : parse(text, .last)
        switch (siftHere, foundation) {
        case (.success(let value), let object?):
            if let difference = value.difference(from: object) {
                FuzzCheck.fail("Sift and Foundation read different values\(why): \(difference)", input)
            }
        case (.failure, nil): break
        case (.success, nil): FuzzCheck.fail("Sift accepts what Foundation refuses\(why)", input)
        case (.failure(let e), _?): FuzzCheck.fail("Sift refuses what Foundation accepts\(why): \(e)", input)
        }
    }

    /// The text to give both parsers, after the known differences are taken out (nil: no comparison):
    /// - a NUL byte or a byte-order mark: Foundation then guesses UTF-16 or UTF-32, or skips the
    ///   mark; Sift reads UTF-8 only and must refuse the text (NUL is never valid JSON text);
    /// - commas before `]` or `}` (`[1,]`, `[1,,]`): Foundation allows them, RFC 8259 does not,
    ///   so Sift must refuse them; the rest is compared with those commas removed;
    /// - a number beyond Double's range (`1e400`) or one that NSDecimalNumber cannot hold:
    ///   Foundation refuses it ("not representable"); the rest is compared with every number `0`.
    /// Duplicate keys (Foundation keeps the last) are compared in Sift's `.last` mode, and keys
    /// that are distinct bytes but equal Swift strings (`é`, `e` + U+0301) in `Value.difference`.
    static func foundationView(of input: [UInt8], _ sift: Outcome) -> ([UInt8], String)? {
        let bom = input.starts(with: [0xEF, 0xBB, 0xBF]) || input.starts(with: [0xFE, 0xFF]) || input.starts(with: [0xFF, 0xFE])
        if input.contains(0) || bom {
            if case .success = sift { FuzzCheck.fail("Sift accepts a text with a NUL byte or a byte-order mark", input) }
            return nil
        }
        var text = input
        var why = ""
        // Foundation also takes several (`[1,,]`): removed until none is left.
        var withoutCommas = text
        while case let fewer = Lexer.removingTrailingCommas(withoutCommas), fewer != withoutCommas { withoutCommas = fewer }
        if withoutCommas != text {
            if case .success = sift { FuzzCheck.fail("Sift accepts a comma before ']' or '}'", input) }
            text = withoutCommas
            why += " (trailing commas removed)"
        }
        if (try? JSONSerialization.jsonObject(with: Data(text), options: [.fragmentsAllowed])) == nil, case .success = parse(text, .last) {
            let zeroed = Lexer.zeroingNumbers(text)
            if zeroed != text, Lexer.hasUnrepresentableNumber(text) {
                text = zeroed
                why += " (numbers beyond Foundation's range set to 0)"
            }
        }
        return (text, why)
    }
}

/// A token scan of JSON text that knows strings, for the rewrites above.
enum Lexer {
    /// Each run of bytes outside strings, with its position; strings are skipped whole.
    static func outsideStrings(_ text: [UInt8], _ body: (Int) -> Void) {
        var i = 0
        while i < text.count {
            if text[i] == UInt8(ascii: "\"") {
                i += 1
                while i < text.count, text[i] != UInt8(ascii: "\"") { i += text[i] == UInt8(ascii: "\\") ? 2 : 1 }
                i += 1
                continue
            }
            body(i)
            i += 1
        }
    }

    static func removingTrailingCommas(_ text: [UInt8]) -> [UInt8] {
        var drop = Set<Int>()
        outsideStrings(text) { i in
            guard text[i] == UInt8(ascii: ",") else { return }
            var j = i + 1
            while j < text.count, [0x20, 0x09, 0x0A, 0x0D].contains(text[j]) { j += 1 }
            if j < text.count, text[j] == UInt8(ascii: "]") || text[j] == UInt8(ascii: "}") { drop.insert(i) }
        }
        return text.enumerated().filter { !drop.contains($0.offset) }.map(\.element)
    }

    /// The number tokens (maximal runs of `-+.eE0-9` outside strings) and where they start.
    static func numbers(_ text: [UInt8]) -> [(start: Int, token: [UInt8])] {
        var out: [(Int, [UInt8])] = []
        var end = -1
        outsideStrings(text) { i in
            guard i >= end, isNumberByte(text[i]) else { return }
            end = i
            while end < text.count, isNumberByte(text[end]) { end += 1 }
            out.append((i, Array(text[i..<end])))
        }
        return out
    }

    static func isNumberByte(_ c: UInt8) -> Bool { (0x30...0x39).contains(c) || c == 0x2D || c == 0x2B || c == 0x2E || c | 0x20 == 0x65 }

    static func hasUnrepresentableNumber(_ text: [UInt8]) -> Bool {
        numbers(text).contains { n in
            guard let d = Double(String(decoding: n.token, as: UTF8.self)) else { return false }
            return !d.isFinite || n.token.count > 30
        }
    }

    static func zeroingNumbers(_ text: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var i = 0
        for n in numbers(text) where Double(String(decoding: n.token, as: UTF8.self)) != nil {
            out += text[i..<n.start] + [UInt8(ascii: "0")]
            i = n.start + n.token.count
        }
        return out + text[i...]
    }
}
