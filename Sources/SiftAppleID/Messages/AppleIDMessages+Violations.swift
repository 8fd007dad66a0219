import SiftMessages

/// What a failing identity token is said to be in a result line, in English and Chinese side by side.
extension AppleIDMessages {
    static let tokenMissing = MessageTemplate(
        "apple_id.violation.token_missing", en: "the record has no identity token here", zh: "记录中此处没有身份令牌")
    static let tooLarge = MessageTemplate(
        "apple_id.violation.too_large", en: "the token is {size} bytes long; the limit is {limit} bytes (max_token_bytes)",
        zh: "令牌长 {size} 字节，超过上限 {limit} 字节（max_token_bytes）")
    static let algorithm = MessageTemplate(
        "apple_id.violation.algorithm", en: "the token is signed with {alg}; only RS256 is accepted", zh: "令牌签名算法为 {alg}，只接受 RS256")
    static let unknownKid = MessageTemplate(
        "apple_id.violation.unknown_kid", en: "no key '{kid}' in the key set (keys: {keys})", zh: "密钥集中没有密钥 '{kid}'（现有密钥：{keys}）")
    static let signature = MessageTemplate(
        "apple_id.violation.signature", en: "the signature does not verify with key '{kid}'", zh: "签名无法用密钥 '{kid}' 验证")
    static let malformedSegments = MessageTemplate(
        "apple_id.violation.segments", en: "an identity token has three dot-separated parts", zh: "身份令牌应由三段以点分隔的部分组成")
    static let malformedBase64 = MessageTemplate(
        "apple_id.violation.base64", en: "the token's {part} is not base64url{why}", zh: "令牌的 {part} 不是 base64url 编码{why}")
    static let base64Why = MessageTemplate("apple_id.violation.base64_why", en: ": {problem}", zh: "：{problem}")
    static let malformedJSON = MessageTemplate(
        "apple_id.violation.json", en: "the token's {part} is not a JSON object", zh: "令牌的 {part} 不是 JSON 对象")
    static let issuer = MessageTemplate(
        "apple_id.violation.issuer", en: "the issuer is '{iss}', not '{issuer}'", zh: "签发者为 '{iss}'，应为 '{issuer}'")
    static let audience = MessageTemplate(
        "apple_id.violation.audience", en: "the audience {given} is not one of {accepted}", zh: "受众 {given} 不在允许列表中（{accepted}）")
    static let audienceMissing = MessageTemplate("apple_id.violation.audience_missing", en: "is missing", zh: "缺失")
    static let audienceGiven = MessageTemplate("apple_id.violation.audience_given", en: "'{auds}'", zh: "{auds}")
    static let expired = MessageTemplate(
        "apple_id.violation.expired", en: "the token expired at {exp} (as of {at})", zh: "令牌已于 {exp} 过期（当前 {at}）")
    static let expUnusable = MessageTemplate(
        "apple_id.violation.exp_unusable",
        en: "the token has no usable exp (missing or not a number); malformed_exp: expired counts it as expired",
        zh: "令牌没有可用的 exp（缺失或不是数字）；按 malformed_exp: expired 视为已过期")
    static let expMalformed = MessageTemplate("apple_id.violation.exp_malformed", en: "exp is missing or not a number", zh: "exp 缺失或不是数字")
    static let issuedInFuture = MessageTemplate(
        "apple_id.violation.issued_in_future", en: "the token was issued at {iat}, after the as-of time {at}",
        zh: "令牌签发时间 {iat} 晚于当前时间 {at}")
    static let iatMalformed = MessageTemplate("apple_id.violation.iat_malformed", en: "iat is missing or not a number", zh: "iat 缺失或不是数字")
    static let subject = MessageTemplate(
        "apple_id.violation.subject", en: "the token is for user '{sub}', not '{expected}'", zh: "令牌属于用户 '{sub}'，而不是 '{expected}'")
    static let nonce = MessageTemplate(
        "apple_id.violation.nonce", en: "the token's nonce does not match the record's {field}", zh: "令牌的 nonce 与记录中的 {field} 不一致")
    static let nonceMissing = MessageTemplate(
        "apple_id.violation.nonce_missing", en: "the token has no nonce although nonce_supported is true",
        zh: "nonce_supported 为 true 但令牌中没有 nonce")
    static let claimMalformed = MessageTemplate(
        "apple_id.violation.claim_malformed", en: "{name} is neither true nor false", zh: "{name} 既不是 true 也不是 false")
    // What stands in for a claim or key that is not there.
    static let none = MessageTemplate("apple_id.none", en: "(none)", zh: "无")
    static let noneGiven = MessageTemplate("apple_id.none_given", en: "(none given)", zh: "（未给出）")
    static let missing = MessageTemplate("apple_id.missing", en: "(missing)", zh: "（缺失）")

    static let violationTemplates: [MessageTemplate] = [
        tokenMissing, tooLarge, algorithm, unknownKid, signature, malformedSegments, malformedBase64, base64Why, malformedJSON, issuer,
        audience, audienceMissing, audienceGiven, expired, expUnusable, expMalformed, issuedInFuture, iatMalformed, subject, nonce,
        nonceMissing, claimMalformed, none, noneGiven, missing,
    ]
}
