#!/usr/bin/env python3
"""Differential test of `expr:` formulas: Sift against an independent Python evaluation.

It writes N generated orders as JSON Lines (numbers written as exact decimal text, never through
float), a pack with several formulas on `order_id` (each with its own reason code, f.*), and
evaluates every formula in Python with decimal.Decimal (50 digits) following docs/RULES.md,
"Expressions: expr":

- numbers are exact decimals read from their JSON text; a text such as "ten" (or "5"), true,
  null, or a missing field used as a number stops the formula (the record fails with the
  formula's code), except that `==`/`!=` take null as a value: `shipping == 0` is false and
  `shipping != 0` true when shipping is null (Sift's behaviour; the docs do not say);
- `tolerance: t`: a and b are close when |a - b| <= t; `==` is close, `!=` not close,
  `<=` is `a < b or close`, `<` is `a < b and not close` (and `>=`, `>` likewise);
- `and`/`or` read left to right and stop reading once decided; `if` reads only its branch;
- `sum` of no elements is 0, `min`/`max` of no elements stop, division by 0 stops;
- `any`/`all`: an element without the field counts as false.

It then runs `sift run` once over the file and compares, per record, the set of reason codes
that failed. It prints the counts, how many records failed each formula, and the first 10
mismatches; the exit code is 1 on any mismatch, 2 when Sift could not run.

Usage: scripts/expr-differential [--records N] [--seed S] [--sift PATH] [--keep DIR]
                                 [--missing-qty RATE]
--missing-qty RATE drops `qty` from that share of items (default 0), to exercise `any`/`all`
over elements without the field.
"""
import argparse
import json
import os
import random
import sys
import tempfile
from decimal import Decimal, getcontext

from sift_results import default_sift, run_results

getcontext().prec = 50

PACK_NAME = "orders-diff"
MISSING = object()  # a field that is not in the record


class Stop(Exception):
    """The formula cannot be checked (the record fails with the formula's reason code)."""


# ---------------------------------------------------------------- generating orders

def dec_text(value, rng):
    """The exact decimal text of a Decimal; now and then in an equivalent exponent form."""
    text = format(value, "f")
    if rng.random() < 0.01 and "." in text:
        places = len(text.split(".")[1])
        return f"{int(text.replace('.', ''))}e-{places}"  # 19.90 as 1990e-2
    return text


def gen_price(rng):
    """A price with 0-3 decimal places; mostly ordinary, some near 0.5 and 1000, a few above."""
    kind = rng.random()
    places = rng.choice((0, 1, 2, 2, 2, 3))
    if kind < 0.05:  # around the 0.5 boundary of f.cheap (tolerance 0.05)
        return rng.choice(("0.1", "0.4", "0.449", "0.45", "0.451", "0.5", "0.55", "0.6"))
    if kind < 0.08:  # around the 1000 cap of f.items
        return rng.choice(("999.999", "1000", "1000.0", "1000.001", "1000.5"))
    if kind < 0.10:
        low, high = 1001, 5000
    elif kind < 0.15:
        low, high = 200, 1000
    else:
        low, high = 0, 200
    scale = 10 ** places
    units = rng.randint(max(low * scale, 1), high * scale)
    return format(Decimal(units).scaleb(-places), "f")


def gen_items(rng, missing_qty):
    """0-6 item lines; qty 1-20, sometimes 0, and (with --missing-qty) sometimes absent."""
    count = rng.choice((0, 1, 1, 2, 2, 3, 3, 4, 5, 6))
    items = []
    for _ in range(count):
        item = {"price": Decimal(gen_price(rng))}
        if rng.random() >= missing_qty:
            item["qty"] = Decimal(0 if rng.random() < 0.03 else rng.randint(1, 20))
        items.append(item)
    return items


def gen_discount(rng, subtotal):
    """MISSING 40%, else null, 0, near half the subtotal (the f.discount bound) or small."""
    roll = rng.random()
    if roll < 0.40:
        return MISSING
    if roll < 0.46:
        return None
    if roll < 0.52:
        return Decimal(0)
    if roll < 0.64:
        delta = rng.choice(("-0.01", "-0.001", "0", "0.001", "0.01", "0.5"))
        return max(Decimal(0), subtotal / 2 + Decimal(delta))
    cap = min(subtotal * Decimal("0.3"), Decimal(50))
    return Decimal(rng.randint(0, int(cap * 100))).scaleb(-2)


