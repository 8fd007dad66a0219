import Foundation
import Sift

/// The identity-token stage (`apple_id_token:`, rules/sign-in-with-apple.yaml) through
/// `Pipeline.validate(json:)`, with the test key set of Tests/SiftAppleIDTests/Fixtures.
///
/// The first byte of the input says what the rest is:
/// - `T`: a header and a payload (JSON, one per line), made into a token with a stolen signature;
/// - `S`: a token number, then a user id and a nonce (one per line), with that signed token;
/// - `K`: a token as text, in a record with the fixtures' user id and nonce;
/// - anything else: the whole input is the record.
/// Checked: every verdict passes `Fuzz.checkVerdict`; claims are read (`verdict.appleID`) only
/// from a token whose signed part (`header.payload`, as written) is one of the tokens signed by
/// the fixtures' keys (no fuzzer can sign, so any other would be a signature bypass); a valid
/// verdict names the record's user as the token's subject.
enum TokenTarget {
    static let jwks =
        #"{"keys":[{"kty":"RSA","kid":"SIFTTEST1","use":"sig","alg":"RS256","n":"ucYxI09RjU2cn2wTKosoJ7w2Ej3i-R0aliwkDqgSfGhvwwpgEHOBntXcZUwt1r_G6u9i15yQfqg2LWMhZ-jTJZiadFmigyKFjPqH3mIzz53QfX34f9tZaZ2LdknyMMl6HYAVl6lV-2ilKimdZ-gtXnwi3-PffnPbPaNXiSYmUq_GHEXEpAbX2nNoxDDnu68Vq2ljgLKkF8U_xgoI9Ku4jjcXY9ePcloDvcaWMcqcdDRlFuR3wK2MIKiPy52mtaFXZD1z6gmiQzUQGjulX740Oxeor0ck3OzsBhFWg4VUYCPJ4Q3LdZTkqvFFZnXiVlX9AyE7hDWK4nXbcDjiLjfcjQ","e":"AQAB"},{"kty":"RSA","kid":"SIFTTEST2","use":"sig","alg":"RS256","n":"uXU3IkokF8ReM5ijSmBfym3uRdKbefz19kyqN2GprKnQ7C0HxsLQkv99CBZ1gvQwZTL3amnXHHLWCHyZ91_d3Pdw14kQqp7fVomXeyFWwt9ylDTRRze_bRXPX7gP64gXAcBuq4Unx8OVonnyDhHI4GelZKkJgawejZWm53gABi4SJ9wgE3S0BkY8mNv7VF7YZlUCdji6fGWty6VQdaAdkhVv2sruUlYnxbFqBM_8-GpkMXp7EXouw1XgcL4vY2OVG3aIfFNfyY4Oc0m9KrfZAsisv4D6nKRXBDngxBaU6yDqalrWNNO8Dgb9EkjbnQWAYMqtRDSceNfFb7vTuS7NSQ","e":"AQAB"}]}"#

    static let sub = "001234.0a1b2c3d4e5f.0123"
    static let nonce = "n-123"

