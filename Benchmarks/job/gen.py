#!/usr/bin/env python3
"""Deterministic sign-up records for the side-by-side benchmark (scripts/compare).

Usage: python3 Benchmarks/job/gen.py N > bench-data/job.jsonl      (stdlib only)

One JSON object per line, fixed key order, lengths varied. Each of the five checked
fields (phone, email, password, plate, id_number) is invalid in about 22% of records,
in varied ways: missing, null, wrong type, full-width digits, emoji, a trailing "\\n",
wrong length, bad letters, bad GB 11643 checksum. About 10% of records are written
with \\uXXXX escapes (all non-ASCII escaped, sometimes an ASCII digit of the phone too).
The average record length goes to stderr.
"""
import json
import random
import sys

SEED = 20261121
INVALID_RATE = 0.22
ESCAPED_RATE = 0.10

rnd = random.Random(SEED)
rand = rnd.random


def choice(seq):  # like random.choice, cheaper (the generator makes ~35 draws per record)
    return seq[int(rand() * len(seq))]


def randrange(a, b=None):  # like random.randrange(a[, b])
    return int(rand() * a) if b is None else a + int(rand() * (b - a))


DIGITS = "0123456789"
FULLWIDTH = str.maketrans(DIGITS, "０１２３４５６７８９")
EMOJI = ["😀", "🚗", "🎉", "👍", "🐼", "🔥"]
CJK = "京沪粤张王李刘陈杨黄赵周吴徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾"
WRONG_TYPES = [None, "number", True, False, "object", "array"]

# phone: ^1(3[0-9]|4[57]|5[0-35-9]|6[2567]|7[0-35-8]|8[0-9]|9[0-35-9])[0-9]{8}$
PHONE_OK = ([f"13{d}" for d in DIGITS] + ["145", "147"] + [f"15{d}" for d in "012356789"]
            + ["162", "165", "166", "167"] + [f"17{d}" for d in "01235678"]
            + [f"18{d}" for d in DIGITS] + [f"19{d}" for d in "012356789"])
PHONE_BAD_PREFIX = ["154", "149", "174", "194", "120", "160", "141", "110"]

# plate
PROVINCES = "京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼"
LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ"          # no I, no O
ALNUM = LETTERS + DIGITS
PASSWORD_CHARS = ALNUM + "abcdefghijklmnopqrstuvwxyzIO"
SUFFIX = "挂学警港澳"

# id_number
ID_WEIGHTS = (7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2)
ID_CHECK = "10X98765432"

NAMES = ["ada", "lin", "wei", "zhang.san", "li_si", "mary-jane", "x", "user", "kate+news", "o.neil", "bob%ops"]
DOMAINS = ["example.com", "mail.example.cn", "qq.com", "163.com", "studio.photo", "a-b.co.uk", "m.example.org"]
WORDS = ["hello", "swift", "rules", "json", "fast", "coffee", "tea", "beijing", "shanghai", "cat", "dog", "music",
         "travel", "photo", "code", "night", "rain", "blue", "green", "river"]
MODELS = ["iPhone15,3", "iPhone14,2", "iPhone16,1", "SM-G998", "Pixel 8", "MI 13", "P60"]
LOCALES = ["zh_CN", "en_US", "zh_TW", "ja_JP", "en_GB"]


def digits(n):
    return f"{randrange(10 ** n):0{n}d}"


def wrong_type(valid_text):
    t = choice(WRONG_TYPES)
    if t == "number":
        d = "".join(c for c in valid_text if c.isdigit() and c.isascii())
        return int(d[:15] or "0")
    if t == "object":
        return {"value": valid_text}
    if t == "array":
        return [valid_text]
    return t  # None (null), True, False


def with_emoji(s):
    i = randrange(len(s) + 1)
    return s[:i] + choice(EMOJI) + s[i:]


