import Foundation

/// Hosts in their ASCII (IDNA "A-label") form, so `例子.example.com` and
/// `xn--fsqu00a.example.com` are the same host. Punycode per RFC 3492.
enum Punycode {
    /// Lowercased ASCII form of a host; labels with non-ASCII become `xn--` labels.
    static func asciiHost(_ host: String) -> String? {
        let separators: Set<Unicode.Scalar> = [".", "\u{3002}", "\u{FF0E}", "\u{FF61}"]
        var labels: [String] = [""]
        for u in host.precomposedStringWithCanonicalMapping.lowercased().unicodeScalars {
            if separators.contains(u) { labels.append("") } else { labels[labels.count - 1].unicodeScalars.append(u) }
        }
        if labels.count > 1, labels.last == "" { labels.removeLast() }  // a trailing dot
        // DNS limits, checked before encoding so a huge host costs nothing: 63 per label, 253 in all.
        guard host.utf8.count <= 1024, labels.count <= 127 else { return nil }
        var out: [String] = []
        for label in labels {
            guard !label.isEmpty, label.unicodeScalars.count <= 63 else { return nil }
            if label.unicodeScalars.allSatisfy(\.isASCII) { out.append(label); continue }
            guard let encoded = encode(Array(label.unicodeScalars)) else { return nil }
            out.append("xn--" + encoded)
        }
        let ascii = out.joined(separator: ".")
        guard ascii.utf8.count <= 253, out.allSatisfy({ $0.utf8.count <= 63 }) else { return nil }
        return ascii
    }

    private static let base = 36, tMin = 1, tMax = 26, skew = 38, damp = 700

    static func encode(_ input: [Unicode.Scalar]) -> String? {
        var output = input.filter(\.isASCII).map { Character($0) }
        let basic = output.count
        var handled = basic
        if basic > 0 { output.append("-") }
        var n = 128, delta = 0, bias = 72
        while handled < input.count {
            guard let m = input.map({ Int($0.value) }).filter({ $0 >= n }).min() else { return nil }
            delta += (m - n) * (handled + 1)
            n = m
            for c in input.map({ Int($0.value) }) {
                if c < n { delta += 1 }
                if c == n {
                    var q = delta
                    var k = base
                    while true {
                        let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                        if q < t { break }
                        output.append(digit(t + (q - t) % (base - t)))
                        q = (q - t) / (base - t)
                        k += base
                    }
                    output.append(digit(q))
                    bias = adapt(delta, handled + 1, handled == basic)
                    delta = 0
                    handled += 1
                }
            }
            delta += 1
            n += 1
        }
        return String(output)
    }

    private static func digit(_ d: Int) -> Character {
        Character(Unicode.Scalar(UInt8(d < 26 ? 97 + d : 22 + d)))
    }

    private static func adapt(_ delta0: Int, _ points: Int, _ first: Bool) -> Int {
        var delta = first ? delta0 / damp : delta0 / 2
        delta += delta / points
        var k = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + skew)
    }
}