    /// Tokens signed by the key set's private keys (Tests/SiftAppleIDTests/Fixtures/make_fixtures.py).
    static let signed = [
        "eyJraWQiOiJTSUZUVEVTVDEiLCJhbGciOiJSUzI1NiJ9.eyJpc3MiOiJodHRwczovL2FwcGxlaWQuYXBwbGUuY29tIiwiYXVkIjoiY29tLmV4YW1wbGUuYXBwIiwiZXhwIjo0MDcwOTA4ODAwLCJpYXQiOjE1Nzc4MzY4MDAsInN1YiI6IjAwMTIzNC4wYTFiMmMzZDRlNWYuMDEyMyIsImNfaGFzaCI6Ing3S3pYMGRHNWFWYlAwYlM4Z0ZRbXciLCJlbWFpbCI6ImFiYzEyM0Bwcml2YXRlcmVsYXkuYXBwbGVpZC5jb20iLCJlbWFpbF92ZXJpZmllZCI6InRydWUiLCJpc19wcml2YXRlX2VtYWlsIjoidHJ1ZSIsImF1dGhfdGltZSI6MTU3NzgzNjgwMCwibm9uY2Vfc3VwcG9ydGVkIjp0cnVlLCJub25jZSI6ImM1OTY1N2IzNzZmMDBkZDJkZjgzYzk1ZjIzMTg1YjA2NjdhMWUzYzM5ODBjNzM1NTEyYzQ1MmYxMzZjYjM4M2EifQ.VPCg-xL8VoOkgAXjIeN5PEqlcCXsXzQYFmrKPpF-l5Eura2quala8-geGTwDkKJqk9HHmPerZcA-lDTV8oYaja9zcNIYE2JDbMu-DqcJg2Z0cTyw97BrryymxNpI7FK_BVfCCZZ2SYTUuykqmie8W4wbt2ON06AjSL9YGE-SXOVUw77CH0nFqRh9MhfsmDM6n1RHxICkS5a3ypyfVv-fDR1VY85A0yJuEtb_cSaMuVDfA434GiCx-3KH4y9Ti7DLHd2bi92w6tQd5JP43flgnUVVnLDkZwr9WhqdGBEXezvM-6vFgQbj09M11Ql5mruqGB0KuZ5xaQwZINeNfJJYMw",  // valid
        "eyJraWQiOiJTSUZUVEVTVDIiLCJhbGciOiJSUzI1NiJ9.eyJpc3MiOiJodHRwczovL2FwcGxlaWQuYXBwbGUuY29tIiwiYXVkIjoiY29tLmV4YW1wbGUuYXBwIiwiZXhwIjo0MDcwOTA4ODAwLCJpYXQiOjE1Nzc4MzY4MDAsInN1YiI6IjAwMTIzNC4wYTFiMmMzZDRlNWYuMDEyMyIsImNfaGFzaCI6Ing3S3pYMGRHNWFWYlAwYlM4Z0ZRbXciLCJlbWFpbCI6ImFiYzEyM0Bwcml2YXRlcmVsYXkuYXBwbGVpZC5jb20iLCJlbWFpbF92ZXJpZmllZCI6InRydWUiLCJpc19wcml2YXRlX2VtYWlsIjoidHJ1ZSIsImF1dGhfdGltZSI6MTU3NzgzNjgwMCwibm9uY2Vfc3VwcG9ydGVkIjp0cnVlLCJub25jZSI6ImM1OTY1N2IzNzZmMDBkZDJkZjgzYzk1ZjIzMTg1YjA2NjdhMWUzYzM5ODBjNzM1NTEyYzQ1MmYxMzZjYjM4M2EifQ.gj3jWgEb_HdTFuLsui5aecyInXqK2-DY3bZQ0-83UFnlYh20ua1yM3acw0I-Ak2grjzjkFW4AOS-wUXcfjUgUsre5BnlVNib1kozxBBU_WV-NTC3VLCX29QI3qrz586ZA6iv6v535q6dWcTexHMHwHC7ME3xum8ogprNgU2xgHQnx69WWJ5rNWvpMatUrLSQz0mT_KXWBlO5BhpY5EXCNsIRU12uHJL5T4ZBJmYzhy5y8McVwaskyOxfHfhED2USc8lMsL8nSzqGHfhN6Czi7h-F_-4tQ5Oj-SQwHgxSdtDx-DytCB3Jman73JoLap8M1CTLApFp5uXUAVAh9OxcRw",  // valid_key2
        "eyJraWQiOiJTSUZUVEVTVDEiLCJhbGciOiJSUzI1NiJ9.eyJpc3MiOiJodHRwczovL2FwcGxlaWQuYXBwbGUuY29tIiwiYXVkIjpbImNvbS5leGFtcGxlLndlYiIsImNvbS5leGFtcGxlLmFwcCJdLCJleHAiOjQwNzA5MDg4MDAsImlhdCI6MTU3NzgzNjgwMCwic3ViIjoiMDAxMjM0LjBhMWIyYzNkNGU1Zi4wMTIzIiwiY19oYXNoIjoieDdLelgwZEc1YVZiUDBiUzhnRlFtdyIsImVtYWlsIjoiYWJjMTIzQHByaXZhdGVyZWxheS5hcHBsZWlkLmNvbSIsImVtYWlsX3ZlcmlmaWVkIjp0cnVlLCJpc19wcml2YXRlX2VtYWlsIjpmYWxzZSwiYXV0aF90aW1lIjoxNTc3ODM2ODAwLCJub25jZV9zdXBwb3J0ZWQiOnRydWUsIm5vbmNlIjoiYzU5NjU3YjM3NmYwMGRkMmRmODNjOTVmMjMxODViMDY2N2ExZTNjMzk4MGM3MzU1MTJjNDUyZjEzNmNiMzgzYSJ9.f7zBQCv5ObsVoA5mMenQfufpnwQQ-MBt6klhAun0bZ4kE71Bc_lCMLbqcn1XyUiJtSdHr6oAMGBPup1S1kN-u99dJTK1ud6zwUO2DIzfS3ABO1vMBlz5gKKXERi0-LBa7kZ2GmUEZO6MQQ5MKGyI9IPQ1EzepYXvZ2cT8f92-JDz2PD-vNDzOSihB4d-p8W9-5zpaDC-7QX2omHHURUtKeRp3NeJH91Pzg83GKXh6Bs9mwY0cZ-saCgPOxMMDLaGuSjAb_eZGh0hYDy9t8L0Tr1dKdDpS3VR8xrb-yHoLCbYXrulrb31xX086OvnPhOMb1uNsox2UMHs9SpfaSnQKg",  // valid_bool_claims_aud_array
        "eyJraWQiOiJTSUZUVEVTVDEiLCJhbGciOiJSUzI1NiJ9.eyJpc3MiOiJodHRwczovL2FwcGxlaWQuYXBwbGUuY29tIiwiYXVkIjoiY29tLmV4YW1wbGUuYXBwIiwiZXhwIjo0MDcwOTA4ODAwLCJpYXQiOjE1Nzc4MzY4MDAsInN1YiI6IjAwMTIzNC4wYTFiMmMzZDRlNWYuMDEyMyIsImNfaGFzaCI6Ing3S3pYMGRHNWFWYlAwYlM4Z0ZRbXciLCJlbWFpbCI6ImFiYzEyM0Bwcml2YXRlcmVsYXkuYXBwbGVpZC5jb20iLCJlbWFpbF92ZXJpZmllZCI6InRydWUiLCJpc19wcml2YXRlX2VtYWlsIjoidHJ1ZSIsImF1dGhfdGltZSI6MTU3NzgzNjgwMCwibm9uY2Vfc3VwcG9ydGVkIjp0cnVlLCJub25jZSI6Im4tMTIzIn0.kOgK6OmnmwNLEojn1Sa0ZLtaPJlBEMzm5sh-AC6_QE3weQrhuw25kdqG4QDK-IGBI-qoU9mZTwvVHuPkoKV1LVcco-nMASTX44Dp99kK9hiP4laZSuaTrKbCtaqh25Q_doZQMR6Fci970g_JmreNwO5HEh5WKoHfEcys-pRpTfKsj5ZqTFHiAaWFxANU8L8H1wVAv4SnM1J_X_ha7NM08Tems4mZLrmvAUB0Ul7AOtjMDXP6LSn8agfzw1_OmoyDAOA9KdAQVSzArcawAhRAXKsGta_bIxI0Jt0DOGaxP4JytfuZ99JnVkVsar9KydD-Juy8m-A3UspUZlRn6vtnuA",  // raw_nonce
        "eyJraWQiOiJTSUZUVEVTVDEiLCJhbGciOiJSUzI1NiJ9.eyJpc3MiOiJodHRwczovL2FwcGxlaWQuYXBwbGUuY29tLmV2aWwuZXhhbXBsZSIsImF1ZCI6ImNvbS5leGFtcGxlLmFwcCIsImV4cCI6NDA3MDkwODgwMCwiaWF0IjoxNTc3ODM2ODAwLCJzdWIiOiIwMDEyMzQuMGExYjJjM2Q0ZTVmLjAxMjMiLCJjX2hhc2giOiJ4N0t6WDBkRzVhVmJQMGJTOGdGUW13IiwiZW1haWwiOiJhYmMxMjNAcHJpdmF0ZXJlbGF5LmFwcGxlaWQuY29tIiwiZW1haWxfdmVyaWZpZWQiOiJ0cnVlIiwiaXNfcHJpdmF0ZV9lbWFpbCI6InRydWUiLCJhdXRoX3RpbWUiOjE1Nzc4MzY4MDAsIm5vbmNlX3N1cHBvcnRlZCI6dHJ1ZSwibm9uY2UiOiJjNTk2NTdiMzc2ZjAwZGQyZGY4M2M5NWYyMzE4NWIwNjY3YTFlM2MzOTgwYzczNTUxMmM0NTJmMTM2Y2IzODNhIn0.K3LEc4oJZAdTtZt-Y2X9STq_m4v153x9lHpFuCPuvmyIb-1yzbu2aZhDKknZLpKqjd1_miaeAU64oRbAFNan0AZF0WGhT79EBWwzYGtPODFAc4oRlItdVCbmewQktu1OqBgEzKzS4kHCdF2AUBYjZ8aLl-09wAAYez73olHJXEbaPkXllHOJI3mwyXdRCwC558wiKdRfrgJU43_6VMpnkxCNLH0U4WBePvezwe51F9PlNwP3o2ynDEmWzAIkVzXhcxwKiZjjhoYDaMhaNpC5Q1W_-M8_h3c-eRUabeFrziQBA_DfcJoYil-2vl75qHzULGE0TdVyVFiUlIqwvqH7YQ",  // bad_issuer
        "eyJraWQiOiJTSUZUVEVTVDEiLCJhbGciOiJSUzI1NiJ9.eyJpc3MiOiJodHRwczovL2FwcGxlaWQuYXBwbGUuY29tIiwiYXVkIjpbImNvbS5vdGhlci5hcHAiLCJjb20ub3RoZXIud2ViIl0sImV4cCI6NDA3MDkwODgwMCwiaWF0IjoxNTc3ODM2ODAwLCJzdWIiOiIwMDEyMzQuMGExYjJjM2Q0ZTVmLjAxMjMiLCJjX2hhc2giOiJ4N0t6WDBkRzVhVmJQMGJTOGdGUW13IiwiZW1haWwiOiJhYmMxMjNAcHJpdmF0ZXJlbGF5LmFwcGxlaWQuY29tIiwiZW1haWxfdmVyaWZpZWQiOiJ0cnVlIiwiaXNfcHJpdmF0ZV9lbWFpbCI6InRydWUiLCJhdXRoX3RpbWUiOjE1Nzc4MzY4MDAsIm5vbmNlX3N1cHBvcnRlZCI6dHJ1ZSwibm9uY2UiOiJjNTk2NTdiMzc2ZjAwZGQyZGY4M2M5NWYyMzE4NWIwNjY3YTFlM2MzOTgwYzczNTUxMmM0NTJmMTM2Y2IzODNhIn0.se2rZJJKLPaLTHFPQGFRIsQkIDguU1IIEcUiVwcyq9Bouhwa-3U1KqzAURo2Kv7ekA75a4FNTKmoOXqky3ZhrTwVYRm26ckDgSSccmHpy_fxcydoBfLaflOyIxhdQjOYVU_xgpoVMglhse0_hD1LP5nRKGMh14YdYUKC837HpyzndqvGSQrOzvDVVXxOIK-7DBfgbTCJkFlEtv4FlC4YuZgC6Iaz5ub3wrGwHyVXpC0e3HlkOF76icG4q-DUz7WiN6IfHPTQ55w9Z60RAx2BAPdfSkTsY-4u6C2WkzgyfrmiuBesNuJygOtdLGlqo2zI6fIKI3kFPTxnGtq3FFXT-g",  // bad_audience_array
        "eyJraWQiOiJTSUZUVEVTVDEiLCJhbGciOiJSUzI1NiJ9.eyJpc3MiOiJodHRwczovL2FwcGxlaWQuYXBwbGUuY29tIiwiYXVkIjoiY29tLmV4YW1wbGUuYXBwIiwiZXhwIjoxNzAwMDAwMDAwLCJpYXQiOjE2OTAwMDAwMDAsInN1YiI6IjAwMTIzNC4wYTFiMmMzZDRlNWYuMDEyMyIsImNfaGFzaCI6Ing3S3pYMGRHNWFWYlAwYlM4Z0ZRbXciLCJlbWFpbCI6ImFiYzEyM0Bwcml2YXRlcmVsYXkuYXBwbGVpZC5jb20iLCJlbWFpbF92ZXJpZmllZCI6InRydWUiLCJpc19wcml2YXRlX2VtYWlsIjoidHJ1ZSIsImF1dGhfdGltZSI6MTU3NzgzNjgwMCwibm9uY2Vfc3VwcG9ydGVkIjp0cnVlLCJub25jZSI6ImM1OTY1N2IzNzZmMDBkZDJkZjgzYzk1ZjIzMTg1YjA2NjdhMWUzYzM5ODBjNzM1NTEyYzQ1MmYxMzZjYjM4M2EifQ.DQdSn0VNND2NoXdUf_sQYU4MQ8KsnhvP5pWitw9Sfvcfi1B74a4ibGd-D8f_a3eqrM-kvOfFR0MAg2_5v8NN79OtkuCPC8WtdCkUw6cJgZu0WVJvxhZttfMQOt0J6ZUjzalrtA5tQ6oFE118hywUtQr9BEeYCvzv-LK8DaebBNtS4BtMfxZH9OR8V7yRDMslJoY86EYEkq2h5YkKaJHQGvTco5v3Dm0JzLTlRUCXIQ2QCwH8e8CEAHSfRQJMegEa6HiVpj009mAPBPhwIYtR8bJfJT88aNYjRw5RNd9tq-Mp5D0nRmawhrWEaTA19uhvonfzRw4bYDehifssvitTZA",  // exp_1700000000
        "eyJraWQiOiJTSUZUVEVTVDEiLCJhbGciOiJSUzI1NiJ9.eyJpc3MiOiJodHRwczovL2FwcGxlaWQuYXBwbGUuY29tIiwiYXVkIjoiY29tLmV4YW1wbGUuYXBwIiwiZXhwIjo0MDcwOTA4ODAwLCJpYXQiOjQwMDAwMDAwMDAsInN1YiI6IjAwMTIzNC4wYTFiMmMzZDRlNWYuMDEyMyIsImNfaGFzaCI6Ing3S3pYMGRHNWFWYlAwYlM4Z0ZRbXciLCJlbWFpbCI6ImFiYzEyM0Bwcml2YXRlcmVsYXkuYXBwbGVpZC5jb20iLCJlbWFpbF92ZXJpZmllZCI6InRydWUiLCJpc19wcml2YXRlX2VtYWlsIjoidHJ1ZSIsImF1dGhfdGltZSI6MTU3NzgzNjgwMCwibm9uY2Vfc3VwcG9ydGVkIjp0cnVlLCJub25jZSI6ImM1OTY1N2IzNzZmMDBkZDJkZjgzYzk1ZjIzMTg1YjA2NjdhMWUzYzM5ODBjNzM1NTEyYzQ1MmYxMzZjYjM4M2EifQ.Imbm2V3VAmG3H2yTKnxTv8INCfPQ9veLYL9QScVSoluJWSl8LKg1JNVmPqeXwXL3zxGlhFNzinqmbFq3O-0Ipz9-PZk1EpyeScYkV5186U7j7PcRGyASa3hpqZ2xpKxoZi5yBF_ndVlT12qUCdDr9kk0NS80V93_ErOSgGyqLCMW9eT_Rz1alcasueB8-8R_Wnp4vv9VfKZ2SERvGBO9Sxm4l7B0Yqo7R0x_HBW96LJpRFRmDY2KNtWRJf2TNw5G_Jhb8sund6-ZywKYjdp-x1OiAkw4qRhcM_HrIpn2uN0FbEMOkDv6r4gP2iNFmb541YqMiLZ-rX85QkVA5ATqqw",  // issued_in_future
        "eyJraWQiOiJTSUZUVEVTVDEiLCJhbGciOiJSUzI1NiJ9.eyJpc3MiOiJodHRwczovL2FwcGxlaWQuYXBwbGUuY29tIiwiYXVkIjoiY29tLmV4YW1wbGUuYXBwIiwiZXhwIjo0MDcwOTA4ODAwLCJpYXQiOjE1Nzc4MzY4MDAsInN1YiI6IjAwMTIzNC4wYTFiMmMzZDRlNWYuMDEyMyIsImNfaGFzaCI6Ing3S3pYMGRHNWFWYlAwYlM4Z0ZRbXciLCJlbWFpbCI6ImFiYzEyM0Bwcml2YXRlcmVsYXkuYXBwbGVpZC5jb20iLCJlbWFpbF92ZXJpZmllZCI6InRydWUiLCJpc19wcml2YXRlX2VtYWlsIjoidHJ1ZSIsImF1dGhfdGltZSI6MTU3NzgzNjgwMCwibm9uY2Vfc3VwcG9ydGVkIjp0cnVlfQ.Xc0Sbjb9rSk2sVV9rEKiw8eA3ysy1VGPYlN6C7exDzAEAQO81G-N6UDt_SHJP87osxA-Pr5SUOUl9cOAnwfJFsGG25aKmWs3Q6PP0KlWNyaovcUr_TcG07JtAg7JoBXsu7P-FJlAi3AcYTv2Fbi5bBZNoeURtID7QbJYwAdzv94HZPYZJ9F58CgLSovWS22LVxzyqj7ianZ6GaH0A4UB9lik0BrlmWDCTmPUp7fRYIpROTMccFVkO1rnEE9QC9tI6AP744YuJtxXbFgo0FhS5s882z7V5liz3g87EeK2x59qrQHI6yeCUlnqTWxVXMxRt6f--GIBZpWhhu57-uqG6A",  // nonce_missing_supported
        "eyJraWQiOiJTSUZUVEVTVDEiLCJhbGciOiJSUzI1NiJ9.eyJpc3MiOiJodHRwczovL2FwcGxlaWQuYXBwbGUuY29tIiwiYXVkIjoiY29tLmV4YW1wbGUuYXBwIiwiZXhwIjo0MDcwOTA4ODAwLCJpYXQiOjE1Nzc4MzY4MDAsInN1YiI6IjAwMTIzNC4wYTFiMmMzZDRlNWYuMDEyMyIsImNfaGFzaCI6Ing3S3pYMGRHNWFWYlAwYlM4Z0ZRbXciLCJlbWFpbCI6ImFiYzEyM0Bwcml2YXRlcmVsYXkuYXBwbGVpZC5jb20iLCJlbWFpbF92ZXJpZmllZCI6InRydWUiLCJpc19wcml2YXRlX2VtYWlsIjoidHJ1ZSIsImF1dGhfdGltZSI6MTU3NzgzNjgwMCwibm9uY2Vfc3VwcG9ydGVkIjpmYWxzZX0.UXv4liJXh11bFELmD0gBc-yR38wQ095DHsE2kjjAvBKRDAMwdBOm-3Y5ALhuGPfpshwdF7E3TW9BvIDmFJskFhl7EkiVwlTYPEaHYfT11RowEBy2Fvk4O1s8d9zFK3TUEX5QGLuFHhwTe1uqoG50yLV2rkUxzl9pyw40y__zXI-fGMv7ZjeP2IY6OT_BHgrtg5uAwkOVwG2VwOn1jGe0_56jYMh69fvc8WS9OZ-FF5QPwUbxN2Jb8Nr65RiWjlO_9ZdTEBwupWFRx6Tvb_u9vXNBXru3-3AaLaD4Cy2K_alP4Y9Djfl-E3XBAHqJAIbu0AcfWM1hwBgb5mn26pqb6g",  // nonce_missing_unsupported
        "eyJraWQiOiJTSUZUVEVTVDEiLCJhbGciOiJSUzI1NiJ9.eyJpc3MiOiJodHRwczovL2FwcGxlaWQuYXBwbGUuY29tIiwiYXVkIjoiY29tLmV4YW1wbGUuYXBwIiwiZXhwIjo0MDcwOTA4ODAwLCJpYXQiOjE1Nzc4MzY4MDAsInN1YiI6IjAwMTIzNC4wYTFiMmMzZDRlNWYuMDEyMyIsImNfaGFzaCI6Ing3S3pYMGRHNWFWYlAwYlM4Z0ZRbXciLCJlbWFpbCI6ImFiYzEyM0Bwcml2YXRlcmVsYXkuYXBwbGVpZC5jb20iLCJlbWFpbF92ZXJpZmllZCI6InllcyIsImlzX3ByaXZhdGVfZW1haWwiOiJ0cnVlIiwiYXV0aF90aW1lIjoxNTc3ODM2ODAwLCJub25jZV9zdXBwb3J0ZWQiOnRydWUsIm5vbmNlIjoiYzU5NjU3YjM3NmYwMGRkMmRmODNjOTVmMjMxODViMDY2N2ExZTNjMzk4MGM3MzU1MTJjNDUyZjEzNmNiMzgzYSJ9.fnm-sQSosnkfgyTiYeoWIZJ1kyIrTJRPO5KokJnyMhZxtWlRnpwFIBSpiqUyH8lgf-UIwOdyjthu_DikoPm6RFc_t9MUrf-i1ke4G9SXKnJnQI56I3WfI2Fg36Dry9S682FJwhFlt464HsLVNFtLE-3hmhxDBP-Y8cenxhMxxwl8dNdKi1nIQlXOYR-B7IwvK-6b69VmtrkVbpyhrJxqPMw2IWRtuZ2wcCNOPshlhRa02IKZLSD68Bm0S4dNJQKAKBucFOLhIFM-XNKDBmNT_e2hBQEVGhRGdvHBsaMOM__d99XMFka2LfV4gQMZiLmG4W1HXnHrq3vk7P-mYtCp9A",  // email_verified_garbled
        "eyJraWQiOiJTSUZUVEVTVDEiLCJhbGciOiJSUzI1NiJ9.eyJpc3MiOiJodHRwczovL2FwcGxlaWQuYXBwbGUuY29tIiwiYXVkIjoiY29tLmV4YW1wbGUuYXBwIiwiaWF0IjoxNTc3ODM2ODAwLCJzdWIiOiIwMDEyMzQuMGExYjJjM2Q0ZTVmLjAxMjMiLCJjX2hhc2giOiJ4N0t6WDBkRzVhVmJQMGJTOGdGUW13IiwiZW1haWwiOiJhYmMxMjNAcHJpdmF0ZXJlbGF5LmFwcGxlaWQuY29tIiwiZW1haWxfdmVyaWZpZWQiOiJ0cnVlIiwiaXNfcHJpdmF0ZV9lbWFpbCI6InRydWUiLCJhdXRoX3RpbWUiOjE1Nzc4MzY4MDAsIm5vbmNlX3N1cHBvcnRlZCI6dHJ1ZSwibm9uY2UiOiJjNTk2NTdiMzc2ZjAwZGQyZGY4M2M5NWYyMzE4NWIwNjY3YTFlM2MzOTgwYzczNTUxMmM0NTJmMTM2Y2IzODNhIn0.diQic38_LeLq8dYJsemTiCDiWq_wIrFEKPjf29-8_ZppL94yAwtYduGY44hP3K-zR3pIj25lah_TJ2rwfR7aEkdd9XPtDT2U48cXuQNN-v2VjFkCjdgFh9gDZjotGCqYggY17StILv9nktLp89a2zVnDfnUehd68TYMIqkg_pygi1wSIgiTsH9IjA9e360ucqVqofHDgSMelXZetFtInQo-lPLCYfKLFz6nwK49USK0f3CZuQk4oS4WmZcJkILmkj4LlTsfGGjpzRs_j_PMOOBWQwfWvY_xfsDtzCizfL7q6WPP8HIbOCmx-y_rsiFe2A9ZIa8CnCgzFXktYiMdREg",  // exp_missing
    ]

