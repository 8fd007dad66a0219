@_spi(Batch) @testable import SiftCore
@_spi(Batch) @testable import SiftJSON
import Testing

@Suite struct JSONTests {
    func doc(_ s: String) throws -> JSONDocument { try JSONDocument(bytes: Array(s.utf8)) }

    /// The tape keeps positions in 32 bits, so a longer text is refused before a byte is read
    /// (the buffer here claims that length over 8 real bytes; none past them is touched).
    @Test func aTextTooLongForTheTapeIsAnErrorNotATruncation() throws {
        let document = JSONDocument(capacity: 16)
        let real = UnsafeMutableRawBufferPointer.allocate(byteCount: 8, alignment: 1)
        defer { real.deallocate() }
        real.copyBytes(from: Array(#"{"a":1}"#.utf8) + [0x20])
        try document.reparse(borrowing: UnsafeRawBufferPointer(real))
        #expect(document.root.member(utf8: Array("a".utf8))?.integer == 1)
        let claimed = UnsafeRawBufferPointer(start: real.baseAddress, count: JSONDocument.maxBytes + 1)
        let tooLong = #expect(throws: JSONParseError.self) { try document.reparse(borrowing: claimed) }
        #expect(tooLong?.description == "the JSON text is longer than 4294967294 bytes at byte 1")
        #expect(tooLong?.text(.zh) == "第 1 字节处JSON 文本超过 4294967294 字节")
    }

    @Test func escapesDecode() throws {
        let d = try doc(#"{"city":"\u4eac","emoji":"\ud83d\ude00","esc":"a\"b\\c\n\/"}"#)
        #expect(d.root["city"]?.string == "京")
        #expect(d.root["emoji"]?.string == "😀")
        #expect(d.root["esc"]?.string == "a\"b\\c\n/")
    }

    @Test func everyEscapeDecodesToItsUTF8() throws {
        // One to four UTF-8 bytes from \u escapes, a surrogate pair, and the one-letter escapes.
        let d = try doc(#"{"s":"\u0041\u00e9\u4eac\ud83d\ude00\b\f\n\r\t\/\\\"x"}"#)
        #expect(d.root["s"]?.string == "Aé京😀\u{8}\u{C}\n\r\t/\\\"x")
        var decoded: [UInt8] = []
        Array(#"\u4eacA"#.utf8).withUnsafeBufferPointer { raw in JSONEscapes.withDecoded(raw) { decoded = Array($0) } }
        #expect(decoded == [0xE4, 0xBA, 0xAC, 0x41])
    }

    /// The value excerpt of result lines, written from the input bytes, says what
    /// `Violation.excerpt` says: escaped strings decoded, long ones cut after 64 scalars.
    @Test func resultExcerptsMatchViolationExcerpt() throws {
        func escaped(_ n: Int) -> String { String(repeating: "\\u4eac", count: n) }
        let cut = String(repeating: "a", count: 62) + #"\u0000\"\\\u001f"#  // escapes to escape again, across the cut
        let d = try doc(
            #"{"plain":"abc","esc":"a\u4eac\n\"","long":""# + escaped(70) + #"","e64":""# + escaped(64) + #"","e65":""#
                + escaped(65) + #"","cut":""# + cut + #"","empty":"","longPlain":""# + String(repeating: "京", count: 70)
                + #"","n":-12.5e3,"t":true,"z":null,"big":"# + String(repeating: "9", count: 80) + #","n64":"#
                + String(repeating: "9", count: 64) + #","n65":"# + String(repeating: "9", count: 65) + #","o":{"a":[1,"x"]},"#
                // Objects and arrays are written as their input text: long ones cut after 64 scalars, quotes,
                // backslashes and CJK inside them escaped or kept as `Violation.excerpt` gives them.
                + #""lo":{"k":""# + String(repeating: "京", count: 30) + #"","q":"say \"hi\"\\","n":[1, 2, 3]},"#
                + #""la":["# + Array(repeating: #""\u4eac京""#, count: 12).joined(separator: ",") + #"],"o64":{"a":""#
                + String(repeating: "x", count: 56) + #""}}"#)
        let keys =
            ["plain", "esc", "long", "e64", "e65", "cut", "empty", "longPlain", "n", "t", "z", "big", "n64", "n65", "o"]
            + ["lo", "la", "o64"]
        for key in keys {
            let value = d.root[key]!
            var w = JSONWriter()
            w.appendExcerpt(value)
            var expected = ByteBuffer()
            JSONWriter.appendQuoted(Violation.excerpt(value)!, to: &expected)
            #expect(w.bytes == expected.array, "\(key)")
        }
        #expect(Violation.excerpt(d.root["long"]!) == String(repeating: "京", count: 64) + "…")
        var w = JSONWriter()
        w.appendExcerpt(d.root["la"]!)
        #expect(String(decoding: w.bytes, as: UTF8.self).hasSuffix(#"\"\\u4eac京\",\"\\u…""#))
        w = JSONWriter()
        w.appendExcerpt(d.root["o64"]!)
        #expect(String(decoding: w.bytes, as: UTF8.self) == #""{\"a\":\""# + String(repeating: "x", count: 56) + #"\"}""#)
    }

    /// The string scanner reads sixteen bytes at a time: a quote, escape, non-ASCII or control
    /// byte at every position of a block (and in the tail after the last whole block) is found,
    /// and the bytes at the edges of those classes (0x20, 0x7F) are plain text.
    @Test func specialBytesAreFoundAtEveryPosition() throws {
        for n in 0..<40 {
            for k in 0...n {
                let a = String(repeating: "a", count: k), b = String(repeating: "b", count: n - k)
                #expect(try doc(#"{"k":""# + a + #"é\n\""# + b + #"","z":1}"#).root["k"]?.string == a + "é\n\"" + b)
                #expect(try doc(#"{""# + a + b + #"":2}"#).root[a + b]?.integer == 2)
                #expect(try doc(#"{"k":""# + a + " \u{7F}" + b + #""}"#).root["k"]?.string == a + " \u{7F}" + b)
                #expect(throws: JSONParseError.self) { try doc(#"{"k":""# + a + "\u{1}" + b + #""}"#) }
                let bad = Array(#"{"k":""#.utf8) + Array(a.utf8) + [0xFF] + Array(b.utf8) + Array(#""}"#.utf8)
                #expect(throws: JSONParseError.self) { try JSONDocument(bytes: bad) }
            }
        }
    }

    /// Key comparison by machine words: every length up to three words, equal, and different in
    /// each single position (the overlapping last word included); a byte after the range
    /// (different in the two) is never compared.
    @Test func bytesAreComparedAtEveryLengthAndPosition() {
        for n in 0...24 {
            let a = (0..<n).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 1) } + [0xEE]
            var b = Array(a.dropLast()) + [0xDD]
            #expect(
                a.withUnsafeBufferPointer { pa in b.withUnsafeBufferPointer { bytesEqual(pa.baseAddress!, $0.baseAddress!, count: n) } })
            for k in 0..<n {
                b = a
                b[k] ^= 0x80
                let equal = a.withUnsafeBufferPointer { pa in
                    b.withUnsafeBufferPointer { bytesEqual(pa.baseAddress!, $0.baseAddress!, count: n) }
                }
                #expect(!equal, "\(n) at \(k)")
            }
        }
    }

    @Test func keysWithEscapesAreFound() throws {
        let d = try doc(#"{"k\u0065y": 1}"#)
        #expect(d.root["key"]?.integer == 1)
    }

    /// A key named twice in one object is refused by default (parsers disagree on it: the
    /// parser-differential attack), with the key's path; or the first or last member counts.
    @Test func duplicateKeysAreRefusedOrReadAsAsked() throws {
        let cases: [(String, String, Int)] = [
            (#"{"a":1,"a":2}"#, "a", 8),
            (#"{"status":21007,"status":0}"#, "status", 17),
            (#"{"r":{"in_app":[{"id":"1"},{"id":"2","x":0,"id":"3"}]}}"#, "r.in_app[1].id", 44),
            (#"{"k\u0065y":1,"key":2}"#, "key", 15),
            (#"{"a\"b":1,"a\u0022b":2}"#, #"a"b"#, 11),
            ("{" + (0..<40).map { #""k\#($0)":\#($0)"# }.joined(separator: ",") + #","k7":0}"#, "k7", 342),
        ]
        for (text, path, byte) in cases {
            #expect(throws: Never.self) { try JSONDocument(bytes: Array(text.utf8), duplicateKeys: .last) }
            do throws(JSONParseError) {
                _ = try JSONDocument(bytes: Array(text.utf8))
                Issue.record("accepted \(text)")
            } catch {
                #expect(error.duplicateKeyPath == path, "\(text)")
                #expect(error.description == "the key '\(path)' appears more than once in its object (at byte \(byte))", "\(text)")
            }
        }
        #expect(try JSONDocument(bytes: Array(#"{"a":1,"a":2}"#.utf8), duplicateKeys: .last).root["a"]?.integer == 2)
        #expect(try JSONDocument(bytes: Array(#"{"a":1,"a":2}"#.utf8), duplicateKeys: .first).root["a"]?.integer == 1)
        // Keys that only look alike, and the same key in different objects, are fine.
        for text in [
            #"{"a":1,"A":2,"a ":3,"ab":4}"#, #"{"a":{"a":1},"b":{"a":2}}"#, #"[{"a":1},{"a":2}]"#,
            "{" + (0..<40).map { #""k\#($0)":1"# }.joined(separator: ",") + "}",
        ] {
            #expect(throws: Never.self, "\(text)") { try doc(text) }
        }
    }

    @Test func malformedInputsAreErrorsWithOffsets() {
        let cases: [(String, String)] = [
            (#"{"a":}"#, "unexpected character '}' at byte 6"),
            (#"{"a":1"#, "unexpected end of input at byte 7"),
            (#"{"a":01}"#, "invalid number (leading zero) at byte 6"),
            (#"{"a":"\ud800"}"#, "lone surrogate in a \\u escape at byte 7"),
            (#"{"a":"x"} x"#, "unexpected text after the JSON value at byte 11"),
            ("", "empty input at byte 1"),
            (#"{"a":tru}"#, "invalid literal (expected true) at byte 6"),
        ]
        for (text, message) in cases {
            #expect(throws: JSONParseError.self) { try doc(text) }
            do { _ = try doc(text) } catch let error as JSONParseError { #expect(error.description == message, "\(text)") } catch {}
        }
    }

    @Test func invalidUTF8IsRejected() {
        var bytes = Array(#"{"a":""#.utf8)
        bytes += [0xC3, 0x28]
        bytes += Array(#""}"#.utf8)
        do {
            _ = try JSONDocument(bytes: bytes)
            Issue.record("expected an error")
        } catch {
            #expect(error.message == "invalid UTF-8")
            #expect(RecordVerdict.InputError(error).reason == "input.invalid_utf8")
        }
    }

    /// The tape grows (moves) while a text is parsed; when the text then turns out malformed, a
    /// reused document must keep the tape in use, not the one it had before.
    @Test func aTapeThatGrewDuringAFailedParseIsKept() throws {
        let texts = [
            "[" + String(repeating: "1,", count: 2_000),
            #"{"a":["# + String(repeating: #""x","#, count: 2_000) + "}",
            "[" + String(repeating: "[1,2],", count: 2_000) + "x]",
        ]
        let valid = #"{"a":["# + Array(repeating: #""x""#, count: 5_000).joined(separator: ",") + "]}"
        for text in texts {
            let document = JSONDocument(capacity: 16)
            #expect(throws: JSONParseError.self) { try Array(text.utf8).withUnsafeBytes { try document.reparse($0) } }
            try Array(valid.utf8).withUnsafeBytes { try document.reparse($0) }
            #expect(document.tapeCount == 5_003)
            #expect(document.root["a"]?.count == 5_000)
            #expect(document.root["a"]?[4_999]?.string == "x")
        }
    }

    @Test func deepNestingIsBounded() {
        let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        do {
            _ = try JSONDocument(bytes: Array(text.utf8))
            Issue.record("expected an error")
        } catch {
            #expect(error.message == "nesting deeper than 512 levels")
        }
    }

    /// `double` reads short numbers without the C library (`FastDouble`): every value must be
    /// the library's, bit for bit, and longer or wider numbers must still be read.
    @Test func numbersReadWithoutTheLibraryAreTheLibrarysDoubles() throws {
        var texts = [
            "0", "-0", "0.0", "-0.0", "1", "-1", "0.1", "0.2", "0.3", "99.5", "49999.99", "50000", "1e22", "1e23",
            "1e-22", "1e-23", "123456789012345", "1234567890123456", "0.000000000000000000001", "9007199254740993",
            "1.7976931348623157e308", "5e-324", "1e400", "-1e-400", "123456789012345e7", "0.123456789012345",
            "1E+2", "1e-0", "2.5E-3", "100000000000000000000000", "1.00000000000000000001",
        ]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: UInt64) -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return (state >> 33) % bound
        }
        for _ in 0..<20_000 {
            var t = next(4) == 0 ? "-" : ""
            t += String(next(1_000_000_000_000))
            if next(2) == 0 { t += "." + String(repeating: "0", count: Int(next(3))) + String(next(100_000_000)) }
            if next(3) == 0 { t += "e" + (next(2) == 0 ? "-" : "") + String(next(30)) }
            texts.append(t)
        }
        for text in texts {
            let value = try doc(text).root.double
            #expect(value?.bitPattern == Double(text)?.bitPattern, "\(text)")
        }
        // The short ones are read without the library; the others are left to it.
        func fast(_ text: String) -> Double? { Array(text.utf8).withUnsafeBufferPointer { FastDouble.value($0) } }
        for text in ["49999.99", "-0", "0.1", "1e22", "1e-22", "123456789012345e7", "2.5E-3", "-1.5e3"] {
            #expect(fast(text)?.bitPattern == Double(text)?.bitPattern, "\(text)")
        }
        for text in ["1e23", "1e-23", "1234567890123456", "1.00000000000000000001", "1e400", "5e-324"] {
            #expect(fast(text) == nil, "\(text)")
        }
    }

    @Test func numbersAndRawText() throws {
        let d = try doc(#"{"a": -1.5e3, "b": 9007199254740993, "c": [1, {"d": true}]}"#)
        #expect(d.root["a"]?.double == -1500)
        #expect(d.root["a"]?.integer == -1500)
        #expect(d.root["b"]?.integer == 9007199254740993)
        #expect(d.root["c"]?.rawText == #"[1, {"d": true}]"#)
        #expect(d.root["c"]?[1]?["d"]?.bool == true)
        #expect(d.root["c"]?.elements.count == 2)
    }

    @Test func writerEscapes() {
        var w = JSONWriter()
        w.beginObject()
        w.field("k", "a\"b\n\u{01}京")
        w.key("n"); w.double(3)
        w.endObject()
        #expect(String(decoding: w.bytes, as: UTF8.self) == #"{"k":"a\"b\n\u0001京","n":3}"#)
    }
}

@Suite struct FieldPathTests {
    @Test(arguments: ["profile.phone", "in_app[*].product_id", "items[0]", "[\"a.b\"].c", "a[*][*]"])
    func roundTrips(_ text: String) throws {
        #expect(try FieldPath(parsing: text).description == text)
    }

    @Test func badPathsSayWhy() {
        let cases = [
            "": "invalid field path '': it is empty",
            "a..b": "invalid field path 'a..b': empty name before '.'",
            "a[x]": "invalid field path 'a[x]': '[x]' is not an index, [*] or a quoted key",
            "a.": "invalid field path 'a.': it ends with '.'",
            "a[0": "invalid field path 'a[0': '[' without ']'",
        ]
        for (text, message) in cases {
            let error = #expect(throws: Pipeline.FieldPathError.self) { try FieldPath(parsing: text) }
            #expect(error?.message == message)
        }
    }

    @Test func wildcardsResolveToEveryElement() throws {
        let d = try JSONDocument(bytes: Array(#"{"in_app":[{"p":"a"},{"q":1},{"p":"c"}]}"#.utf8))
        let matches = try FieldPath(parsing: "in_app[*].p").resolve(in: d.root)
        #expect(matches.map { $0.value?.string } == ["a", nil, "c"])
        #expect(try FieldPath(parsing: "in_app[*].p").concrete(matches[1].indices) == "in_app[1].p")
        let notArray = try JSONDocument(bytes: Array(#"{"in_app":"x"}"#.utf8))
        #expect(try FieldPath(parsing: "in_app[*].p").resolve(in: notArray.root).first?.obstacle == "in_app is a string, not an array")
    }
}

/// `ByteBuffer`, the storage of result lines: appends, truncation, and value semantics.
@Suite struct ByteBufferTests {
    @Test func appendsTruncatesAndCopiesOnWrite() {
        var a = ByteBuffer(capacity: 1)
        a.append(UInt8(ascii: "["))
        let long = [UInt8](repeating: UInt8(ascii: "x"), count: 100)  // past the first capacity: it grows
        a.append(long)
        a.append(UInt8(ascii: "]"))
        #expect(a.count == 102)
        #expect(a.array == [UInt8(ascii: "[")] + long + [UInt8(ascii: "]")])
        let b = a  // a copy shares storage until one of them writes
        a.removeLast()
        a.append(UInt8(ascii: ")"))
        #expect(b.array.last == UInt8(ascii: "]"))
        #expect(a.array.last == UInt8(ascii: ")"))
        a.truncate(to: 1)
        #expect(a.array == [UInt8(ascii: "[")])
        var c = b
        c.removeAll()
        #expect(c.isEmpty && b.count == 102)
        #expect(b.withUnsafeBytes { Array($0) } == b.array)
    }
}
