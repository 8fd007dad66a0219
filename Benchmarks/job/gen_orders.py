#!/usr/bin/env python3
"""Deterministic order records for the order-review job of scripts/compare
(Benchmarks/job/order-review.yaml).

Usage: python3 Benchmarks/job/gen_orders.py N > bench-data/orders.jsonl      (stdlib only)

One JSON object per line, 1-2 KB, fixed key order. Each checked field is wrong in about
7% of records, in varied ways (missing, null, wrong type, full-width digits, a trailing
"\\n", bad check digits, impossible dates, case, reserved values...), so about a quarter
of the records are valid. Most of each record's bytes are nested objects and arrays that
no rule reads (device, tracking, history, shipping.address, the items' titles and
attributes); the share goes to stderr with the average record length. About 10% of the
records are written with \\uXXXX escapes for all non-ASCII text.
"""
import json
import random
import sys

from gen import CJK, EMOJI, FULLWIDTH, LOCALES, MODELS, PHONE_BAD_PREFIX, PHONE_OK, WORDS, id_check

SEED = 20261125
BAD = 0.07
ESCAPED_RATE = 0.10

rnd = random.Random(SEED)
rand = rnd.random
MISSING = object()


def choice(seq):
    return seq[int(rand() * len(seq))]


def randrange(a, b=None):
    return int(rand() * a) if b is None else a + int(rand() * (b - a))


def digits(n):
    return f"{randrange(10 ** n):0{n}d}"


def wrong_type(ok):
    return choice([None, True, 12345, 1.5, {"value": ok}, [ok]])


def field(ok, *bad):
    """ok, or (in BAD of the records) one of the bad makers applied to ok."""
    if rand() >= BAD:
        return ok
    make = choice(bad + (lambda v: MISSING, lambda v: None, wrong_type))
    return make(ok)


STATUSES = ["pending", "paid", "packed", "shipped", "delivered", "cancelled"]
COUNTRIES = ("CN HK MO TW JP KR SG MY TH VN ID PH IN AU NZ US CA MX BR AR CL GB IE FR DE NL BE LU CH AT IT ES PT "
             "SE NO DK FI PL CZ HU GR TR IL AE SA QA EG ZA NG KE").split()
