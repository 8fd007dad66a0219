import Foundation

extension JSONValue {
    /// A number, or numeric text, as a decimal: exactly for up to 19 significant digits, else
    /// as Foundation reads the text (38 digits).
    package var decimal: Decimal? {
        if let x = ExactDecimal(self, numericText: true) {
            return Decimal(sign: x.negative ? .minus : .plus, exponent: x.exponent, significand: Decimal(x.significand))
        }
        guard kind == .number || kind == .string, let text = kind == .number ? rawText : string,
            ExactDecimal.isNumberText(Array(text.utf8))
        else { return nil }
        return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
    }
}
