import Sift
import Testing

@Suite struct ChecksumTests {
    func valid(_ algorithm: String, _ value: String, options: String = "") throws -> Bool {
        let p = try field("checksum: {algorithm: \(algorithm)\(options)}")
        return try check(p, "\"\(value)\"").isEmpty
    }

    @Test func gb11643() throws {
        #expect(try valid("gb11643", "11010519491231002X"))
        #expect(try valid("gb11643", "110105198001010016"))
        #expect(try !valid("gb11643", "110105198001010017"))
        #expect(try !valid("gb11643", "11010519491231002x"))
        #expect(try valid("gb11643", "11010519491231002x", options: ", lowercase_x: true"))
        #expect(try !valid("gb11643", "11010519800101001"))
        #expect(try !valid("gb11643", ""))
        #expect(try !valid("gb11643", "１１０１０５１９８００１０１００１６"))
    }

    /// The check character against the standard's weight table (7 9 10 5 8 4 2 1 6 3 7 9 10 5
    /// 8 4 2) for many prefixes: each right one passes, and every other character fails.
    @Test func gb11643AgreesWithTheStandardsWeightTable() throws {
        let p = try field("checksum: gb11643")
        let weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
        let checks = Array("10X98765432")
        var seed: UInt64 = 0x5EED
        for _ in 0..<200 {
            var digits: [Int] = []
            for _ in 0..<17 {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                digits.append(Int(seed >> 33) % 10)
            }
            let prefix = digits.map(String.init).joined()
            let right = checks[zip(digits, weights).map { $0 * $1 }.reduce(0, +) % 11]
            for c in checks {
                #expect(try check(p, "\"\(prefix)\(c)\"").isEmpty == (c == right), "\(prefix)\(c)")
            }
        }
    }

    @Test func luhn() throws {
        #expect(try valid("luhn", "79927398713"))
        #expect(try valid("luhn", "4111111111111111"))
        #expect(try !valid("luhn", "4111111111111112"))
        #expect(try !valid("luhn", "4111 1111 1111 1111"))
        #expect(try valid("luhn", "4111 1111 1111 1111", options: ", ignore: ' '"))
        #expect(try !valid("luhn", "0"))
    }

    @Test func iban() throws {
        #expect(try valid("iban", "GB82WEST12345698765432"))
        #expect(try valid("iban", "DE89370400440532013000"))
        #expect(try valid("iban", "gb82west12345698765432"))
        #expect(try !valid("iban", "GB82WEST12345698765433"))
        #expect(try !valid("iban", "GB82"))
        #expect(try !valid("iban", "1282WEST12345698765432"))
    }

    @Test func isbnAndGtin() throws {
        #expect(try valid("isbn10", "0306406152"))
        #expect(try valid("isbn10", "080442957X"))
        #expect(try !valid("isbn10", "0306406153"))
        #expect(try valid("isbn13", "9780306406157"))
        #expect(try valid("isbn13", "978-0-306-40615-7", options: ", ignore: '-'"))
        #expect(try !valid("isbn13", "9780306406158"))
        #expect(try !valid("isbn13", "4006381333931"))  // a valid EAN-13 without the 978/979 prefix
        #expect(try valid("gtin", "4006381333931"))
        #expect(try valid("gtin", "036000291452"))
        #expect(try valid("gtin", "96385074"))
        #expect(try valid("gtin", "10012345678902"))
        #expect(try !valid("gtin", "4006381333932"))
        #expect(try !valid("gtin", "400638133393"))
    }

    @Test func unifiedSocialCreditCode() throws {
        #expect(try valid("uscc", "91350100M000100Y43"))
        #expect(try valid("uscc", "Y1110000MB0C12345P"))  // registration authority is a letter
        #expect(try !valid("uscc", "91350100M000100Y44"))
        #expect(try !valid("uscc", "91350100M000I00Y43"))  // I is not in the alphabet
    }

    @Test func verhoeffAndDamm() throws {
        #expect(try valid("verhoeff", "2363"))
        #expect(try valid("verhoeff", "123451"))
        #expect(try !valid("verhoeff", "2364"))
        #expect(try !valid("verhoeff", "3263"))  // adjacent transposition
        #expect(try valid("damm", "5724"))
        #expect(try !valid("damm", "5727"))
        #expect(try !valid("damm", "7524"))
    }

    @Test func shorthandAndWrongType() throws {
        let p = try field("checksum: luhn")
        #expect(try check(p, "79927398713") == ["v.checksum"])
        #expect(try messages(p, "{\"v\": \"79927398710\"}") == ["fails the Luhn check"])
        #expect(try messages(p, "{\"v\": \"79927398710\"}", .zh) == ["未通过 Luhn 校验"])
    }
}
