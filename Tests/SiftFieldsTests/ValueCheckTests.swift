import Sift
import Testing

@Suite struct LengthTests {
    @Test func countsUnicodeScalarsByDefault() throws {
        let p = try field("length: {min: 2, max: 4}")
        #expect(try check(p, "\"李雷\"") == [])
        #expect(try check(p, "\"\\u4eac\"") == ["v.length"])
        #expect(try check(p, "\"😀😀\"") == [])
        #expect(try check(p, "\"12345\"") == ["v.length"])
        #expect(try check(p, "\"\"") == ["v.length"])
        #expect(try messages(p, "{\"v\": \"12345\"}") == ["is 5 characters long; must be at most 4"])
        #expect(try messages(p, "{\"v\": \"1\"}", .zh) == ["长度为 1 个字符，至少应为 2"])
    }

    /// Text within the bounds by its byte count alone is not counted; near the bounds it is:
    /// 4 CJK characters are 12 bytes (more than max 5), 2 emoji are 8 bytes (8/4 < min 3).
    @Test func boundsNearTheByteCountAreCountedInScalars() throws {
        #expect(try check(field("length: {max: 5}"), "\"京津沪渝\"") == [])
        #expect(try check(field("length: {max: 3}"), "\"京津沪渝\"") == ["v.length"])
        #expect(try check(field("length: {min: 3}"), "\"😀😀\"") == ["v.length"])
        #expect(try check(field("length: {min: 2}"), "\"😀😀\"") == [])
        #expect(try check(field("length: {min: 2, max: 2}"), "\"\\u4eac\\u6d25\"") == [])
        #expect(try check(field("length: {max: 1}"), "\"\\u4eac\\u6d25\"") == ["v.length"])
    }

    @Test func units() throws {
        let family = "👨‍👩‍👧"  // 5 scalars, 1 grapheme, 8 UTF-16 units, 18 bytes
        #expect(try check(field("length: {exact: 5}"), "\"\(family)\"") == [])
        #expect(try check(field("length: {exact: 1, unit: graphemes}"), "\"\(family)\"") == [])
        #expect(try check(field("length: {exact: 8, unit: utf16}"), "\"\(family)\"") == [])
        #expect(try check(field("length: {exact: 18, unit: bytes}"), "\"\(family)\"") == [])
        #expect(try check(field("length: {exact: 6, unit: bytes}"), "\"京A\"") == ["v.length"])
        #expect(try check(field("length: {exact: 4, unit: bytes}"), "\"京A\"") == [])
        #expect(try check(field("length: 3"), "\"１２３\"") == [])
    }

    /// Graphemes decided from scalars where the bound allows (`fitsForSure`), and counted where
    /// it does not: every case here has its answer from the grapheme count.
    @Test func graphemesWithinTheirBoundsAndOutside() throws {
        let family = "👨‍👩‍👧"  // 5 scalars, 1 grapheme
        let cases: [(String, String, [ReasonCode])] = [
            ("{min: 1, max: 2}", "张三", []),  // 2 scalars: within, decided from the scalars
            ("{min: 1, max: 2}", "张三丰", ["v.length"]),  // 3 graphemes
            ("{min: 1, max: 2}", family + family, []),  // 10 scalars, 2 graphemes: counted
            ("{min: 1, max: 1}", family + "a", ["v.length"]),
            ("{min: 1, max: 12}", "", ["v.length"]),  // empty: 0 graphemes, under the minimum
            ("{max: 12}", "", []),
            ("{min: 2, max: 12}", "e\u{301}", ["v.length"]),  // e and a combining accent: 2 scalars, 1 grapheme
            ("{min: 1, max: 1}", "e\u{301}", []),
            ("{min: 1, max: 1}", "\\u00e9", []),  // an escape, decoded first
        ]
        for (bounds, text, reasons) in cases {
            #expect(try check(field("length: \(bounds.dropLast()), unit: graphemes}"), "\"\(text)\"") == reasons, "\(bounds) \(text)")
        }
    }

    @Test func arraysCountItemsAndOtherTypesAreRejected() throws {
        let p = try field("length: {max: 2}")
        #expect(try check(p, "[1, 2]") == [])
        #expect(try check(p, "[1, 2, 3]") == ["v.length"])
        #expect(try messages(p, "{\"v\": 7}") == ["expected a string or an array, got a number"])
    }
}

