/// An A-label of a hostname (`xn--...`): Punycode (RFC 3492) decoded, then the IDNA2008 rules a
/// label's characters must keep (RFC 5891 §5.4, RFC 5892): no leading combining mark, none of
/// the exceptions RFC 5892 makes DISALLOWED, and the contextual rules of the joiners (CONTEXTJ)
/// and of the middle dots, keraia, geresh and Arabic-Indic digits (CONTEXTO). Pure functions.
///
/// Not the whole of IDNA2008: a character DISALLOWED by its derived property (beyond the listed
/// exceptions) is not looked up, and the Bidi rule is not applied (docs/JSON-SCHEMA.md says so).
enum IDNALabel {
    /// True when `encoded` (the part after `xn--`) decodes to a label IDNA2008 allows.
    static func validALabel(_ encoded: [UInt8]) -> Bool {
        guard let label = punycode(encoded), !label.isEmpty, label.contains(where: { $0.value >= 0x80 }) else { return false }
        return valid(label)
    }

    /// RFC 5892 §2.6: exceptions whose value is DISALLOWED.
    static let disallowed: Set<UInt32> = [0x0640, 0x07FA, 0x302E, 0x302F, 0x3031, 0x3032, 0x3033, 0x3034, 0x3035, 0x303B]

    static func valid(_ label: [Unicode.Scalar]) -> Bool {
        // RFC 5891 §4.2.3.1: no hyphen at either end, none in the 3rd and 4th places.
        if label.first == "-" || label.last == "-" || (label.count >= 4 && label[2] == "-" && label[3] == "-") { return false }
        if let first = label.first, [.spacingMark, .nonspacingMark, .enclosingMark].contains(first.properties.generalCategory) {
            return false
        }
        if label.contains(where: { disallowed.contains($0.value) }) { return false }
        let arabic = label.contains { (0x0660...0x0669).contains($0.value) },
            extended = label.contains { (0x06F0...0x06F9).contains($0.value) }
        if arabic && extended { return false }
        for (i, c) in label.enumerated() {
            let before = i > 0 ? label[i - 1] : nil, after = i + 1 < label.count ? label[i + 1] : nil
            switch c.value {
            case 0x200D:  // ZERO WIDTH JOINER: after a virama
                guard let before, before.properties.canonicalCombiningClass == .virama else { return false }
            case 0x200C:  // ZERO WIDTH NON-JOINER: after a virama, or between joining letters
                if let before, before.properties.canonicalCombiningClass == .virama { continue }
                guard joins(label[..<i].reversed()), joins(label[(i + 1)...]) else { return false }
            case 0x00B7:  // MIDDLE DOT: between two 'l'
                guard before == "l", after == "l" else { return false }
            case 0x0375:  // GREEK LOWER NUMERAL SIGN (KERAIA): before a Greek character
                guard let after, isGreek(after) else { return false }
            case 0x05F3, 0x05F4:  // HEBREW GERESH, GERSHAYIM: after a Hebrew character
                guard let before, isHebrew(before) else { return false }
            case 0x30FB:  // KATAKANA MIDDLE DOT: with Hiragana, Katakana or Han in the label
                guard label.contains(where: { $0.value != 0x30FB && isKanaOrHan($0) }) else { return false }
            default: continue
            }
        }
        return true
    }

    /// The first character that is not a nonspacing mark (RFC 5892's transparent joining type,
    /// nearly) is a letter of a joining script: Arabic, Syriac, N'Ko, Mongolian. An approximation of
    /// the joining types of ArabicShaping.txt, which the standard library does not carry.
    private static func joins(_ side: some Sequence<Unicode.Scalar>) -> Bool {
        guard let c = side.first(where: { $0.properties.generalCategory != .nonspacingMark }) else { return false }
        let v = c.value
        return c.properties.isAlphabetic
            && ((0x0620...0x06FF).contains(v) || (0x0700...0x074F).contains(v) || (0x0750...0x077F).contains(v)
                || (0x07C0...0x07FF).contains(v) || (0x1800...0x18AF).contains(v) || (0x08A0...0x08FF).contains(v))
    }

    private static func isGreek(_ c: Unicode.Scalar) -> Bool { (0x0370...0x03FF).contains(c.value) || (0x1F00...0x1FFF).contains(c.value) }
    private static func isHebrew(_ c: Unicode.Scalar) -> Bool { (0x0590...0x05FF).contains(c.value) || (0xFB1D...0xFB4F).contains(c.value) }
    private static func isKanaOrHan(_ c: Unicode.Scalar) -> Bool {
        let v = c.value
        return (0x3040...0x30FF).contains(v) || (0x31F0...0x31FF).contains(v) || (0x3400...0x4DBF).contains(v)
            || (0x4E00...0x9FFF).contains(v)
            || (0xF900...0xFAFF).contains(v) || (0x20000...0x3134F).contains(v) || [0x3005, 0x3006, 0x3007].contains(v)
    }

    /// RFC 3492 decoding of the part after `xn--` (ASCII, case-insensitive); nil when it is not Punycode.
    static func punycode(_ input: [UInt8]) -> [Unicode.Scalar]? {
        let (base, tMin, tMax, skew, damp) = (36, 1, 26, 38, 700)
        var output: [UInt32] = []
        var start = 0
        if let dash = input.lastIndex(of: UInt8(ascii: "-")) {
            guard input[..<dash].allSatisfy({ $0 < 0x80 }) else { return nil }
            output = input[..<dash].map { UInt32($0 | (($0 >= 0x41 && $0 <= 0x5A) ? 0x20 : 0)) }
            start = dash + 1
        }
        var n = 128, i = 0, bias = 72, at = start
        while at < input.count {
            let old = i
            var w = 1, k = base
            while true {
                guard at < input.count, let digit = digitValue(input[at]) else { return nil }
                at += 1
                let (step, overflow) = digit.multipliedReportingOverflow(by: w)
                guard !overflow, i <= Int(UInt32.max) - step else { return nil }
                i += step
                let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                if digit < t { break }
                w *= base - t
                k += base
            }
            let count = output.count + 1
            var delta = old == 0 ? (i - old) / damp : (i - old) / 2
            delta += delta / count
            k = 0
            while delta > ((base - tMin) * tMax) / 2 {
                delta /= base - tMin
                k += base
            }
            bias = k + (base - tMin + 1) * delta / (delta + skew)
            n += i / count
            i %= count
            guard n <= 0x10FFFF else { return nil }
            output.insert(UInt32(n), at: i)
            i += 1
        }
        let scalars = output.compactMap(Unicode.Scalar.init)
        return scalars.count == output.count ? scalars : nil
    }

    private static func digitValue(_ c: UInt8) -> Int? {
        switch c {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return Int(c - UInt8(ascii: "a"))
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return Int(c - UInt8(ascii: "A"))
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(c - UInt8(ascii: "0")) + 26
        default: return nil
        }
    }
}