def gen_shipping(rng, subtotal):
    """Free over 100 (mostly); ~2% missing, null or the text 'ten'; ~1% negative."""
    roll = rng.random()
    if roll < 0.008:
        return MISSING
    if roll < 0.016:
        return "ten"
    if roll < 0.020:
        return None
    if roll < 0.030:
        return Decimal("-1.50")
    if subtotal > 100 and rng.random() < 0.85:
        return Decimal(0)
    return Decimal(rng.choice((0, 0, 299, 499, 500, 999, 1500))).scaleb(-2)


def gen_total(rng, correct):
    """Correct in ~70%; off by 0.001..0.02 in ~15%; off by a lot in ~15%."""
    roll = rng.random()
    sign = rng.choice((-1, 1))
    if roll < 0.70:
        return correct
    if roll < 0.85:
        return correct + sign * Decimal(rng.randint(1, 20)).scaleb(-3)
    return correct + sign * Decimal(rng.randint(100, 50000)).scaleb(-2)


def gen_order(rng, index, missing_qty):
    items = gen_items(rng, missing_qty)
    subtotal = sum((i["price"] * i.get("qty", 0) for i in items), Decimal(0))
    discount = gen_discount(rng, subtotal)
    shipping = gen_shipping(rng, subtotal)
    paid_discount = discount if isinstance(discount, Decimal) else Decimal(0)
    paid_shipping = shipping if isinstance(shipping, Decimal) else Decimal(0)
    order = {"order_id": f"O{index:06d}", "items": items}
    if discount is not MISSING:
        order["discount"] = discount
    if shipping is not MISSING:
        order["shipping"] = shipping
    order["total"] = gen_total(rng, subtotal - paid_discount + paid_shipping)
    return order


def to_json(value, rng):
    """JSON text with every Decimal written as its exact decimal text."""
    if isinstance(value, dict):
        return "{" + ",".join(f"{json.dumps(k)}:{to_json(v, rng)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ",".join(to_json(v, rng) for v in value) + "]"
    if isinstance(value, Decimal):
        return dec_text(value, rng)
    return json.dumps(value)


# ---------------------------------------------------------------- the semantics

def field(record, name):
    return record.get(name, MISSING) if isinstance(record, dict) else MISSING


def describe(value):
    if value is MISSING:
        return "missing"
    if value is None:
        return "null"
    return repr(value)


def num(value, name):
    """The value as a number, or Stop (missing, null, text, true/false, object, list)."""
    if isinstance(value, Decimal):
        return value
    raise Stop(f"{name} is {describe(value)}, not a number")


def column(record, path):
    """`items[*].price`: one value per element (MISSING where the element has no field)."""
    list_name, name = path.split("[*].")
    elements = field(record, list_name)
    if not isinstance(elements, list):
        raise Stop(f"{list_name} is {describe(elements)}, not a list")
    return [field(e, name) for e in elements]


def count(record, list_name):
    """count(items[*]): the number of elements."""
    elements = field(record, list_name)
    if not isinstance(elements, list):
        raise Stop(f"{list_name} is {describe(elements)}, not a list")
    return Decimal(len(elements))


def numbers(record, path):
    return [num(v, path) for v in column(record, path)]


def coalesce(*values):
    for value in values:
        if value is not MISSING and value is not None:
            return value
    return None


def compare(a, op, b, tolerance):
    """A comparison of two numbers, lenient by the formula's tolerance."""
    close = abs(a - b) <= tolerance
    return {
        "==": close,
        "!=": not close,
        "<=": a < b or close,
        ">=": a > b or close,
        "<": a < b and not close,
        ">": a > b and not close,
    }[op]


def equal(a, op, b, tolerance, name):
    """`==`/`!=` of a field's value with a number: null is simply unequal to a number (no stop);
    missing, a text or true/false stops, as in ordered comparisons."""
    if a is None or b is None:
        return (a is None and b is None) == (op == "==")
    return compare(num(a, name), op, num(b, name), tolerance)