@Suite struct TypeEnumRangeTests {
    @Test func types() throws {
        let p = try field("type: [integer, null]")
        #expect(try check(p, "3") == [])
        #expect(try check(p, "1e3") == [])
        #expect(try check(p, "3.5") == ["v.type"])
        #expect(try check(p, "\"3\"") == ["v.type"])
        #expect(try messages(p, "{\"v\": \"3\"}") == ["is a string; must be integer or null"])
        #expect(try check(field("type: string"), "\"\"") == [])
        #expect(try check(field("type: boolean"), "\"true\"") == ["v.type"])
    }

    @Test func enums() throws {
        let p = try field("enum: [Production, Sandbox]")
        #expect(try check(p, "\"Sandbox\"") == [])
        #expect(try check(p, "\"sandbox\"") == ["v.enum"])
        #expect(try check(field("enum: {values: [Production, Sandbox], ignore_case: true}"), "\"sandbox\"") == [])
        #expect(try messages(p, "{\"v\": \"Prod\"}") == ["must be one of: Production, Sandbox"])
        let n = try field("enum: [1, 2, true]")
        #expect(try check(n, "2") == [])
        #expect(try check(n, "2.0") == [])
        #expect(try check(n, "\"2\"") == ["v.enum"])
        #expect(try check(n, "true") == [])
        // Long texts (compared as bytes when ASCII), escapes, and Unicode equality (KELVIN SIGN is "K").
        let long = try field("enum: [com.example.app.premium_monthly, K, é]")
        #expect(try check(long, "\"com.example.app.premium_monthly\"") == [])
        #expect(try check(long, "\"com.example.app.premium_monthlY\"") == ["v.enum"])
        #expect(try check(long, "\"com.example.app.premium_monthl\"") == ["v.enum"])
        #expect(try check(long, "\"com.example.app.premium_\\u006donthly\"") == [])
        #expect(try check(long, "\"\u{212A}\"") == [])
        #expect(try check(long, "\"e\u{301}\"") == [])
        #expect(try check(long, "\"k\"") == ["v.enum"])
        // An allowed KELVIN SIGN admits the ASCII letter K (Unicode equality, not bytes).
        let kelvin = try field(#"enum: ["\u212A", ok]"#)
        #expect(try check(kelvin, "\"K\"") == [])
        #expect(try check(kelvin, "\"ok\"") == [])
        #expect(try check(kelvin, "\"k\"") == ["v.enum"])
    }

    @Test func ranges() throws {
        let p = try field("range: {min: 0, max: 150}")
        #expect(try check(p, "0") == [])
        #expect(try check(p, "150") == [])
        #expect(try check(p, "-1") == ["v.range"])
        #expect(try check(p, "150.5") == ["v.range"])
        #expect(try check(p, "\"10\"") == ["v.range"])
        #expect(try messages(p, "{\"v\": -1}") == ["is -1; must be ≥ 0 and ≤ 150"])
        let ex = try field("range: {min: 0, min_exclusive: true, max: 1, max_exclusive: true}")
        #expect(try check(ex, "0") == ["v.range"])
        #expect(try check(ex, "0.5") == [])
        #expect(try check(ex, "1") == ["v.range"])
        #expect(try check(field("range: {min: 1, numeric_strings: true}"), "\"1\"") == [])
        #expect(try check(field("range: {min: 1, numeric_strings: true}"), "\"0\"") == ["v.range"])
    }
}

@Suite struct DateAndTextTests {
    @Test func realCalendarDates() throws {
        let p = try field("date: yyyy-MM-dd")
        #expect(try check(p, "\"2024-02-29\"") == [])
        #expect(try check(p, "\"2023-02-29\"") == ["v.date"])
        #expect(try check(p, "\"1900-02-29\"") == ["v.date"])
        #expect(try check(p, "\"2000-02-29\"") == [])
        #expect(try check(p, "\"2024-13-01\"") == ["v.date"])
        #expect(try check(p, "\"2024-1-01\"") == ["v.date"])
        #expect(try check(p, "\"\"") == ["v.date"])
        #expect(try messages(p, "{\"v\": \"2023-02-29\"}") == ["is not a real date in the format yyyy-MM-dd"])
    }