def phone():
    ok = choice(PHONE_OK) + digits(8)
    if rand() >= INVALID_RATE:
        return ok
    k = randrange(12)
    if k == 0: return MISSING
    if k == 1: return wrong_type(ok)
    if k == 2: return ok.translate(FULLWIDTH)
    if k == 3: return with_emoji(ok)
    if k == 4: return ok + "\n"
    if k == 5: return ok[:randrange(1, 11)]
    if k == 6: return ok + digits(randrange(1, 4))
    if k == 7: return choice(PHONE_BAD_PREFIX) + digits(8)
    if k == 8: return "+86" + ok
    if k == 9: return choice([" ", ""]) + ok + " "
    if k == 10: return ok[:3] + "-" + ok[3:7] + "-" + ok[7:]
    return ""


def email_ok():
    local = choice(NAMES) + (str(randrange(10000)) if rand() < 0.7 else "")
    if rand() < 0.01:  # long but legal: exactly 254 characters, or a bit less
        dom = "example.com"
        local = "u" * (254 - 1 - len(dom) - randrange(3))
        return local + "@" + dom
    tld = choice(["com", "cn", "org", "net", "io", "photography", "museum"])
    return local + "@" + choice(DOMAINS).rsplit(".", 1)[0] + "." + tld


def email():
    ok = email_ok()
    if rand() >= INVALID_RATE:
        return ok
    k = randrange(13)
    if k == 0: return MISSING
    if k == 1: return wrong_type(ok)
    if k == 2: return ok.replace("@", "")
    if k == 3: return ok.replace("@", "@@", 1)
    if k == 4: return ok + "\n"
    if k == 5: return ok.replace("@", "＠")
    if k == 6: return with_emoji(ok.split("@")[0]) + "@" + ok.split("@")[1]
    if k == 7: return ok.split("@")[0] + "@" + choice(CJK) + "例子.cn"
    if k == 8: return ok.rsplit(".", 1)[0] + "." + choice(["c", "c0m", "x" * 64, ""])
    if k == 9: return ok.split("@")[0] + "@b..cn"
    if k == 10: return "u" * (255 - len("@example.com") + randrange(40)) + "@example.com"  # matches, too long
    if k == 11: return " " + ok
    return ok.replace("@", " at ")


def password():
    ok = "".join(rnd.choices(PASSWORD_CHARS, k=randrange(6, 21)))
    if rand() >= INVALID_RATE:
        return ok
    k = randrange(12)
    if k == 0: return MISSING
    if k == 1: return wrong_type(ok) if randrange(2) else randrange(100000, 10**9)
    if k == 2: return ok[:randrange(0, 6)]
    if k == 3: return ok + "".join(choice("abc123") for _ in range(21 - len(ok) + randrange(5)))
    if k == 4: return ok[:-1] + choice("!_-. @#")
    if k == 5: return ok + "\n"
    if k == 6: return with_emoji(ok)
    if k == 7: return ok[:-2] + choice(CJK)
    if k == 8: return ok.translate(FULLWIDTH) if any(c.isdigit() for c in ok) else ok + "１"
    if k == 9: return "ａｂｃ" + ok[3:]
    if k == 10: return " " + ok
    return ok + "\t"


def plate_ok():
    head = choice(PROVINCES) + choice(LETTERS)
    r = randrange(10)
    if r < 6: return head + "".join(rnd.choices(ALNUM, k=5))
    if r < 7: return head + "".join(rnd.choices(ALNUM, k=4)) + choice(SUFFIX)
    if r < 9: return head + choice("DF") + choice(ALNUM) + digits(4)
    return head + digits(5) + choice("DF")


def plate():
    ok = plate_ok()
    if rand() >= INVALID_RATE:
        return ok
    k = randrange(13)
    if k == 0: return MISSING
    if k == 1: return wrong_type(ok)
    if k == 2: return ok[0] + choice("IO") + ok[2:]
    if k == 3: return ok[:2] + choice("IO") + ok[3:]
    if k == 4: return ok[0] + ok[1].lower() + ok[2:]
    if k == 5: return choice("中港台A") + ok[1:]
    if k == 6: return ok[:6]
    if k == 7: return ok[:2] + digits(7)  # 9 characters
    if k == 8: return ok[:2] + digits(6)  # 8 characters, no D or F
    if k == 9: return ok[:2] + "|" + digits(5)
    if k == 10: return ok + "\n"
    if k == 11: return ok[:2] + digits(5).translate(FULLWIDTH)
    return with_emoji(ok)