def each(record, path, op, bound, tolerance):
    """`path op bound` element by element for any/all: an element without the field is false."""
    out = []
    for value in column(record, path):
        out.append(False if value is MISSING else compare(num(value, path), op, bound, tolerance))
    return out


def least(values, path):
    if not values:
        raise Stop(f"{path} has no elements")
    return min(values)


def most(values, path):
    if not values:
        raise Stop(f"{path} has no elements")
    return max(values)


def divide(a, b, name):
    if b == 0:
        raise Stop(f"{name} is 0, and nothing is divided by 0")
    return a / b


# ---------------------------------------------------------------- the formulas

def subtotal(r):
    """sum(items[*].price * items[*].qty)"""
    prices, qtys = numbers(r, "items[*].price"), numbers(r, "items[*].qty")
    return sum((p * q for p, q in zip(prices, qtys)), Decimal(0))


def f_total(r, t):
    total = field(r, "total")
    if total is MISSING:
        raise Stop("total is missing")
    paid = subtotal(r) - num(coalesce(field(r, "discount"), Decimal(0)), "coalesce(discount, 0)")
    return equal(total, "==", paid + num(field(r, "shipping"), "shipping"), t, "total")


def f_shipping(r, t):
    if compare(num(field(r, "total"), "total"), ">", Decimal(100), t):
        return equal(field(r, "shipping"), "==", Decimal(0), t, "shipping")
    return compare(num(field(r, "shipping"), "shipping"), ">=", Decimal(0), t)


def f_items(r, t):
    if compare(count(r, "items"), "==", Decimal(0), t):
        return True
    return compare(most(numbers(r, "items[*].price"), "items[*].price"), "<=", Decimal(1000), t)


def f_discount(r, t):
    discount = num(coalesce(field(r, "discount"), Decimal(0)), "coalesce(discount, 0)")
    return compare(discount, "<=", subtotal(r) / 2, t)


def f_qty(r, t):
    if not all(each(r, "items[*].qty", ">", Decimal(0), t)):
        return False
    return compare(least(numbers(r, "items[*].qty"), "items[*].qty"), "<=", Decimal(10), t)


def f_cheap(r, t):
    if compare(count(r, "items"), ">=", Decimal(4), t):
        return True
    return not any(each(r, "items[*].price", "<", Decimal("0.5"), t))


def f_bulk(r, t):
    if not any(each(r, "items[*].qty", ">=", Decimal(15), t)):
        return True
    return compare(num(field(r, "total"), "total"), ">=", Decimal(50), t)


def f_avg(r, t):
    qty = sum(numbers(r, "items[*].qty"), Decimal(0))
    return compare(divide(qty, count(r, "items"), "count(items[*])"), "<=", Decimal(10), t)


def f_net(r, t):
    net = num(field(r, "total"), "total") - num(field(r, "shipping"), "shipping")
    discount = num(coalesce(field(r, "discount"), Decimal(0)), "coalesce(discount, 0)")
    return compare(net, ">", -discount, t)


def f_free(r, t):
    if equal(field(r, "shipping"), "!=", Decimal(0), t, "shipping"):
        return True
    return compare(num(field(r, "total"), "total"), ">=", Decimal(25), t)


# (reason code, formula as Sift reads it, tolerance or None, the Python reading)
FORMULAS = [
    ("f.total", "total == sum(items[*].price * items[*].qty) - coalesce(discount, 0) + shipping",
     "0.005", f_total),
    ("f.shipping", "if total > 100 then shipping == 0 else shipping >= 0", None, f_shipping),
    ("f.items", "count(items[*]) == 0 or max(items[*].price) <= 1000", None, f_items),
    ("f.discount", "coalesce(discount, 0) <= sum(items[*].price * items[*].qty) / 2", None,
     f_discount),
    ("f.qty", "all(items[*].qty > 0) and min(items[*].qty) <= 10", None, f_qty),
    ("f.cheap", "count(items[*]) >= 4 or not any(items[*].price < 0.5)", "0.05", f_cheap),
    ("f.bulk", "not any(items[*].qty >= 15) or total >= 50", None, f_bulk),
    ("f.avg", "sum(items[*].qty) / count(items[*]) <= 10", None, f_avg),
    ("f.net", "total - shipping > -coalesce(discount, 0)", "0.01", f_net),
    ("f.free", "shipping != 0 or total >= 25", "0.005", f_free),
]


