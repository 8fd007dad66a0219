import SiftCore
import Testing
import SiftMessages

@Suite struct RejectionTests {
    @Test func fixedRejectionsWithTheSameWordsAreOne() {
        let a = Rejection.fixed(LocalizedText(en: "is odd", zh: "是奇数"))
        let b = Rejection.fixed(LocalizedText(en: "is odd", zh: "是奇数"))
        let limit = Rejection.fixed(LocalizedText(en: "is odd", zh: "是奇数"), detail: "limit")
        let type = Rejection.fixed(LocalizedText(en: "is odd", zh: "是奇数"), isTypeMismatch: true)
        #expect(a.fixedKey != nil)
        #expect(a.fixedKey == b.fixedKey)
        #expect(a.fixedKey != limit.fixedKey)
        #expect(a.fixedKey != type.fixedKey)
        #expect(limit.detail == "limit" && !limit.isTypeMismatch)
        #expect(type.isTypeMismatch && type.detail == nil)
        #expect(a.message == LocalizedText(en: "is odd", zh: "是奇数"))
    }

    @Test func madeAndChangedRejectionsHaveNoFixedKey() {
        let made = Rejection(LocalizedText(en: "is 3", zh: "为 3"), detail: "x")
        #expect(made.fixedKey == nil)
        #expect(made.detail == "x" && made.message.en == "is 3")
        var changed = Rejection.fixed(LocalizedText(en: "is odd", zh: "是奇数"))
        changed.message = LocalizedText(en: "is even", zh: "是偶数")
        #expect(changed.fixedKey == nil)
        #expect(changed.message.en == "is even" && changed.detail == nil && !changed.isTypeMismatch)
        var flagged = Rejection.fixed(LocalizedText(en: "is odd", zh: "是奇数"))
        flagged.isTypeMismatch = true
        #expect(flagged.fixedKey == nil && flagged.isTypeMismatch && flagged.message.en == "is odd")
    }

    /// A counted rejection names its number only when its words are read; its identity is its
    /// words' (the same for every number), so whoever keeps words for it must key them by
    /// `count` as well.
    @Test func countedRejectionsPutTheNumberInOnlyWhenRead() {
        let long = Rejection.Counted(en: ("is ", " bytes; at most 4"), zh: ("为 ", " 字节，最多 4"), detail: "long")
        let five = long(5), six = long(6)
        #expect(five.message == LocalizedText(en: "is 5 bytes; at most 4", zh: "为 5 字节，最多 4"))
        #expect(six.message.en == "is 6 bytes; at most 4" && six.detail == "long" && !six.isTypeMismatch)
        #expect(five.isCounted && five.count == 5 && six.count == 6)
        #expect(five.fixedKey != nil && five.fixedKey == six.fixedKey)
        let same = Rejection.Counted(en: ("is ", " bytes; at most 4"), zh: ("为 ", " 字节，最多 4"), detail: "long")
        #expect(same(5).fixedKey == five.fixedKey)
        // The words of a fixed rejection that happen to read like the template are another rejection.
        let fixed = Rejection.fixed(LocalizedText(en: "is {n} bytes; at most 4", zh: "为 {n} 字节，最多 4"), detail: "long")
        #expect(fixed.fixedKey != five.fixedKey && !fixed.isCounted)
        var changed = long(7)
        changed.detail = "other"
        #expect(changed.fixedKey == nil && !changed.isCounted && changed.message.en == "is 7 bytes; at most 4")
    }
}
