"""Shared by the Python peers of scripts/compare: the job's field rules, the GB 11643
checksum, the record loop and the count report (the same lines every program prints)."""
import sys

import orjson

FIELDS = ("phone", "email", "password", "plate", "id_number")

# The job's patterns, exactly as specified (anchored; each peer makes "$" mean the very end).
PATTERNS = {
    "phone": r"^1(3[0-9]|4[57]|5[0-35-9]|6[2567]|7[0-35-8]|8[0-9]|9[0-35-9])[0-9]{8}$",
    "email": r"^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,63}$",
    "password": r"^[a-zA-Z0-9]{6,20}$",
    "plate": r"^[京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼][A-HJ-NP-Z]"
             r"([A-HJ-NP-Z0-9]{4}[A-HJ-NP-Z0-9挂学警港澳]|[DF][A-HJ-NP-Z0-9][0-9]{4}|[0-9]{5}[DF])$",
    "id_number": r"^[1-9][0-9]{5}(18|19|20)[0-9]{2}(0[1-9]|1[0-2])(0[1-9]|[12][0-9]|3[01])[0-9]{3}[0-9X]$",
}
EMAIL_MAX = 254  # characters (code points)

_WEIGHTS = (7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2)
_ZERO = 48 * sum(_WEIGHTS)


def gb11643(s):
    """GB 11643-1999 check character; s already matched the id_number pattern (ASCII)."""
    b = s.encode()
    return "10X98765432"[(sum(map(int.__mul__, b[:17], _WEIGHTS)) - _ZERO) % 11] == s[17]


def records(path):
    """Parsed records of a JSONL file (blank lines skipped)."""
    loads = orjson.loads
    with open(path, "rb") as f:
        for line in f:
            if line.strip():
                yield loads(line)


def report(total, valid, failed):
    """Prints the counts: failed maps field -> number of records where it failed."""
    out = [f"total {total}", f"valid {valid}", f"invalid {total - valid}"]
    out += [f"{name} {failed[name]}" for name in FIELDS]
    sys.stdout.write("\n".join(out) + "\n")
