#!/usr/bin/env python3
"""Makes the Sign in with Apple test fixtures with an implementation independent of Sift
(Python's `cryptography` and the standard library), so tests do not check Sift against itself.

Writes, beside this script:
  jwks.json    - a key set in Apple's format (two RS256 keys)
  tokens.json  - identity tokens by name, each shaped for one check
and copies jwks.json to rules/keys/example-apple-jwks.json for the shipped pack.
Run: python3 Tests/SiftAppleIDTests/Fixtures/make_fixtures.py   (keys are new on every run)
"""
import base64, hashlib, hmac, json, os, shutil
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding, rsa

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))

def b64u(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()

def uint(n: int) -> bytes:
    return n.to_bytes((n.bit_length() + 7) // 8, "big")

def key():
    return rsa.generate_private_key(public_exponent=65537, key_size=2048)

def jwk(k, kid):
    pub = k.public_key().public_numbers()
    return {"kty": "RSA", "kid": kid, "use": "sig", "alg": "RS256", "n": b64u(uint(pub.n)), "e": b64u(uint(pub.e))}

def compact(header, payload):
    return b64u(json.dumps(header, separators=(",", ":")).encode()) + "." + b64u(json.dumps(payload, separators=(",", ":")).encode())

def rs256(k, header, payload):
    signing_input = compact(header, payload)
    sig = k.sign(signing_input.encode(), padding.PKCS1v15(), hashes.SHA256())
    return signing_input + "." + b64u(sig)

key1, key2, rogue = key(), key(), key()
jwks = {"keys": [jwk(key1, "SIFTTEST1"), jwk(key2, "SIFTTEST2")]}

NONCE = "n-123"
base = {
    "iss": "https://appleid.apple.com",
    "aud": "com.example.app",
    "exp": 4070908800,            # 2099-01-01
    "iat": 1577836800,            # 2020-01-01
    "sub": "001234.0a1b2c3d4e5f.0123",
    "c_hash": "x7KzX0dG5aVbP0bS8gFQmw",
    "email": "abc123@privaterelay.appleid.com",
    "email_verified": "true",
    "is_private_email": "true",
    "auth_time": 1577836800,
    "nonce_supported": True,
    "nonce": hashlib.sha256(NONCE.encode()).hexdigest(),
}
h1 = {"kid": "SIFTTEST1", "alg": "RS256"}

def claims(**changes):
    c = dict(base)
    for k, v in changes.items():
        if v is None:
            c.pop(k, None)
        else:
            c[k] = v
    return c

tokens = {}
tokens["valid"] = rs256(key1, h1, base)
tokens["valid_key2"] = rs256(key2, {"kid": "SIFTTEST2", "alg": "RS256"}, base)
tokens["valid_bool_claims_aud_array"] = rs256(key1, h1, claims(aud=["com.example.web", "com.example.app"], email_verified=True, is_private_email=False))
tokens["raw_nonce"] = rs256(key1, h1, claims(nonce=NONCE))
tokens["alg_none"] = compact({"kid": "SIFTTEST1", "alg": "none"}, base) + "."
# HS256 signed with the RSA public key (PEM) as the HMAC secret: the classic confusion attack.
pem = key1.public_key().public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo)
si = compact({"kid": "SIFTTEST1", "alg": "HS256"}, base)
tokens["hs256_public_key_as_secret"] = si + "." + b64u(hmac.new(pem, si.encode(), hashlib.sha256).digest())
tokens["unknown_kid"] = rs256(rogue, {"kid": "ROGUE", "alg": "RS256"}, base)
tokens["unknown_kid_signed_by_known_key"] = rs256(key1, {"kid": "NOPE", "alg": "RS256"}, base)
tokens["missing_kid"] = rs256(key1, {"alg": "RS256"}, base)
valid = tokens["valid"].split(".")
tokens["tampered_payload"] = valid[0] + "." + b64u(json.dumps(claims(sub="attacker"), separators=(",", ":")).encode()) + "." + valid[2]
tokens["signed_by_other_key"] = rs256(key2, h1, base)
tokens["bad_issuer"] = rs256(key1, h1, claims(iss="https://appleid.apple.com.evil.example"))
tokens["bad_audience"] = rs256(key1, h1, claims(aud="com.other.app"))
tokens["bad_audience_array"] = rs256(key1, h1, claims(aud=["com.other.app", "com.other.web"]))
tokens["exp_1700000000"] = rs256(key1, h1, claims(exp=1700000000, iat=1690000000))
tokens["issued_in_future"] = rs256(key1, h1, claims(iat=4000000000))
tokens["nonce_missing_supported"] = rs256(key1, h1, claims(nonce=None))
tokens["nonce_missing_unsupported"] = rs256(key1, h1, claims(nonce=None, nonce_supported=False))
tokens["email_verified_garbled"] = rs256(key1, h1, claims(email_verified="yes"))
tokens["exp_missing"] = rs256(key1, h1, claims(exp=None))
tokens["malformed_segments"] = valid[0] + "." + valid[1]
tokens["malformed_base64"] = "eyJ@@@." + valid[1] + "." + valid[2]
tokens["malformed_json"] = b64u(b"{not json") + "." + valid[1] + "." + valid[2]

with open(os.path.join(HERE, "jwks.json"), "w") as f:
    json.dump(jwks, f, indent=2)
with open(os.path.join(HERE, "tokens.json"), "w") as f:
    json.dump({"nonce": NONCE, "sub": base["sub"], "tokens": tokens}, f, indent=2)
os.makedirs(os.path.join(ROOT, "rules", "keys"), exist_ok=True)
shutil.copy(os.path.join(HERE, "jwks.json"), os.path.join(ROOT, "rules", "keys", "example-apple-jwks.json"))
print("wrote", len(tokens), "tokens")

# The shipped pack, with examples that use these tokens (so it always matches the key set).
PACK = """# Sign in with Apple identity tokens.
# Generated by Tests/SiftAppleIDTests/Fixtures/make_fixtures.py with test keys:
# in production, point 'jwks' at a copy of https://appleid.apple.com/auth/keys.
version: 1
pack: sign-in-with-apple
description: Identity tokens that an app sent to the server after Sign in with Apple.
applies_to: {{ has: identity_token }}

apple_id_token:
  token_field: identity_token
  user_field: user_id            # the account the app says signed in (the token's sub)
  nonce_field: nonce             # the raw nonce the app generated
  nonce_hashed: true             # the token carries its SHA-256 hex, as Apple advises
  jwks: keys/example-apple-jwks.json
  audiences: [com.example.app, com.example.web]
  issuer: https://appleid.apple.com
  as_of: now
  leeway_seconds: 0

examples:
  - name: a valid token
    record: {{ user_id: "{sub}", nonce: {nonce}, identity_token: {valid} }}
    valid: true
  - name: audience as an array, email_verified as a boolean
    record: {{ user_id: "{sub}", nonce: {nonce}, identity_token: {valid_bool_claims_aud_array} }}
    valid: true
  - name: another user's token
    record: {{ user_id: "000999.ffffffffffff.0999", nonce: {nonce}, identity_token: {valid} }}
    reasons: [apple_id.subject]
  - name: a replayed token with another nonce
    record: {{ user_id: "{sub}", nonce: n-other, identity_token: {valid} }}
    reasons: [apple_id.nonce]
  - name: alg none
    record: {{ user_id: "{sub}", nonce: {nonce}, identity_token: "{alg_none}" }}
    reasons: [apple_id.algorithm]
  - name: HS256 signed with the public key as the secret
    record: {{ user_id: "{sub}", nonce: {nonce}, identity_token: {hs256_public_key_as_secret} }}
    reasons: [apple_id.algorithm]
  - name: unknown key id
    record: {{ user_id: "{sub}", nonce: {nonce}, identity_token: {unknown_kid} }}
    reasons: [apple_id.unknown_kid]
  - name: a tampered payload
    record: {{ user_id: attacker, nonce: {nonce}, identity_token: {tampered_payload} }}
    reasons: [apple_id.signature]
  - name: expired in 2023
    record: {{ user_id: "{sub}", nonce: {nonce}, identity_token: {exp_1700000000} }}
    reasons: [apple_id.expired]
  - name: another app's token
    record: {{ user_id: "{sub}", nonce: {nonce}, identity_token: {bad_audience} }}
    reasons: [apple_id.audience]
  - name: not a token
    record: {{ user_id: "{sub}", nonce: {nonce}, identity_token: "{malformed_segments}" }}
    reasons: [apple_id.malformed_segments]
"""
values = dict(tokens)
values.update(sub=base["sub"], nonce=NONCE)
with open(os.path.join(ROOT, "rules", "sign-in-with-apple.yaml"), "w") as f:
    f.write(PACK.format(**values))

# Sample records for `sift run` (samples/sign-in-with-apple.jsonl).
samples = [
    {"user_id": base["sub"], "nonce": NONCE, "identity_token": tokens["valid"]},
    {"user_id": "000999.ffffffffffff.0999", "nonce": NONCE, "identity_token": tokens["valid"]},
    {"user_id": base["sub"], "nonce": NONCE, "identity_token": tokens["alg_none"]},
    {"user_id": base["sub"], "nonce": NONCE, "identity_token": tokens["hs256_public_key_as_secret"]},
    {"user_id": base["sub"], "nonce": NONCE, "identity_token": tokens["exp_1700000000"]},
    {"user_id": base["sub"], "nonce": "n-other", "identity_token": tokens["valid_bool_claims_aud_array"]},
]
with open(os.path.join(ROOT, "samples", "sign-in-with-apple.jsonl"), "w") as f:
    for s in samples:
        f.write(json.dumps(s, separators=(",", ":")) + "\n")