def expected(record):
    """{reason code: why} for every formula that fails or stops on the record."""
    failed = {}
    for code, _, tolerance, check in FORMULAS:
        try:
            if not check(record, Decimal(tolerance or 0)):
                failed[code] = "is false"
        except Stop as stop:
            failed[code] = f"cannot be checked: {stop}"
    return failed


# ---------------------------------------------------------------- files, Sift, comparison

def write_pack(path):
    lines = ["version: 1", f"pack: {PACK_NAME}", "fields:", "  order_id:"]
    for code, formula, tolerance, _ in FORMULAS:
        lines.append(f"    - expr: {json.dumps(formula)}")
        if tolerance is not None:
            lines.append(f"      tolerance: {tolerance}")
        lines.append(f"      reason: {code}")
    with open(path, "w", encoding="utf-8") as out:
        out.write("\n".join(lines) + "\n")


def write_orders(path, records, seed, missing_qty):
    rng = random.Random(seed)
    with open(path, "w", encoding="utf-8") as out:
        for index in range(records):
            out.write(to_json(gen_order(rng, index, missing_qty), rng) + "\n")


def read_orders(path):
    """The records as written, numbers read back as exact Decimals (never floats)."""
    with open(path, encoding="utf-8") as lines:
        return [(text.rstrip("\n"), json.loads(text, parse_float=Decimal, parse_int=Decimal))
                for text in lines]


def fail(message):
    print(f"expr-differential: {message}", file=sys.stderr)
    sys.exit(2)


def run_sift(sift, pack, data):
    """{line: {reason: message}} from one `sift run`; exits 2 when Sift fails."""
    return {r["line"]: {v["reason"]: v.get("message", "") for v in r["violations"]}
            for r in run_results(sift, pack, data, "expr-differential")}


def compare_all(orders, verdicts):
    """The mismatches [(line, text, python {code: why}, sift {code: message})] and, per formula,
    how many records Python finds false and how many stopped."""
    mismatches, failures = [], {code: [0, 0] for code, *_ in FORMULAS}
    for line, (text, record) in enumerate(orders, start=1):
        python = expected(record)
        for code, why in python.items():
            failures[code][why.startswith("cannot be checked")] += 1
        sift = verdicts.get(line)
        if sift is None or set(sift) != set(python):
            mismatches.append((line, text, python, sift))
    return mismatches, failures


def report(orders, mismatches, failures):
    print(f"expr-differential: {len(orders)} records, {len(FORMULAS)} formulas, "
          f"{len(mismatches)} mismatches")
    print("records failing each formula (Python's verdict): failed = false + stopped")
    for code, formula, tolerance, _ in FORMULAS:
        false, stopped = failures[code]
        lenient = f"  [tolerance {tolerance}]" if tolerance else ""
        print(f"  {code:<10} {false + stopped:>6} = {false:>5} + {stopped:>4}  {formula}{lenient}")
    for line, text, python, sift in mismatches[:10]:
        print(f"\nline {line}: {text}")
        print(f"  python: {json.dumps(python, sort_keys=True) if python else 'valid'}")
        if sift is None:
            print("  sift:   no result for this line")
        else:
            print(f"  sift:   {json.dumps(sift, sort_keys=True) if sift else 'valid'}")


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--records", type=int, default=10000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sift", default=None, help="the sift binary (default: see docstring)")
    parser.add_argument("--keep", metavar="DIR", help="write the pack and the orders here")
    parser.add_argument("--missing-qty", type=float, default=0.0, metavar="RATE")
    args = parser.parse_args()
    sift = args.sift or default_sift()
    with tempfile.TemporaryDirectory(prefix="expr-diff-") as scratch:
        folder = args.keep or scratch
        os.makedirs(folder, exist_ok=True)
        pack, data = os.path.join(folder, "pack.yaml"), os.path.join(folder, "orders.jsonl")
        write_pack(pack)
        write_orders(data, args.records, args.seed, args.missing_qty)
        orders = read_orders(data)
        verdicts = run_sift(sift, pack, data)
    mismatches, failures = compare_all(orders, verdicts)
    report(orders, mismatches, failures)
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
