/// Equality of JSON values by what they mean, not how they are written (`unique`): numbers by
/// value, exactly (`1`, `1.0`, `1e0` and `10e-1` are equal; `9007199254740993` is not
/// `9007199254740992`), text after its escapes (`"a"` is `"\u0061"`), objects whatever the
/// order of their keys, arrays element by element.
package enum JSONCanonical {
    package static func equal(_ a: JSONValue, _ b: JSONValue) -> Bool {
        guard a.kind == b.kind else { return false }
        switch a.kind {
        case .null: return true
        case .bool: return a.bool == b.bool
        case .number: return sameNumber(a.rawBytes, b.rawBytes)
        case .string:
            var same = false
            _ = a.withStringBytes { x in _ = b.withStringBytes { y in same = x.elementsEqual(y) } }
            return same
        case .array:
            guard a.count == b.count else { return false }
            var i = a.index + 1, j = b.index + 1
            for _ in 0..<a.count {
                guard equal(JSONValue(document: a.document, index: i), JSONValue(document: b.document, index: j)) else { return false }
                i = a.document.tape[i].next
                j = b.document.tape[j].next
            }
            return true
        case .object:
            guard a.count == b.count else { return false }
            var i = a.index + 1
            while i < a.document.tape[a.index].next {
                // The key's bytes looked up in place: comparing objects allocates nothing.
                var same = false
                _ = JSONValue(document: a.document, index: i).withStringBytes { key in
                    guard let m = JSONValue.memberIndex(b.document, b.index, key) else { return }
                    same = equal(JSONValue(document: a.document, index: i + 1), JSONValue(document: b.document, index: m))
                }
                guard same else { return false }
                i = a.document.tape[i + 1].next
            }
            return true
        }
    }

    /// The first element of `array` equal to an earlier one (or, with `by`, whose value at that
    /// path is; elements without it are skipped), with that earlier element's position. Up to 16
    /// elements are compared pairwise with nothing allocated; longer arrays go through a table
    /// of hashes.
    package static func firstDuplicate(in array: JSONValue, by: FieldPath?) -> (later: Int, earlier: Int)? {
        let n = array.count, doc = array.document
        guard array.kind == .array, n >= 2 else { return nil }
        func key(_ at: Int) -> JSONValue? {
            let element = JSONValue(document: doc, index: at)
            guard by != nil else { return element }
            return by?.first(in: element)
        }
        if n <= 16 {
            // Each element's key found once (its tape index, -1 when it has none), then compared.
            return withUnsafeTemporaryAllocation(of: Int.self, capacity: n) { at in
                var i = array.index + 1
                for p in 0..<n {
                    at[p] = key(i)?.index ?? -1
                    i = doc.tape[i].next
                }
                for later in 1..<n where at[later] >= 0 {
                    let b = JSONValue(document: doc, index: at[later])
                    for earlier in 0..<later where at[earlier] >= 0 {
                        if equal(JSONValue(document: doc, index: at[earlier]), b) { return (later, earlier) }
                    }
                }
                return nil
            }
        }
        var keys: [(position: Int, value: JSONValue)] = []
        var i = array.index + 1
        for p in 0..<n {
            if let k = key(i) { keys.append((p, k)) }
            i = doc.tape[i].next
        }
        var seen: [Int: [Int]] = [:]
        for (slot, k) in keys.enumerated() {
            var h = Hasher()
            hash(k.value, into: &h)
            let code = h.finalize()
            if let earlier = seen[code]?.first(where: { equal(keys[$0].value, k.value) }) { return (k.position, keys[earlier].position) }
            seen[code, default: []].append(slot)
        }
        return nil
    }

    /// A hash that equal values share.
    package static func hash(_ v: JSONValue, into hasher: inout Hasher) {
        hasher.combine(v.kind.rawValue)
        switch v.kind {
        case .null: break
        case .bool: hasher.combine(v.bool)
        case .number: hasher.combine(Decimal(v.rawBytes))
        case .string: hasher.combine(text(v))
        case .array:
            hasher.combine(v.count)
            var i = v.index + 1
            for _ in 0..<v.count {
                hash(JSONValue(document: v.document, index: i), into: &hasher)
                i = v.document.tape[i].next
            }
        case .object:
            // Keys in any order: the members' hashes are summed.
            var sum = 0
            var i = v.index + 1
            while i < v.document.tape[v.index].next {
                var member = Hasher()
                member.combine(text(JSONValue(document: v.document, index: i)))
                hash(JSONValue(document: v.document, index: i + 1), into: &member)
                sum &+= member.finalize()
                i = v.document.tape[i + 1].next
            }
            hasher.combine(sum)
        }
    }

    /// Integers as JSON writes them (no leading zeros) are equal when their text is; other
    /// numbers are compared as decimals.
    private static func sameNumber(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>) -> Bool {
        if a.elementsEqual(b) { return true }
        let plain = { (t: ArraySlice<UInt8>) in t.allSatisfy { $0 == UInt8(ascii: "-") || ($0 >= 0x30 && $0 <= 0x39) } }
        if plain(a), plain(b) {
            let zero = { (t: ArraySlice<UInt8>) in t.elementsEqual([0x30]) || t.elementsEqual([0x2D, 0x30]) }
            return zero(a) && zero(b)  // 0 and -0; any other two differently written integers differ
        }
        return Decimal(a) == Decimal(b)
    }

    /// The value's canonical JSON text, the same for equal values in every process (for keys
    /// kept across runs): numbers as their significant digits and exponent (`15e-1` for 1.50),
    /// texts with JSON's minimal escapes, objects' members in the order of their keys' bytes.
    package static func canonicalBytes(_ v: JSONValue, into out: inout [UInt8]) {
        switch v.kind {
        case .null: out += Array("null".utf8)
        case .bool: out += Array((v.bool == true ? "true" : "false").utf8)
        case .number:
            let d = Decimal(v.rawBytes)
            if d.digits.isEmpty {
                out.append(UInt8(ascii: "0"))
            } else {
                if d.negative { out.append(UInt8(ascii: "-")) }
                out += d.digits
                out += Array("e\(d.exponent)".utf8)
            }
        case .string: out += Array(JSONWriter.quoted(v.string ?? "").utf8)
        case .array:
            out.append(UInt8(ascii: "["))
            for (n, e) in v.elements.enumerated() {
                if n > 0 { out.append(UInt8(ascii: ",")) }
                canonicalBytes(e, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object:
            out.append(UInt8(ascii: "{"))
            let members = v.members.map { (Array(JSONWriter.quoted($0.key).utf8), $0.value) }.sorted {
                $0.0.lexicographicallyPrecedes($1.0)
            }
            for (n, m) in members.enumerated() {
                if n > 0 { out.append(UInt8(ascii: ",")) }
                out += m.0
                out.append(UInt8(ascii: ":"))
                canonicalBytes(m.1, into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static func text(_ v: JSONValue) -> [UInt8] {
        var out: [UInt8] = []
        _ = v.withStringBytes { out = Array($0) }
        return out
    }

    /// A JSON number as sign, significant digits (no leading or trailing zeros) and the power of
    /// ten of the last digit: two numbers are equal exactly when these are.
    package struct Decimal: Hashable {
        var negative = false
        var digits: [UInt8] = []
        var exponent = 0

        init(_ text: ArraySlice<UInt8>) {
            var i = text.startIndex
            if i < text.endIndex, text[i] == UInt8(ascii: "-") {
                negative = true
                i += 1
            }
            var scale = 0, seenPoint = false
            while i < text.endIndex, text[i] != UInt8(ascii: "e"), text[i] != UInt8(ascii: "E") {
                let c = text[i]
                if c == UInt8(ascii: ".") {
                    seenPoint = true
                } else if !(digits.isEmpty && c == UInt8(ascii: "0")) {
                    digits.append(c)
                    if seenPoint { scale -= 1 }
                } else if seenPoint {
                    scale -= 1  // a leading zero after the point: 0.05
                }
                i += 1
            }
            var power = 0
            if i < text.endIndex {
                i += 1
                var minus = false
                if i < text.endIndex, text[i] == UInt8(ascii: "-") || text[i] == UInt8(ascii: "+") {
                    minus = text[i] == UInt8(ascii: "-")
                    i += 1
                }
                while i < text.endIndex {
                    power = min(power &* 10 &+ Int(text[i] &- UInt8(ascii: "0")), 1 << 40)
                    i += 1
                }
                if minus { power = -power }
            }
            while digits.last == UInt8(ascii: "0") {
                digits.removeLast()
                scale += 1
            }
            if digits.isEmpty {
                negative = false  // -0 is 0
                return
            }
            exponent = scale + power
        }
    }
}
