"""Shared by the Python peers of the order-review job (Benchmarks/job/order-review.yaml):
its patterns and lists, the checks JSON Schema cannot express (a real date not after the
as-of time, a length in graphemes, the Luhn and GB 11643 check digits), the record loop
and the count report (the same lines every program prints)."""
import re
import sys

from common import gb11643, records  # noqa: F401  (GB 11643 and the JSONL loop are the sign-up job's)

# The order of the printed counts (Benchmarks/job/jobs.py).
FIELDS = ("order_id", "status", "country", "currency", "amount", "created", "customer.name",
          "customer.phone", "customer.id_number", "customer.email", "payment.method", "payment.account",
          "payment.phone", "shipping.phone", "items[*].sku", "items[*].qty", "coupon", "items",
          "payment.card_token|payment.wallet")

# The job's patterns, exactly as written, anchored (each peer makes "$" mean the very end).
CN_MOBILE = r"^1(3[0-9]|4[57]|5[0-35-9]|6[2567]|7[0-35-8]|8[0-9]|9[0-35-9])[0-9]{8}$"
PATTERNS = {
    "order_id": r"^ORD-[0-9]{8}$",
    "phone": CN_MOBILE,
    "id_number": r"^[1-9][0-9]{16}[0-9X]$",
    "email": r"^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,63}$",
    "sku": r"^SKU-[0-9]{6}$",
    "coupon": r"^C[0-9]{6}$",
    "date": r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$",  # the yyyy-MM-dd layout; date_ok does the rest
    "digits": r"^[0-9]{2,}$",                # what luhn reads
}

STATUSES = ("pending", "paid", "packed", "shipped", "delivered", "cancelled")
COUNTRIES = tuple("CN HK MO TW JP KR SG MY TH VN ID PH IN AU NZ US CA MX BR AR CL GB IE FR DE NL BE LU CH AT "
                  "IT ES PT SE NO DK FI PL CZ HU GR TR IL AE SA QA EG ZA NG KE".split())
CN_CURRENCIES = ("CNY",)                                     # when country is CN
CURRENCIES = ("CNY", "USD", "EUR", "JPY", "HKD", "GBP")      # else
METHODS = ("card", "alipay", "wechat_pay", "apple_pay", "bank_transfer")
COUPON_WORDS = ("NONE",)                                     # any: [C + 6 digits, NONE]
RESERVED_COUPONS = ("C000000", "C999999")                    # not: {enum: [...]}
TOTAL_MAX = 50000                                            # 0 < amount <= 50000
QTY_MIN, QTY_MAX = 1, 99
NAME_MIN, NAME_MAX = 1, 12                                   # graphemes
EMAIL_MAX = 254                                              # characters (code points)
NOW = "2026-11-21"  # --as-of 2026-11-21T00:00:00Z: a yyyy-MM-dd date (UTC midnight) is not after it iff <= this