CURRENCIES = ["CNY", "USD", "EUR", "JPY", "HKD", "GBP"]
METHODS = ["card", "alipay", "wechat_pay", "apple_pay", "bank_transfer"]
FAMILY = "\U0001F468\u200D\U0001F469\u200D\U0001F467\u200D\U0001F466"   # one grapheme, seven scalars
GRAPHEMES = (list(CJK) * 3 + list("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
             + EMOJI + [FAMILY, "\U0001F1E8\U0001F1F3", "e\u0301", "\U0001F44D\U0001F3FD", "\u2764\uFE0F", " "])
NAMES = ["ada", "lin", "wei", "zhang.san", "li_si", "mary-jane", "kate+news", "o.neil"]
DOMAINS = ["example.com", "mail.example.cn", "qq.com", "163.com", "studio.photo", "a-b.co.uk"]
CITIES = ["北京", "上海", "广州", "深圳", "杭州", "成都", "Paris", "Berlin", "Tokyo", "Singapore"]


def phone_ok():
    return choice(PHONE_OK) + digits(8)


def phone():
    return field(phone_ok(), lambda v: choice(PHONE_BAD_PREFIX) + digits(8), lambda v: v[:10],
                 lambda v: v.translate(FULLWIDTH), lambda v: "+86" + v, lambda v: v + "\n", lambda v: int(v))


def luhn_ok(n=16):
    body = [int(c) for c in choice(["4", "51", "62", "37"]) + digits(n - 3)][: n - 1]
    body += [0] * (n - 1 - len(body))
    total = sum(d if i % 2 else (2 * d - 9 if 2 * d > 9 else 2 * d) for i, d in enumerate(reversed(body)))
    return "".join(map(str, body)) + str((10 - total % 10) % 10)


def id_ok():
    body = (choice("123456789") + digits(5) + choice(["19", "19", "20"]) + digits(2)
            + f"{randrange(1, 13):02d}" + f"{randrange(1, 29):02d}" + digits(3))
    return body + id_check(body)


def name_ok():
    return "".join(choice(GRAPHEMES) for _ in range(randrange(1, 13))).strip() or choice(CJK)


def customer():
    c = {"name": field(name_ok(), lambda v: "", lambda v: v + "".join(choice(GRAPHEMES) for _ in range(13)),
                       lambda v: FAMILY * 13)}
    c["phone"] = phone()
    resident = rand() < 0.7
    c["id_type"] = "resident" if resident else choice(["passport", "hk_permit"])
    if resident:
        ok = id_ok()
        c["id_number"] = field(ok, lambda v: v[:17] + choice([d for d in "0123456789X" if d != v[17]]),
                               lambda v: v[:17] + "x" if v[17] == "X" else v[:16], lambda v: v.translate(FULLWIDTH),
                               lambda v: "0" + v[1:])
    else:
        c["id_number"] = choice("EGK") + digits(8)
    local = choice(NAMES) + digits(randrange(0, 5))
    c["email"] = field(local + "@" + choice(DOMAINS), lambda v: v.replace("@", ""), lambda v: v + "\n",
                       lambda v: "u" * 250 + v, lambda v: " " + v, lambda v: v.replace("@", "＠"))
    c["level"] = choice(["new", "silver", "gold"])
    c["since"] = f"20{randrange(10, 26)}-{randrange(1, 13):02d}-{randrange(1, 29):02d}"
    return c


def payment():
    method = field(choice(METHODS), lambda v: "cash", lambda v: v.upper())
    p = {"method": method}
    if method == "card":
        p["account"] = field(luhn_ok(), lambda v: v[:15] + str((int(v[15]) + 1) % 10),
                             lambda v: " ".join(v[i:i + 4] for i in range(0, 16, 4)), lambda v: v[:8] + "ABCD" + v[12:],
                             lambda v: v.translate(FULLWIDTH))
    else:
        p["account"] = field("2088" + digits(12), lambda v: MISSING)
    if rand() < 0.5:
        p["phone"] = phone()
    # One way to pay (record: exactly_one_of): a card's token, or the wallet; in 2% of the
    # records both or neither (a null counts as not given).
    card_token, wallet = "tok_" + digits(12), method
    way = rand()
    if way < 0.98:
        p["card_token" if method == "card" else "wallet"] = card_token if method == "card" else wallet
    elif way < 0.99:
        p["card_token"], p["wallet"] = card_token, wallet
    elif way < 0.995:
        p["wallet"] = None
    p["gateway"] = {"name": choice(["unionpay", "stripe", "adyen", "alipay"]), "ref": digits(18),
                    "risk": {"score": randrange(100), "rules": rnd.choices(WORDS, k=randrange(1, 4))}}
    return p


def item():
    sku = field("SKU-" + digits(6), lambda v: v[:-1], lambda v: v.lower(), lambda v: v + "\n", lambda v: v.translate(FULLWIDTH))
    qty = field(randrange(1, 6) if rand() < 0.95 else float(randrange(1, 6)),
                lambda v: 0, lambda v: 100, lambda v: 2.5, lambda v: str(v), lambda v: -1)
    it = {"sku": sku, "qty": qty}
    it["title"] = " ".join(rnd.choices(WORDS, k=randrange(2, 5)))
    it["price"] = round(randrange(100, 100000) / 100, 2)
    it["attrs"] = {"color": choice(["red", "blue", "black", "白色"]), "size": choice(["S", "M", "L", "XL"]),
                   "warehouse": choice(["SH-01", "GZ-02", "BJ-03"])}
    return it


def date_ok():
    return f"{randrange(2024, 2027)}-{randrange(1, 11):02d}-{randrange(1, 29):02d}"


def record(i):
    country = field(choice(COUNTRIES) if rand() < 0.4 else "CN", lambda v: v.lower(), lambda v: "XX", lambda v: "CHN")
    currency_ok = "CNY" if country == "CN" else choice(CURRENCIES)
    r = {"order_id": field(f"ORD-{randrange(10 ** 8):08d}", lambda v: v[:-1], lambda v: v.lower(), lambda v: v + "\n",
                           lambda v: v.translate(FULLWIDTH)),
         "status": field(choice(STATUSES), lambda v: v.capitalize(), lambda v: "lost"),
         "country": country,
         "currency": field(currency_ok, lambda v: "USD" if v == "CNY" else "RMB", lambda v: v.lower()),
         "amount": field(round(randrange(1, 5000000) / 100, 2) if rand() < 0.8 else randrange(1, 50000),
                        lambda v: 0, lambda v: -v, lambda v: 50000.01, lambda v: str(v)),
         "created": field(date_ok(), lambda v: "2026-02-30", lambda v: "2025-13-01", lambda v: v.replace("-", ""),
                          lambda v: "2026-12-" + v[-2:], lambda v: int(v.replace("-", "")))}
    r["customer"] = customer()
    r["payment"] = payment()
    r["shipping"] = {"phone": phone(), "method": choice(["standard", "express", "pickup"]),
                     "address": {"name": name_ok(), "line1": f"{randrange(1, 999)} {choice(WORDS)} road",
                                 "line2": " ".join(rnd.choices(WORDS, k=3)), "city": choice(CITIES),
                                 "postcode": digits(6), "country": "CN"}}
    r["items"] = [item() for _ in range(1 + min(19, int(rnd.expovariate(0.5))))]
    if rand() < 0.03:  # a line written twice: the same SKU again (items: unique_by: sku)
        r["items"].append(dict(choice(r["items"])))
    if rand() < 0.4:
        r["coupon"] = field("C" + digits(6) if rand() < 0.8 else "NONE", lambda v: "C000000", lambda v: "TEST",
                            lambda v: "none", lambda v: 123456, lambda v: "C99999")
    r["device"] = {"os": choice(["iOS 18.1", "iOS 17.6", "Android 15", "Android 14", "HarmonyOS 5"]),
                   "model": choice(MODELS), "app_version": f"{randrange(3, 9)}.{randrange(20)}.{randrange(10)}",
                   "locale": choice(LOCALES), "screen": {"w": choice([390, 393, 430, 1080]), "h": choice([844, 852, 932, 2400]),
                                                         "scale": choice([2, 3])},
                   "network": choice(["wifi", "5g", "4g"]), "ip": f"10.{randrange(256)}.{randrange(256)}.{randrange(256)}"}
    r["tracking"] = {"session": digits(16), "utm": {"source": choice(["app", "wechat", "douyin", "email"]),
                                                    "campaign": choice(WORDS) + "-" + digits(3)},
                     "events": [{"t": 1_790_000_000_000 + randrange(10 ** 9), "name": choice(["view", "add_to_cart", "checkout", "pay"]),
                                 "ms": randrange(5000)} for _ in range(randrange(3, 8))]}
    r["history"] = [{"at": f"2026-11-{randrange(1, 21):02d}T{randrange(24):02d}:{randrange(60):02d}:00Z",
                     "from": choice(STATUSES), "to": choice(STATUSES), "by": choice(["system", "ops", "risk"])}
                    for _ in range(randrange(1, 4))]
    r = strip(r)
    if rand() < ESCAPED_RATE:
        return dumps_ascii(r), r
    return dumps(r), r


def strip(v):
    """v without the members made MISSING (at any depth)."""
    if isinstance(v, dict):
        return {k: strip(x) for k, x in v.items() if x is not MISSING}
    if isinstance(v, list):
        return [strip(x) for x in v]
    return v


dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
dumps_ascii = json.JSONEncoder(ensure_ascii=True, separators=(",", ":")).encode
UNREAD = (("device",), ("tracking",), ("history",), ("shipping", "address"), ("payment", "gateway"))


def unread_bytes(r):
    """Bytes of the record's values that no rule reads (whole subtrees, and items' other members)."""
    n = 0
    for path in UNREAD:
        v = r
        for k in path:
            v = v.get(k) if isinstance(v, dict) else None
        if v is not None:
            n += len(dumps(v).encode())
    for it in r.get("items", ()):
        n += sum(len(dumps(it[k]).encode()) for k in ("title", "price", "attrs"))
    return n


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 250_000
    out = sys.stdout.buffer
    total = unread = 0
    for start in range(1, n + 1, 5000):
        lines = []
        for i in range(start, min(start + 5000, n + 1)):
            line, r = record(i)
            lines.append(line)
            if i % 10 == 0:
                unread += unread_bytes(r) * 10
        data = ("\n".join(lines) + "\n").encode()
        total += len(data)
        out.write(data)
    out.flush()
    print(f"gen_orders.py: {n} records, {total} bytes, average {total / max(n, 1):.1f} bytes per record, "
          f"about {100 * unread / max(total, 1):.0f}% of them in values no rule reads", file=sys.stderr)


if __name__ == "__main__":
    main()