    @Test func boundsAndAsOf() throws {
        let p = try field("date: {format: yyyyMMdd, min: 1900-01-01, not_after: now}")
        #expect(try check(p, "\"20261121\"") == [])
        #expect(try check(p, "\"20261122\"") == ["v.date"])
        #expect(try check(p, "\"18991231\"") == ["v.date"])
        #expect(try messages(p, "{\"v\": \"20261122\"}") == ["is 2026-11-22, after 2026-11-21"])
    }

    @Test func sliceOfALongerValue() throws {
        let p = try field("date: {format: yyyyMMdd, from: 7, to: 14}")
        #expect(try check(p, "\"11010519491231002X\"") == [])
        #expect(try check(p, "\"11010519491331002X\"") == ["v.date"])
        #expect(try check(p, "\"1101\"") == ["v.date"])
    }

    @Test func rfc3339AndEpoch() throws {
        let p = try field("date: rfc3339")
        #expect(try check(p, "\"2020-06-01T09:37:57Z\"") == [])
        #expect(try check(p, "\"2020-06-01T09:37:57.123+08:00\"") == [])
        #expect(try check(p, "\"2020-06-01 09:37:57\"") == ["v.date"])
        let e = try field("date: {format: epoch_ms, not_after: now}")
        #expect(try check(e, "\"1591004277000\"") == [])
        #expect(try check(e, "1591004277000") == [])
        #expect(try check(e, "\"4102444800000\"") == ["v.date"])
    }

    @Test func notEmptyAndTrimmed() throws {
        let p = try field("not_empty")
        #expect(try check(p, "\"\"") == ["v.not_empty"])
        #expect(try check(p, "[]") == ["v.not_empty"])
        #expect(try check(p, "{}") == ["v.not_empty"])
        #expect(try check(p, "\" \"") == [])
        #expect(try check(p, "0") == [])
        #expect(try check(field("not_empty: {trim: true}"), "\"\\u3000 \"") == ["v.not_empty"])
        let t = try field("trimmed")
        #expect(try check(t, "\"abc\"") == [])
        #expect(try check(t, "\" abc\"") == ["v.trimmed"])
        #expect(try check(t, "\"abc\\t\"") == ["v.trimmed"])
        #expect(try check(t, "\"abc\\u3000\"") == ["v.trimmed"])
        #expect(try check(t, "\"\\u00a0abc\"") == ["v.trimmed"])
        #expect(try check(t, "\"\"") == [])
    }
}

/// Conditions ask a check `passes` (no message built); every check must answer it exactly as
/// `check` would. `not:` uses `passes`, a plain check uses `check`: one fails exactly when the other passes.
@Suite struct PassesAgreesWithCheck {
    static let values = [
        #""""#, #""a""#, #""abc""#, #""  x ""#, "3", "2.5", "-1", "true", "[1,2]", #"{"k":1}"#,
        #""11010519491231002X""#, #""11010519491231002Y""#, #""2026-02-30""#, #""2026-11-20""#, #""2027-01-01""#,
        #""ios""#, #""IOS""#, "12", #""12""#, #""4111111111111111""#,
    ]

    @Test(arguments: [
        "length: {min: 2, max: 3}", "length: {min: 2, max: 2}", "range: {min: 0, max: 10}",
        "range: {min: 0, max: 10, max_exclusive: true, numeric_strings: true}", "enum: [ios, android, 12]",
        "enum: {values: [ios], ignore_case: true}", "type: [integer, null]", "type: string",
        "date: yyyy-MM-dd", "date: {format: yyyy-MM-dd, not_after: now, min: 2026-01-01}", "date: {format: yyyyMMdd, from: 7, to: 14}",
        "checksum: gb11643", "checksum: luhn",
        "regex: '^a.*'", "not_empty: {trim: true}", "trimmed: {}",
    ])
    func agree(_ rule: String) throws {
        let plain = try field(rule)
        let negated = try compile("fields:\n  v:\n    - not: {\(rule)}\n")
        for value in Self.values {
            let fails = try !check(plain, value).isEmpty
            let negationFails = try !check(negated, value).isEmpty
            #expect(fails != negationFails, "\(rule) on \(value)")
        }
    }
}