_DAYS = (0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


def date_ok(s):
    """s already matched the yyyy-MM-dd pattern (ASCII digits): a real date (no year 0000,
    no 30 February) and not after the as-of time."""
    if s > NOW:
        return False
    y, m, d = int(s[:4]), int(s[5:7]), int(s[8:10])
    if y == 0 or not 1 <= m <= 12 or d < 1:
        return False
    return d <= _DAYS[m] or (m == 2 and d == 29 and y % 4 == 0 and (y % 100 != 0 or y % 400 == 0))


_LUHN_DOUBLE = bytes.maketrans(b"0123456789", bytes((0, 2, 4, 6, 8, 1, 3, 5, 7, 9)))


def luhn(s):
    """Luhn check digit of a text of at least two ASCII digits (a number and its check
    digit, as Sift requires); anything else fails."""
    if len(s) < 2 or not (s.isascii() and s.isdigit()):
        return False
    b = s.encode()[::-1]
    odd = b[0::2]
    return (sum(odd) - 48 * len(odd) + sum(b[1::2].translate(_LUHN_DOUBLE))) % 10 == 0


# --- Length in graphemes -----------------------------------------------------------------
_EXTEND = "\u0300-\u036f\u200c\ufe00-\ufe0f\U0001F3FB-\U0001F3FF"   # combining marks, ZWNJ, VS1-16, skin tones
_RI = "\U0001F1E6-\U0001F1FF"                                     # regional indicators
_PICT = "\u2600-\u27bf\U0001F000-\U0001F1E5\U0001F200-\U0001F3FA\U0001F400-\U0001FAFF"  # pictographs
_CONTROL = "\x00-\x1f\x7f-\x9f"                                  # C0, DEL, C1 (CR and LF among them)
_SPECIAL = re.compile(f"[{_EXTEND}\u200d{_RI}{_CONTROL}]").search
_CLUSTER = re.compile(f"\r\n|[{_CONTROL}]|(?:[{_RI}]{{2}}|[{_PICT}](?:[{_EXTEND}]*\u200d[{_PICT}])*|.)[{_EXTEND}\u200d]*",
                      re.S).findall


def graphemes(s):
    """Number of extended grapheme clusters (UAX #29) of s, for the texts gen_orders.py
    writes: CJK, ASCII, single emoji, ZWJ sequences (a family is one), regional-indicator
    flags (pairs from the start of a run), combining marks U+0300-036F (e + U+0301),
    skin-tone modifiers U+1F3FB-1F3FF, variation selectors (U+2764 U+FE0F) and ZWNJ.
    Rules used: GB3-5 (CR LF is one; a C0/C1 control stands alone), GB9 (no break before
    Extend or ZWJ), GB11 (pictograph Extend* ZWJ x pictograph, with pictographs approximated
    by U+2600-27BF and U+1F000-1FAFF less the indicators and skin tones), GB12/13 (indicator
    pairs); everything else breaks. Not covered: Hangul syllables and jamo (GB6-8),
    SpacingMark and Prepend (GB9a/b), Indic conjuncts (GB9c), other Format controls, and
    the full Extend and Extended_Pictographic property tables (other scripts' marks)."""
    if not _SPECIAL(s):
        return len(s)
    return len(_CLUSTER(s))


def name_ok(v):
    """customer.name: a text of 1 to 12 graphemes. `length` also measures a list, by its
    number of items (docs/RULES.md), so a list of 1 to 12 items passes too."""
    t = type(v)
    if t is str:
        return NAME_MIN <= graphemes(v) <= NAME_MAX
    return t is list and NAME_MIN <= len(v) <= NAME_MAX


# --- JSON Schema: what it can express of each field, one sub-schema per field ------------
def _at(path, prop, required=True):
    """A record-level schema putting prop at a dotted path; each object on the way must be
    present and an object when the field is required (a missing parent is a missing field)."""
    *parents, name = path.split(".")
    schema = {"properties": {name: prop}}
    if required:
        schema["required"] = [name]
    for parent in reversed(parents):
        schema = {"properties": {parent: schema}}
        if required:
            schema["properties"][parent]["type"] = "object"
            schema["required"] = [parent]
    return schema


def _string(name):
    return {"type": "string", "pattern": PATTERNS[name]}


def _if_sibling(name, value, then):
    """if the sibling `name` is the text `value` (absent, null or anything else: no) then ..."""
    return {"if": {"required": [name], "properties": {name: {"const": value}}}, "then": then}


def _items(name, prop):
    item = {"type": "object", "required": [name], "properties": {name: prop}}
    return {"required": ["items"], "properties": {"items": {"type": "array", "items": item}}}


NOT_NULL = ["string", "number", "boolean", "object", "array"]


def _given(name):
    """Present and not null: what exactly_one_of counts."""
    return {"required": [name], "properties": {name: {"type": NOT_NULL}}}


def skus_unique(items):
    """items: unique_by sku: no two elements with the same sku, by JSON value (elements that
    are not objects, or have no sku, are skipped; gen_orders.py writes SKUs as text)."""
    seen = set()
    for it in items:
        if type(it) is dict and "sku" in it:
            v = it["sku"]
            key = (type(v).__name__, v) if type(v) in (str, bool) or v is None else repr(v)
            if key in seen:
                return False
            seen.add(key)
    return True


def one_way_to_pay(p):
    """record: exactly_one_of [payment.card_token, payment.wallet] (given: present, not null)."""
    if type(p) is not dict:
        return False
    return (p.get("card_token") is not None) + (p.get("wallet") is not None) == 1
FIELD_SCHEMAS = (
    _at("order_id", _string("order_id")),
    _at("status", {"enum": list(STATUSES)}),
    _at("country", {"enum": list(COUNTRIES)}),
    {"required": ["currency"], **_if_sibling("country", "CN", {"properties": {"currency": {"enum": list(CN_CURRENCIES)}}}),
     "else": {"properties": {"currency": {"enum": list(CURRENCIES)}}}},
    _at("amount", {"type": "number", "exclusiveMinimum": 0, "maximum": TOTAL_MAX}),
    _at("created", _string("date")),                                    # + date_ok
    _at("customer.name", {"type": ["string", "array"], "minLength": NAME_MIN,  # + graphemes <= 12
                          "minItems": NAME_MIN, "maxItems": NAME_MAX}),
    _at("customer.phone", _string("phone")),
    {"properties": {"customer": _if_sibling("id_type", "resident", {"properties": {"id_number": {  # + gb11643
        "type": ["string", "null"], "pattern": PATTERNS["id_number"]}}})}},
    _at("customer.email", {**_string("email"), "maxLength": EMAIL_MAX}),
    _at("payment.method", {"enum": list(METHODS)}),
    {"required": ["payment"], "properties": {"payment": {                  # + luhn
        "type": "object", "required": ["account"], "properties": {"account": {"type": NOT_NULL}},
        **_if_sibling("method", "card", {"properties": {"account": _string("digits")}})}}},
    _at("payment.phone", {"type": ["string", "null"], "pattern": PATTERNS["phone"]}, required=False),
    _at("shipping.phone", _string("phone")),
    _items("sku", _string("sku")),
    _items("qty", {"type": "integer", "minimum": QTY_MIN, "maximum": QTY_MAX}),
    _at("coupon", {"type": ["string", "null"], "anyOf": [{"pattern": PATTERNS["coupon"]}, {"enum": list(COUPON_WORDS)}],
                   "not": {"enum": list(RESERVED_COUPONS)}}, required=False),
    {"required": ["items"], "properties": {"items": {"type": "array"}}},  # + skus_unique
    {"required": ["payment"], "properties": {"payment": {"type": "object", "oneOf": [_given("card_token"), _given("wallet")]}}},
)
F_CREATED, F_NAME, F_ID_NUMBER, F_ACCOUNT, F_ITEMS = (FIELDS.index(n) for n in (
    "created", "customer.name", "customer.id_number", "payment.account", "items"))


def beyond_schema(r, bad):
    """Indices of the fields failing the checks the schema leaves to Python (a real date not
    after now, at most 12 graphemes, GB 11643, Luhn), judged only for fields not in bad:
    their schema passed, so their values have the right type and layout."""
    out = []
    if F_CREATED not in bad and not date_ok(r["created"]):
        out.append(F_CREATED)
    if F_NAME not in bad:
        v = r["customer"]["name"]
        if type(v) is str and graphemes(v) > NAME_MAX:
            out.append(F_NAME)
    if F_ID_NUMBER not in bad:
        c = r.get("customer")
        if type(c) is dict and c.get("id_type") == "resident":
            v = c.get("id_number")
            if v is not None and not gb11643(v):
                out.append(F_ID_NUMBER)
    if F_ACCOUNT not in bad:
        p = r["payment"]
        if p.get("method") == "card" and not luhn(p["account"]):
            out.append(F_ACCOUNT)
    if F_ITEMS not in bad and not skus_unique(r["items"]):
        out.append(F_ITEMS)
    return out


def tally(failed, bad):
    """Counts a record's failed fields (indices into FIELDS) in failed; 1 when it is valid."""
    for i in bad:
        failed[i] += 1
    return 0 if bad else 1


def report(total, valid, failed):
    """Prints the counts; failed holds, in the order of FIELDS, the number of records in
    which each field had at least one violation."""
    out = [f"total {total}", f"valid {valid}", f"invalid {total - valid}"]
    out += [f"{name} {n}" for name, n in zip(FIELDS, failed)]
    sys.stdout.write("\n".join(out) + "\n")
