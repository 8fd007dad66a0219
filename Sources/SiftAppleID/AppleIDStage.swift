import SiftCore
import SiftJSON
import SiftMessages
import SiftConfig

/// Checks a Sign in with Apple identity token. The signature is checked first, with the
/// key named by `kid` only and RS256 only; claims are read only from a verified token.
struct AppleIDStage: Stage {
    let policy: AppleIDPolicy

    func evaluate(_ record: JSONValue, in context: EvaluationContext) -> StageResult {
        var found = Findings(field: policy.tokenField.description, rule: policy.rule, onlyFirst: policy.report == .first)
        // Claims are read only from a token whose signature verified.
        guard let token = verifiedToken(record, &found) else { return StageResult(violations: found.violations) }
        // The claim checks, in the order docs/SIGN-IN-WITH-APPLE.md and `explain` give.
        let claims = token.payload.root
        let audience = checkIssuerAndAudience(claims, &found)
        checkTimes(claims, asOfMillis: policy.asOfMillis ?? context.asOfMillis, &found)
        let sub = checkSubject(claims, record, &found)
        checkNonce(claims, record, &found)
        let flags = readFlags(claims, &found)
        let output = AppleIDResult(
            subject: sub, email: claims["email"]?.string, emailVerified: flags["email_verified"],
            isPrivateEmail: flags["is_private_email"], nonceSupported: flags["nonce_supported"], audience: audience)
        return StageResult(violations: found.violations, output: [output])
    }

    /// The violations of one token, each at the token's field unless said otherwise; with
    /// `report: first`, only the first.
    private struct Findings {
        let field: String
        let rule: Mark
        let onlyFirst: Bool
        var violations: [Violation] = []

        mutating func fail(_ reason: ReasonCode, _ message: Message, field f: String? = nil, value: JSONValue? = nil) {
            if onlyFirst && !violations.isEmpty { return }
            violations.append(Violation(field: f ?? field, reason: reason, message: message.localized, valueOf: value, rule: rule))
        }
    }

    /// The token, when it is at most `max_token_bytes` long, well formed, signed with RS256 by a
    /// key of the key set, and its signature verifies; otherwise nil, with the one reason why.
    private func verifiedToken(_ record: JSONValue, _ found: inout Findings) -> IdentityToken? {
        let tokenValue = policy.tokenField.first(in: record)
        guard let size = tokenValue?.withStringUTF8({ $0.count }), size > 0, let tokenValue else {
            found.fail(.AppleID.tokenMissing, M.tokenMissing(), value: tokenValue)
            return nil
        }
        // Measured before anything is decoded.
        guard size <= policy.maxTokenBytes else {
            let limit = policy.maxTokenBytes
            found.fail(.AppleID.tooLarge, M.tooLarge(["size": "\(size)", "limit": "\(limit)"]))
            return nil
        }
        let token: IdentityToken
        do { token = try IdentityToken(tokenValue.string ?? "") } catch {
            reportMalformed(error, &found)
            return nil
        }
        let alg = token.header.root["alg"]?.string ?? "(none given)"
        guard alg == "RS256" else {
            found.fail(.AppleID.algorithm, M.algorithm(["alg": alg]))
            return nil
        }
        let keys = policy.keys.current  // one key set for the whole record, even while the host updates the store
        guard let kid = token.header.root["kid"]?.string, keys.has(kid) else {
            let kid = token.header.root["kid"]?.string
            found.fail(
                .AppleID.unknownKid,
                M.unknownKid(["keys": keys.kids.joined(separator: ", ")], messages: ["kid": kid.map(Message.verbatim) ?? M.noneGiven()]))
            return nil
        }
        guard keys.verify(signature: token.signature, signingInput: token.signingInput, kid: kid) else {
            found.fail(.AppleID.signature, M.signature(["kid": kid]))
            return nil
        }
        return token
    }

    /// Why a token could not be decoded.
    private func reportMalformed(_ error: IdentityToken.Malformed, _ found: inout Findings) {
        switch error {
        case .segments:
            found.fail(.AppleID.malformedSegments, M.malformedSegments())
        case .base64(let part, let problem):
            let why = problem.map { M.base64Why(messages: ["problem": $0.message]) } ?? .empty
            found.fail(.AppleID.malformedBase64, M.malformedBase64(["part": part], messages: ["why": why]))
        case .json(let part):
            found.fail(.AppleID.malformedJson, M.malformedJSON(["part": part]))
        }
    }

