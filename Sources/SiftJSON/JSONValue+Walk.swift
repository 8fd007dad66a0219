/// Walking a value's members and elements in place, for plugin families that evaluate whole
/// subtrees (JSON Schema): nothing is copied or allocated.
extension JSONValue {
    /// The member named by `bytes` (UTF-8), or nil.
    package func member(bytes: [UInt8]) -> JSONValue? {
        Self.memberIndex(document, index, bytes).map { JSONValue(document: document, index: $0) }
    }

    /// The key (a string value) of the member named by `bytes`, or nil.
    package func key(bytes: [UInt8]) -> JSONValue? {
        Self.memberIndex(document, index, bytes).map { JSONValue(document: document, index: $0 - 1) }
    }

    /// The key (a string value) and the value of the member named by `bytes`, found in one pass.
    package func keyAndValue(bytes: [UInt8]) -> (key: JSONValue, value: JSONValue)? {
        guard let i = Self.memberIndex(document, index, bytes) else { return nil }
        return (JSONValue(document: document, index: i - 1), JSONValue(document: document, index: i))
    }

    /// Calls `body` with each member's key (a string value) and value, in input order, until it
    /// returns false.
    package func forEachMember(_ body: (JSONValue, JSONValue) -> Bool) {
        let e = entry
        guard e.kind == .object else { return }
        let tape = document.tape
        var i = index + 1
        while i < e.next {
            guard body(JSONValue(document: document, index: i), JSONValue(document: document, index: i + 1)) else { return }
            i = tape[i + 1].next
        }
    }

    /// Calls `body` with each element's position and value until it returns false.
    package func forEachElement(_ body: (Int, JSONValue) -> Bool) {
        let e = entry
        guard e.kind == .array else { return }
        let tape = document.tape
        var i = index + 1
        var n = 0
        while i < e.next {
            guard body(n, JSONValue(document: document, index: i)) else { return }
            i = tape[i].next
            n += 1
        }
    }

    /// True when this is a string whose text is `bytes` (UTF-8), escapes decoded.
    package func equals(bytes: [UInt8]) -> Bool {
        if let plain = plainStringBytes { return plain.elementsEqual(bytes) }
        var same = false
        _ = withStringBytes { same = $0.elementsEqual(bytes) }
        return same
    }
}
