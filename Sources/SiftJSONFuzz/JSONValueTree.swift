import Foundation
import SiftJSON

/// A JSON value copied out of a document: strings as decoded UTF-8 bytes, numbers as their
/// text, object members in input order (repeated keys kept).
indirect enum Value: Equatable {
    case null
    case bool(Bool)
    case number(String)
    case string([UInt8])
    case array([Value])
    case object([(key: [UInt8], value: Value)])

    init(_ v: JSONValue) {
        switch v.kind {
        case .null: self = .null
        case .bool: self = .bool(v.bool!)
        case .number: self = .number(v.rawText)
        case .string: self = .string(v.withStringUTF8 { Array($0) }!)
        case .array: self = .array(v.elements.map(Value.init))
        case .object: self = .object(v.members.map { (Array($0.key.utf8), Value($0.value)) })
        }
    }

    static func == (a: Value, b: Value) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.array(let x), .array(let y)): return x == y
        case (.object(let x), .object(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    /// True when some object, here or inside, names a key twice (keys compared as decoded bytes).
    var hasDuplicateKey: Bool {
        switch self {
        case .array(let items): return items.contains { $0.hasDuplicateKey }
        case .object(let members):
            return Set(members.map(\.key)).count != members.count || members.contains { $0.value.hasDuplicateKey }
        default: return false
        }
    }

    /// The value as JSON text, written with Sift's `JSONWriter` (strings escaped by it).
    static func written(_ v: Value) -> [UInt8] {
        var w = JSONWriter()
        write(v, &w)
        return w.bytes
    }

    private static func write(_ v: Value, _ w: inout JSONWriter) {
        switch v {
        case .null: w.null()
        case .bool(let b): w.bool(b)
        case .number(let text): w.raw(Array(text.utf8))
        case .string(let s): w.string(String(decoding: s, as: UTF8.self))
        case .array(let items):
            w.beginArray()
            for item in items { write(item, &w) }
            w.endArray()
        case .object(let members):
            w.beginObject()
            for m in members {
                w.key(String(decoding: m.key, as: UTF8.self))
                write(m.value, &w)
            }
            w.endObject()
        }
    }

    /// How this value (read in `.last` mode) differs from what `JSONSerialization` made of the
    /// same text, or nil when they are the same.
    func difference(from object: Any, at path: String = "$") -> String? {
        switch self {
        case .null: return object is NSNull ? nil : "\(path): null against \(object)"
        case .bool(let b):
            // Foundation's booleans are NSNumbers of their own class (__NSCFBoolean on Linux).
            guard let n = object as? NSNumber, String(describing: type(of: n)).contains("Boolean") else {
                return "\(path): \(b) against \(object)"
            }
            return n.boolValue == b ? nil : "\(path): \(b) against \(n)"
        case .number(let text):
            guard let n = object as? NSNumber, !String(describing: type(of: n)).contains("Boolean") else {
                return "\(path): \(text) against \(object)"
            }
            let mine = Double(text)!
            let theirs = n.doubleValue
            // NSDecimalNumber keeps 38 digits and converts to Double with a small error.
            let close = mine == theirs || abs(mine - theirs) <= 1e-12 * max(abs(mine), abs(theirs))
            return close ? nil : "\(path): \(text) (\(mine)) against \(n) (\(theirs))"
        case .string(let s):
            guard let t = object as? String else { return "\(path): a string against \(object)" }
            // Foundation drops a U+FEFF (EF BB BF) that starts a run of text, as if it were a
            // byte-order mark (`"\u00e9\u{FEFF}x"` reads as "éx"): U+FEFF is left out of both.
            let bom = "\u{FEFF}"
            if Array(t.utf8) != s, String(decoding: s, as: UTF8.self).contains(bom) {
                let mine = String(decoding: s, as: UTF8.self).replacingOccurrences(of: bom, with: "")
                return Array(mine.utf8) == Array(t.replacingOccurrences(of: bom, with: "").utf8)
                    ? nil : "\(path): strings differ beside U+FEFF"
            }
            return Array(t.utf8) == s
                ? nil : "\(path): \(String(decoding: s, as: UTF8.self).debugDescription) against \(t.debugDescription)"
        case .array(let items):
            guard let theirs = object as? [Any] else { return "\(path): an array against \(object)" }
            guard theirs.count == items.count else { return "\(path): \(items.count) elements against \(theirs.count)" }
            for (i, item) in items.enumerated() {
                if let d = item.difference(from: theirs[i], at: "\(path)[\(i)]") { return d }
            }
            return nil
        case .object(let members):
            guard let object = object as? [String: Any] else { return "\(path): an object against \(object)" }
            // The last member of each key counts, as in Foundation.
            var last: [[UInt8]: Value] = [:]
            for m in members { last[m.key] = m.value }
            // Keys that differ in bytes but are equal Swift strings (`é`, `e` + U+0301) are one
            // key to Foundation, and it drops U+FEFF as in strings: keys are compared as Swift
            // strings without U+FEFF, and values only under keys that stay distinct.
            func name(_ key: String) -> String { key.replacingOccurrences(of: "\u{FEFF}", with: "") }
            var theirs: [String: [Any]] = [:]
            for (k, v) in object { theirs[name(k), default: []].append(v) }
            var spellings: [String: Int] = [:]
            for key in last.keys { spellings[name(String(decoding: key, as: UTF8.self)), default: 0] += 1 }
            guard theirs.count == spellings.count else { return "\(path): \(spellings.count) keys against \(theirs.count)" }
            for (key, value) in last {
                let n = name(String(decoding: key, as: UTF8.self))
                guard spellings[n] == 1 else { continue }
                guard let other = theirs[n] else { return "\(path): no key \(n.debugDescription) in Foundation's object" }
                guard other.count == 1 else { continue }
                if let d = value.difference(from: other[0], at: "\(path).\(n)") { return d }
            }
            return nil
        }
    }
}
