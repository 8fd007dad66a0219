import SiftCore
import SiftMessages

extension AppleIDStage {
    /// The checks in the order they run (docs/SIGN-IN-WITH-APPLE.md, "Order of checks"), with
    /// their reason codes and the options that shape them, in English or Chinese.
    func explain(_ language: Language) -> String {
        let p = policy
        let zh = language == .zh
        let kids = p.keys.kids.joined(separator: ", "), audiences = p.audiences.sorted().joined(separator: ", ")
        let hashed = p.nonceHashed, expAsExpired = p.malformedExp == .expired
        var lines: [String]
        if zh {
            lines = [
                "Sign in with Apple 令牌，位置 \(p.tokenField)（\(p.rule)），按以下顺序检查：",
                "  1. 有令牌，且不超过 \(p.maxTokenBytes) 字节 [apple_id.token_missing, apple_id.too_large]",
                "  2. 三段 base64url（不带填充），header 和 payload 为 JSON 对象 [apple_id.malformed_segments, apple_id.malformed_base64, "
                    + "apple_id.malformed_json]",
                "  3. alg 必须是 RS256 [apple_id.algorithm]；kid 必须是 \(kids) 之一 [apple_id.unknown_kid]",
                "  4. 用该密钥验证 RS256 签名 [apple_id.signature]",
                p.report == .first
                    ? "  签名验证通过后检查声明；只报告第一项未通过的检查（report: first）"
                    : "  签名验证通过后检查声明；报告每一项未通过的检查（report: every）",
                "  5. iss = \(p.issuer) [apple_id.issuer]",
                "  6. aud 为 \(audiences) 之一 [apple_id.audience]",
                "  7. exp 晚于当前时间，容差 \(p.leewaySeconds) 秒 [apple_id.expired]；缺失或不是数字"
                    + (expAsExpired ? "时视为已过期 [apple_id.expired]（malformed_exp: expired）" : " [apple_id.exp_malformed]"),
                "  8. iat 不晚于当前时间，容差 \(p.leewaySeconds) 秒 [apple_id.issued_in_future]；缺失或不是数字 [apple_id.iat_malformed]",
                p.userField.map { "  9. sub = 记录的 \($0) [apple_id.subject]" } ?? "  9. 不比较 sub",
                p.nonceField.map { "  10. nonce = 记录的 \($0)\(hashed ? " 的 SHA-256 十六进制" : "") [apple_id.nonce, apple_id.nonce_missing]" }
                    ?? "  10. 不比较 nonce",
                "  11. email_verified、is_private_email、nonce_supported 为 true 或 false [apple_id.claim_malformed]",
            ]
        } else {
            lines = [
                "Sign in with Apple token at \(p.tokenField) (\(p.rule)), checked in this order:",
                "  1. a token, at most \(p.maxTokenBytes) bytes [apple_id.token_missing, apple_id.too_large]",
                "  2. three base64url parts (no padding) with JSON header and payload [apple_id.malformed_segments, "
                    + "apple_id.malformed_base64, apple_id.malformed_json]",
                "  3. alg must be RS256 [apple_id.algorithm]; kid must be one of \(kids) [apple_id.unknown_kid]",
                "  4. RS256 signature with that key [apple_id.signature]",
                p.report == .first
                    ? "  then the claims of the verified token; only the first failing check is reported (report: first)"
                    : "  then the claims of the verified token; every failing check is reported (report: every)",
                "  5. iss = \(p.issuer) [apple_id.issuer]",
                "  6. aud one of \(audiences) [apple_id.audience]",
                "  7. exp after the as-of time, leeway \(p.leewaySeconds) s [apple_id.expired]; missing or not a number"
                    + (expAsExpired ? ": counted as expired [apple_id.expired] (malformed_exp: expired)" : " [apple_id.exp_malformed]"),
                "  8. iat not after the as-of time, leeway \(p.leewaySeconds) s [apple_id.issued_in_future]; missing or not a number "
                    + "[apple_id.iat_malformed]",
                p.userField.map { "  9. sub = the record's \($0) [apple_id.subject]" } ?? "  9. sub is not compared",
                p.nonceField.map {
                    "  10. nonce = \(hashed ? "SHA-256 hex of " : "")the record's \($0) [apple_id.nonce, apple_id.nonce_missing]"
                } ?? "  10. nonce is not compared",
                "  11. email_verified, is_private_email and nonce_supported are true or false [apple_id.claim_malformed]",
            ]
        }
        return lines.joined(separator: "\n")
    }
}
