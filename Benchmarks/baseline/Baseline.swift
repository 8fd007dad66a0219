// The "seed-style" Swift baseline of scripts/compare: what an app team would write first.
// Foundation's JSONSerialization per line, NSRegularExpression per field, the GB 11643
// checksum in Swift. NSRegularExpression's "$" also matches before a final "\n", so a
// match counts only when it covers the whole text (as NSPredicate MATCHES would).
// Build: swiftc -O Benchmarks/baseline/Baseline.swift -o bench-data/baseline
// Usage: baseline FILE.jsonl -> the job's counts (same lines as every program).
import Foundation

let fields = ["phone", "email", "password", "plate", "id_number"]
let patterns = [
    "^1(3[0-9]|4[57]|5[0-35-9]|6[2567]|7[0-35-8]|8[0-9]|9[0-35-9])[0-9]{8}$",
    "^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)*\\.[A-Za-z]{2,63}$",
    "^[a-zA-Z0-9]{6,20}$",
    "^[京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼][A-HJ-NP-Z]([A-HJ-NP-Z0-9]{4}[A-HJ-NP-Z0-9挂学警港澳]|[DF][A-HJ-NP-Z0-9][0-9]{4}|[0-9]{5}[DF])$",
    "^[1-9][0-9]{5}(18|19|20)[0-9]{2}(0[1-9]|1[0-2])(0[1-9]|[12][0-9]|3[01])[0-9]{3}[0-9X]$",
]
let emailMax = 254  // characters (Unicode scalars)
let regexes = patterns.map { try! NSRegularExpression(pattern: $0) }

func fullMatch(_ regex: NSRegularExpression, _ s: String) -> Bool {
    let whole = NSRange(location: 0, length: (s as NSString).length)
    guard let m = regex.firstMatch(in: s, options: [], range: whole) else { return false }
    return m.range == whole
}

func gb11643(_ s: String) -> Bool {  // s matched the id_number pattern: 17 digits + [0-9X]
    let weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
    let chars = Array(s.utf8)
    var sum = 0
    for i in 0..<17 { sum += Int(chars[i] - 48) * weights[i] }
    return Array("10X98765432".utf8)[sum % 11] == chars[17]
}

func fieldOK(_ index: Int, _ value: Any?) -> Bool {
    guard let s = value as? String else { return false }  // missing, null, number, bool, object, array
    if index == 1 && s.unicodeScalars.count > emailMax { return false }
    guard fullMatch(regexes[index], s) else { return false }
    return index != 4 || gb11643(s)
}

guard CommandLine.arguments.count == 2, let data = FileManager.default.contents(atPath: CommandLine.arguments[1]) else {
    FileHandle.standardError.write("usage: baseline FILE.jsonl\n".data(using: .utf8)!)
    exit(2)
}

var total = 0, valid = 0
var failed = [Int](repeating: 0, count: fields.count)
for line in data.split(separator: UInt8(ascii: "\n")) where !line.isEmpty {
    guard let record = (try? JSONSerialization.jsonObject(with: Data(line))) as? [String: Any] else {
        FileHandle.standardError.write("baseline: record \(total + 1) is not a JSON object\n".data(using: .utf8)!)
        exit(3)
    }
    total += 1
    var ok = true
    for (i, name) in fields.enumerated() where !fieldOK(i, record[name]) {
        failed[i] += 1
        ok = false
    }
    if ok { valid += 1 }
}

print("total \(total)\nvalid \(valid)\ninvalid \(total - valid)")
for (i, name) in fields.enumerated() { print("\(name) \(failed[i])") }
