import SiftMessages

/// What SiftAppleID says in rule files, in English and Chinese side by side (`MessageTemplate`): Rules.
extension AppleIDMessages {
    static let appleIdTokenNeedsKeys = MessageTemplate(
        "apple_id.apple_id_token_needs_keys",
        en: "'apple_id_token' needs its keys: 'jwks: FILE' (Apple's JWKS beside the rules) or 'key_store: NAME'",
        zh: "'apple_id_token' 需要密钥：'jwks: FILE'（规则旁边的 Apple JWKS 文件）或 'key_store: NAME'")
    static let giveJwksKeyStoreBoth = MessageTemplate(
        "apple_id.give_jwks_key_store_both",
        en: "give 'jwks' or 'key_store', not both",
        zh: "'jwks' 和 'key_store' 只能写一个")
    static let cannotReadKeySet = MessageTemplate(
        "apple_id.cannot_read_key_set",
        en: "cannot read key set '{jwks}'",
        zh: "无法读取密钥集 '{jwks}'")
    static let appleIdTokenNowRfc = MessageTemplate(
        "apple_id.apple_id_token_now_rfc",
        en: "'as_of' of 'apple_id_token' is now, an RFC 3339 time or epoch seconds, not '{t}'",
        zh: "'apple_id_token' 的 'as_of' 应为 now、RFC 3339 时间或 epoch 秒数，而不是'{t}'")
    static let leewaySecondsCannotNegative = MessageTemplate(
        "apple_id.leeway_seconds_cannot_negative",
        en: "'leeway_seconds' cannot be negative",
        zh: "'leeway_seconds' 不能为负数")
    static let maxTokenBytesMustAt = MessageTemplate(
        "apple_id.max_token_bytes_must_at",
        en: "'max_token_bytes' must be at least 1, not {max_bytes}",
        zh: "'max_token_bytes' 至少应为 1，而不是 {max_bytes}")
    static let keySetValidJson = MessageTemplate(
        "apple_id.key_set_valid_json",
        en: "key set '{file}' is not valid JSON: {error}",
        zh: "密钥集 '{file}' 不是有效的 JSON：{error}")
    static let keySetHasKeysArray = MessageTemplate(
        "apple_id.key_set_has_keys_array",
        en: "key set '{file}' has no \"keys\" array (expected Apple's JWKS format)",
        zh: "密钥集 '{file}' 没有 'keys' 数组（应为 Apple 的 JWKS 格式）")
    static let keyHasKidSkipped = MessageTemplate(
        "apple_id.key_has_kid_skipped",
        en: "key {i} of '{file}' has no kid; it is skipped",
        zh: "'{file}' 中的密钥 {i} 没有 kid，已跳过")
    static let keyRsRsaKeySkipped = MessageTemplate(
        "apple_id.key_rs_rsa_key_skipped",
        en: "key '{kid}' of '{file}' is not an RS256 RSA key; it is skipped",
        zh: "'{file}' 中的密钥 '{kid}' 不是 RS256 RSA 密钥，已跳过")
    static let keyUsableRsaKey = MessageTemplate(
        "apple_id.key_usable_rsa_key",
        en: "key '{kid}' of '{file}' is not a usable RSA key: {error}",
        zh: "'{file}' 中的密钥 '{kid}' 不是可用的 RSA 密钥：{error}")
    static let keySetHasUsableRs = MessageTemplate(
        "apple_id.key_set_has_usable_rs",
        en: "key set '{file}' has no usable RS256 keys",
        zh: "密钥集 '{file}' 没有可用的 RS256 密钥")

    static let rulesTemplates: [MessageTemplate] = [
        appleIdTokenNeedsKeys, giveJwksKeyStoreBoth, cannotReadKeySet, appleIdTokenNowRfc, leewaySecondsCannotNegative,
        maxTokenBytesMustAt, keySetValidJson, keySetHasKeysArray, keyHasKidSkipped, keyRsRsaKeySkipped, keyUsableRsaKey,
        keySetHasUsableRs,
    ]
}

extension AppleIDMessages {
    static let noKeyStore = MessageTemplate(
        "apple_id.no_key_store", en: "no key store '{name}' is registered{hint}", zh: "没有注册名为 '{name}' 的密钥存储{hint}")
    static let noKeyStoreRegisterIt = MessageTemplate(
        "apple_id.no_key_store_register_it",
        en: "no key store '{name}' is registered; the host registers it with registry.registerAppleID(keyStores: [\"{name}\": store])",
        zh: "没有注册名为 '{name}' 的密钥存储；宿主程序用 “registry.registerAppleID(keyStores: [\"{name}\": store])” 注册它")
    static let keyStoreTemplates: [MessageTemplate] = [noKeyStore, noKeyStoreRegisterIt]
}
