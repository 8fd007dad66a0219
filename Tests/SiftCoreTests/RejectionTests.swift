import SiftCore
import Testing

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
}