    /// `iss` must be Apple's; `aud` (a string or an array) must name an accepted audience, which is returned.
    private func checkIssuerAndAudience(_ claims: JSONValue, _ found: inout Findings) -> String? {
        let p = policy
        let iss = claims["iss"]?.string
        if iss != p.issuer {
            found.fail(.AppleID.issuer, M.issuer(["issuer": p.issuer], messages: ["iss": iss.map(Message.verbatim) ?? M.none()]))
        }
        let auds: [String]
        if let a = claims["aud"], a.kind == .array {
            auds = a.elements.compactMap(\.string)
        } else {
            auds = claims["aud"]?.string.map { [$0] } ?? []
        }
        if !auds.contains(where: p.audiences.contains) {
            let given = auds.isEmpty ? M.audienceMissing() : M.audienceGiven(["auds": auds.joined(separator: ", ")])
            found.fail(
                .AppleID.audience, M.audience(["accepted": p.audiences.sorted().joined(separator: ", ")], messages: ["given": given]))
        }
        return auds.first(where: p.audiences.contains)
    }

    /// `exp` after the as-of time and `iat` not after it, both with the leeway: NumericDates
    /// compared exactly with the as-of time in milliseconds.
    private func checkTimes(_ claims: JSONValue, asOfMillis now: Int64, _ found: inout Findings) {
        let leeway = policy.leewaySeconds.saturatingMultiplied(by: 1000)
        if let exp = NumericDate(claims["exp"]) {
            if exp.isAtOrBefore(millis: now.saturatingAdding(-leeway)) {
                let at = Self.asOfText(now, exact: !exp.isWholeSeconds)
                found.fail(.AppleID.expired, M.expired(["exp": exp.text, "at": at]))
            }
        } else if policy.malformedExp == .expired {
            found.fail(.AppleID.expired, M.expUnusable())
        } else {
            found.fail(.AppleID.expMalformed, M.expMalformed())
        }
        if let iat = NumericDate(claims["iat"]) {
            if iat.isAfter(millis: now.saturatingAdding(leeway)) {
                let at = Self.asOfText(now, exact: !iat.isWholeSeconds)
                found.fail(.AppleID.issuedInFuture, M.issuedInFuture(["iat": iat.text, "at": at]))
            }
        } else {
            found.fail(.AppleID.iatMalformed, M.iatMalformed())
        }
    }

    /// The as-of time in whole seconds, as messages have always given it; with its milliseconds
    /// when they count (`exact`, for a claim that is not a whole second) and are not zero.
    static func asOfText(_ millis: Int64, exact: Bool) -> String {
        let seconds = millis / 1000, rest = millis % 1000
        guard exact, rest > 0 else { return "\(seconds)" }
        var fraction = String(rest + 1000).dropFirst()  // three digits, leading zeros kept
        while fraction.last == "0" { fraction.removeLast() }
        return "\(seconds).\(fraction)"
    }

    /// `sub`, compared with the record's user field when the policy names one.
    private func checkSubject(_ claims: JSONValue, _ record: JSONValue, _ found: inout Findings) -> String? {
        let sub = claims["sub"]?.string
        guard let userField = policy.userField else { return sub }
        let expected = userField.first(in: record).flatMap { $0.string ?? ($0.kind == .number ? $0.rawText : nil) }
        if sub == nil || sub != expected {
            let said = M.subject(messages: [
                "sub": sub.map(Message.verbatim) ?? M.none(), "expected": expected.map(Message.verbatim) ?? M.missing(),
            ])
            found.fail(.AppleID.subject, said, field: userField.description)
        }
        return sub
    }

    /// `nonce` equal to the record's nonce field (its SHA-256 hex when hashed), when the policy names one.
    private func checkNonce(_ claims: JSONValue, _ record: JSONValue, _ found: inout Findings) {
        guard let nonceField = policy.nonceField else { return }
        let raw = nonceField.first(in: record)?.string
        if let got = claims["nonce"]?.string {
            let want = raw.map { policy.nonceHashed ? sha256Hex($0) : $0 }
            if want != got {
                found.fail(.AppleID.nonce, M.nonce(["field": "\(nonceField)"]), field: nonceField.description)
            }
        } else if flag(claims["nonce_supported"]) == true {
            found.fail(.AppleID.nonceMissing, M.nonceMissing())
        }
    }

    /// The claims Apple sends as booleans or as the strings "true"/"false"; anything else is malformed.
    private func readFlags(_ claims: JSONValue, _ found: inout Findings) -> [String: Bool] {
        var flags: [String: Bool] = [:]
        for name in ["email_verified", "is_private_email", "nonce_supported"] {
            guard let v = claims[name] else { continue }
            if let b = flag(v) {
                flags[name] = b
            } else {
                found.fail(.AppleID.claimMalformed, M.claimMalformed(["name": name]))
            }
        }
        return flags
    }

    /// true/false, as a boolean or as the strings "true"/"false".
    private func flag(_ v: JSONValue?) -> Bool? {
        guard let v else { return nil }
        if let b = v.bool { return b }
        switch v.string {
        case "true"?: return true
        case "false"?: return false
        default: return nil
        }
    }
}

private typealias M = AppleIDMessages