    static let rules = """
        version: 1
        pack: sign-in-with-apple
        applies_to: { has: identity_token }
        apple_id_token:
          token_field: identity_token
          user_field: user_id
          nonce_field: nonce
          nonce_hashed: true
          jwks: jwks.json
          audiences: [com.example.app, com.example.web]
          issuer: https://appleid.apple.com
          as_of: now
          leeway_seconds: 0

        """

    static let pipeline: Pipeline = {
        let folder = Fuzz.scratchFolder("token")
        try! jwks.write(toFile: folder + "/jwks.json", atomically: true, encoding: .utf8)
        return Fuzz.pipeline(rules, folder: folder)
    }()

    static let signedParts = Set(signed.map { String($0[..<$0.lastIndex(of: ".")!]) })

    static func run(_ input: [UInt8]) {
        let rest = Array(input.dropFirst())
        let lines = Fuzz.lines(input)
        let record: [UInt8]
        switch input.first {
        case UInt8(ascii: "T"):
            record = self.record(token: Fuzz.stolenSignature(lines, from: signed[0]), user: sub, nonce: nonce)
        case UInt8(ascii: "S"):
            let token = signed[Int(rest.first ?? 0) % signed.count]
            let user = lines.count > 1 ? lines[1] : sub
            record = self.record(token: token, user: user, nonce: lines.count > 2 ? lines[2] : nonce)
        case UInt8(ascii: "K"):
            record = self.record(token: String(decoding: rest, as: UTF8.self), user: sub, nonce: nonce)
        default:
            record = input
        }
        let verdict = pipeline.validate(json: record, asOfMillis: Fuzz.asOfMillis)
        Fuzz.checkVerdict(verdict, input)
        guard let claims = verdict.appleID else {
            Fuzz.check(!verdict.isValid || verdict.packs.isEmpty, "a valid verdict without the token's claims", input)
            return
        }
        let document = try? JSONDocument(bytes: record)
        let token = document?.root["identity_token"]?.string ?? ""
        let part = token.lastIndex(of: ".").map { String(token[..<$0]) } ?? token
        Fuzz.check(signedParts.contains(part), "claims were read from a token the keys did not sign: \(token)", input)
        if verdict.isValid {
            let user = document?.root["user_id"].flatMap { $0.string ?? ($0.kind == .number ? $0.rawText : nil) }
            Fuzz.check(claims.subject != nil && claims.subject == user, "a valid verdict for another subject", input)
        }
    }

    static func record(token: String, user: String, nonce: String) -> [UInt8] {
        Array("{\"user_id\":\(Fuzz.quoted(user)),\"nonce\":\(Fuzz.quoted(nonce)),\"identity_token\":\(Fuzz.quoted(token))}".utf8)
    }
}