def id_check(s17):
    return ID_CHECK[sum(int(c) * w for c, w in zip(s17, ID_WEIGHTS)) % 11]


def id_ok():
    body = (choice("123456789") + digits(5) + choice(["18", "19", "19", "20"]) + digits(2)
            + f"{randrange(1, 13):02d}" + f"{randrange(1, 32):02d}" + digits(3))
    return body + id_check(body)


def id_number():
    ok = id_ok()
    if rand() >= INVALID_RATE:
        return ok
    k = randrange(12)
    if k <= 2:  # bad checksum, the most common real-world error
        return ok[:17] + choice([c for c in "0123456789X" if c != ok[17]])
    if k == 3: return MISSING
    if k == 4: return wrong_type(ok)
    if k == 5: return ok[:17] + "x" if ok[17] == "X" else ok[:6] + ok[8:]  # lowercase x, or 16 digits
    if k == 6: return ok[:6] + ok[8:17]  # 15 characters, the old form
    if k == 7: return ok + "\n"
    if k == 8:  # month 13 or day 32, checksum right
        b = ok[:10] + "13" + ok[12:17] if randrange(2) else ok[:12] + "32" + ok[14:17]
        return b + id_check(b)
    if k == 9:  # region starting with 0 or year 17xx, checksum right
        b = "0" + ok[1:17] if randrange(2) else ok[:6] + "17" + ok[8:17]
        return b + id_check(b)
    if k == 10: return ok.translate(FULLWIDTH)
    return with_emoji(ok)


def text(lo, hi, cjk=0.3):
    parts = []
    for _ in range(randrange(lo, hi)):
        r = rand()
        if r < cjk:
            parts.append("".join(choice(CJK) for _ in range(randrange(1, 4))))
        elif r < cjk + 0.03:
            parts.append(choice(EMOJI))
        elif r < cjk + 0.05:
            parts.append(choice(['"quoted"', "back\\slash", "tab\there", "line\nbreak"]))
        else:
            parts.append(choice(WORDS))
    return " ".join(parts)


# Noise texts are drawn from pools built once (speed); which one a record gets is random.
NICKNAMES = [text(1, 2, cjk=0.5) for _ in range(2000)]
BIOS = [text(0, 3, cjk=0.2) for _ in range(5000)]
MISSING = object()
dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
dumps_ascii = json.JSONEncoder(ensure_ascii=True, separators=(",", ":")).encode


def record(i):
    r = {"id": i, "kind": "signup",
         "created_at": f"2026-{randrange(1, 12):02d}-{randrange(1, 29):02d}T{randrange(24):02d}:{randrange(60):02d}:{randrange(60):02d}Z"}
    for name, make in (("phone", phone), ("email", email), ("password", password), ("plate", plate), ("id_number", id_number)):
        v = make()
        if v is not MISSING:
            r[name] = v
    r["profile"] = {"nickname": choice(NICKNAMES), "tags": rnd.choices(WORDS, k=3),
                    "bio": choice(BIOS), "age": randrange(16, 90)}
    r["device"] = {"os": choice(["iOS", "Android"]), "version": f"{randrange(10, 18)}.{randrange(10)}",
                   "model": choice(MODELS), "locale": choice(LOCALES)}
    r["ts"] = 1_790_000_000_000 + randrange(10**10)
    if rand() < ESCAPED_RATE:
        line = dumps_ascii(r)
        if rand() < 0.3:  # an escaped ASCII digit inside a checked field: still the same text
            line = line.replace('"phone":"1', '"phone":"\\u0031', 1)
        return line
    return dumps(r)


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
    out = sys.stdout.buffer
    total = 0
    for start in range(1, n + 1, 10000):
        data = ("\n".join(record(i) for i in range(start, min(start + 10000, n + 1))) + "\n").encode()
        total += len(data)
        out.write(data)
    out.flush()
    print(f"gen.py: {n} records, {total} bytes, average {total / max(n, 1):.1f} bytes per record", file=sys.stderr)


if __name__ == "__main__":
    main()
