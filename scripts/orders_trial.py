#!/usr/bin/env python3
"""The orders trial of issue 60: does a pack written from the docs catch every injected fault?

It generates N orders (JSON Lines, numbers written as exact decimal text, never through float).
About 60% are clean; each of the others carries exactly one fault of 12 kinds, in roughly equal
shares, labelled here and never in the record:

   1 wrong_total          total != sum(price x qty) - discount + shipping (with and without a discount)
   2 duplicate_sku        the same SKU twice in an order's items
   3 bad_status           a status outside pending/paid/shipped/delivered/cancelled
   4 shipped_no_tracking  a shipped (or delivered) order without tracking
   5 ship_time            shipped_at more than 7 days after created_at, or before it
   6 price_decimals       a price with more than 2 decimals
   7 missing_required     no order_id, or no customer email (absent or null)
   8 bad_email            an email that is not one
   9 bad_qty              a quantity of 0, negative, or not a whole number
  10 payment              both payment.card and payment.wallet, or neither
  11 discount_exceeds     a discount larger than the subtotal
  12 unknown_key          a top-level key the closed record does not name (`stauts`)

Every other rule still holds in a faulty record (the total is recomputed after a fault that
changes the lines, a discount is dropped when a bad quantity makes it exceed the subtotal), so
each fault must be caught on its own. It runs `sift run --rules Examples/orders-trial/orders.yaml`
once over the file and checks: every clean record valid; every faulty record invalid and
reporting one of the reason codes expected for its kind (EXPECTED below). A faulty record that
also reports a code outside its kind's list is counted as "other" (shown, not a failure).

Usage: scripts/orders-trial [--records N] [--seed S] [--sift PATH] [--keep FILE]
Default binary: $SIFT, else .build/release/sift when newer, else .build/debug/sift.
Exit 0 when every fault is caught and no clean record is rejected, 1 otherwise, 2 when Sift fails.
"""
import argparse
import json
import os
import random
import sys
import tempfile
from datetime import datetime, timedelta, timezone
from decimal import Decimal, getcontext

from sift_results import default_sift, run_results

getcontext().prec = 50

PACK = "Examples/orders-trial/orders.yaml"
CENT = Decimal("0.01")
STATUSES = ["pending", "paid", "shipped", "delivered", "cancelled"]
SHIPPED = ("shipped", "delivered")
WALLETS = ["apple_pay", "google_pay", "paypal"]

# fault kind -> the reason codes that catch it (any one of them)
EXPECTED = {
    "wrong_total": {"total.mismatch"},
    "duplicate_sku": {"items.unique_by"},
    "bad_status": {"status.enum"},
    "shipped_no_tracking": {"tracking.required"},
    "ship_time": {"shipped_at.too_late", "shipped_at.before_created"},
    "price_decimals": {"items[*].price.decimals"},
    "missing_required": {"order_id.required", "customer.email.required"},
    "bad_email": {"customer.email.regex", "customer.email.trimmed"},
    "bad_qty": {"items[*].qty.range", "items[*].qty.type"},
    "payment": {"record.exactly_one_of"},
    "discount_exceeds": {"discount.exceeds_subtotal"},
    "unknown_key": {"record.unknown_field", "status.required"},
}
KINDS = list(EXPECTED)


# ---------------------------------------------------------------- clean orders

def money(rng, low, high):
    """A Decimal amount in cents between low and high (in cents), e.g. 12.50."""
    return (Decimal(rng.randint(low, high)) * CENT).quantize(CENT)


def timestamp(moment, rng):
    """RFC 3339 text of an aware datetime: mostly UTC with Z, some with an offset, some with ms."""
    shape = rng.random()
    if shape < 0.15:
        local = moment.astimezone(timezone(timedelta(hours=8)))
        return local.strftime("%Y-%m-%dT%H:%M:%S+08:00")
    if shape < 0.25:
        return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def gen_email(rng):
    user = rng.choice(["ada", "bob.smith", "c_lee", "dora+shop", "e-v", "Fay.O"])
    domain = rng.choice(["example.com", "mail.example.org", "shop-1.example.co.uk", "ex.io"])
    return f"{user}{rng.randint(1, 999)}@{domain}"


def gen_items(rng):
    skus = rng.sample(range(1, 100000), rng.randint(1, 5))
    items = []
    for sku in skus:
        price = money(rng, 1, 50000)
        if rng.random() < 0.1:
            price = Decimal(rng.randint(1, 300))  # a whole price, written 7
        items.append({"sku": f"SKU-{sku:05d}", "price": price, "qty": rng.randint(1, 10)})
    return items


def subtotal(order):
    return sum((item["price"] * item["qty"] for item in order["items"]), Decimal(0))


def set_total(order):
    """Writes the right total: sum(price x qty) - discount + shipping, exactly."""
    order["total"] = subtotal(order) - order.get("discount", Decimal(0)) + order["shipping"]


def set_shipment(order, rng, created):
    """A shipped order: tracking, and shipped_at between 0 and exactly 7 days after created_at."""
    order["tracking"] = f"1Z{rng.randint(10**15, 10**16 - 1)}"
    delay = rng.choice([0, 7 * 86400, rng.randint(1, 7 * 86400 - 1), rng.randint(3600, 86400)])
    order["shipped_at"] = timestamp(created + timedelta(seconds=delay), rng)


def gen_clean(rng, number):
    """A valid order; `_created` (a datetime) is kept for the faults and removed when written."""
    created = datetime(2026, 1, 1, tzinfo=timezone.utc) + timedelta(seconds=rng.randint(0, 300 * 86400))
    order = {"kind": "order", "order_id": f"o-{number:06d}", "customer": {"email": gen_email(rng)},
             "status": rng.choice(STATUSES), "created_at": timestamp(created, rng), "_created": created}
    if order["status"] in SHIPPED:
        set_shipment(order, rng, created)
    order["items"] = gen_items(rng)
    if rng.random() < 0.5:
        cap = int(min(subtotal(order), Decimal(40)) * 100)
        order["discount"] = subtotal(order) if rng.random() < 0.05 else money(rng, 0, cap)
    order["shipping"] = Decimal(0) if rng.random() < 0.3 else money(rng, 1, 1500)
    set_total(order)
    if rng.random() < 0.5:
        order["payment"] = {"card": f"tok_{rng.randint(1000, 9999)}"}
    else:
        order["payment"] = {"wallet": rng.choice(WALLETS)}
    return order


# ---------------------------------------------------------------- faults, one per order

def fault_wrong_total(order, rng):
    """Half the orders with a discount, half without; then a total that is off."""
    if rng.random() < 0.5:
        order["discount"] = money(rng, 1, int(min(subtotal(order), Decimal(40)) * 100) or 1)
    else:
        order.pop("discount", None)
    set_total(order)
    variants = {"a cent over": CENT, "a cent under": -CENT, "off": money(rng, 100, 5000) * rng.choice([1, -1])}
    if order["shipping"] > 0:
        variants["shipping left out"] = -order["shipping"]
    if order.get("discount", 0) > 0:
        variants["discount left out"] = order["discount"]
    variant = rng.choice(sorted(variants))
    order["total"] += variants[variant]
    return variant + (" (with discount)" if "discount" in order else " (no discount)")


def fault_duplicate_sku(order, rng):
    if len(order["items"]) == 1:
        order["items"].append({"sku": "SKU-00000", "price": money(rng, 1, 5000), "qty": 1})
    first, later = sorted(rng.sample(range(len(order["items"])), 2))
    order["items"][later]["sku"] = order["items"][first]["sku"]
    set_total(order)
    return f"items {first} and {later}"


def fault_bad_status(order, rng):
    order["status"] = rng.choice(["Shipped", "SHIPPED", "shiped", "refunded", "on_hold", "", "paid "])
    return repr(order["status"])


def fault_shipped_no_tracking(order, rng):
    if order["status"] not in SHIPPED:
        order["status"] = rng.choice(SHIPPED)
        set_shipment(order, rng, order["_created"])
    if rng.random() < 0.5:
        del order["tracking"]
        return order["status"] + ", tracking absent"
    order["tracking"] = None
    return order["status"] + ", tracking null"


def fault_ship_time(order, rng):
    if order["status"] not in SHIPPED:
        order["status"] = rng.choice(SHIPPED)
        set_shipment(order, rng, order["_created"])
    created = order["_created"]
    late = rng.choice([1, 60, 3600, 86400, 23 * 86400])
    early = rng.choice([1, 3600, 2 * 86400])
    if rng.random() < 0.6:
        order["shipped_at"] = timestamp(created + timedelta(days=7, seconds=late), rng)
        return f"7 days + {late} s"
    order["shipped_at"] = timestamp(created - timedelta(seconds=early), rng)
    return f"{early} s before created_at"


def fault_price_decimals(order, rng):
    item = rng.choice(order["items"])
    extra = rng.choice([Decimal("0.001") * rng.randint(1, 9), Decimal("0.0001") * rng.randint(1, 99)])
    item["price"] = item["price"].quantize(CENT) + extra
    set_total(order)
    return f"price {item['price']}"


def fault_missing_required(order, rng):
    variant = rng.choice(["order_id absent", "order_id null", "email absent", "email null",
                          "customer absent"])
    if variant == "order_id absent":
        del order["order_id"]
    elif variant == "order_id null":
        order["order_id"] = None
    elif variant == "email absent":
        del order["customer"]["email"]
    elif variant == "email null":
        order["customer"]["email"] = None
    else:
        del order["customer"]
    return variant


def fault_bad_email(order, rng):
    order["customer"]["email"] = rng.choice(
        ["ada.example.com", "ada@", "@example.com", "ada@example", "ada@@example.com",
         "ada smith@example.com", " ada@example.com", "ada@example.com ", "ada@example.c",
         "ada@exa_mple.com", ""])
    return repr(order["customer"]["email"])


def fault_bad_qty(order, rng):
    """A quantity of 0, negative or fractional; the total follows it, and a discount that would
    now exceed the subtotal is dropped (that would be a second fault)."""
    item = rng.choice(order["items"])
    item["qty"] = rng.choice([0, -1, -rng.randint(2, 5), Decimal("1.5"), Decimal("0.5"), Decimal("2.25")])
    if order.get("discount", 0) > subtotal(order):
        order.pop("discount", None)
    set_total(order)
    return f"qty {item['qty']}"


def fault_payment(order, rng):
    variant = rng.choice(["both", "empty payment", "no payment", "both null"])
    if variant == "both":
        order["payment"] = {"card": f"tok_{rng.randint(1000, 9999)}", "wallet": rng.choice(WALLETS)}
    elif variant == "empty payment":
        order["payment"] = {}
    elif variant == "no payment":
        del order["payment"]
    else:
        order["payment"] = {"card": None, "wallet": None}
    return variant


def fault_discount_exceeds(order, rng):
    order["discount"] = subtotal(order) + money(rng, 1, 5000)
    set_total(order)
    return f"discount {order['discount']} over {subtotal(order)}"


def fault_unknown_key(order, rng):
    variant = rng.choice(["stauts beside status", "status renamed stauts", "totl", "coupon", "Status"])
    if variant == "stauts beside status":
        order["stauts"] = order["status"]
    elif variant == "status renamed stauts":
        order["stauts"] = order.pop("status")
    elif variant == "totl":
        order["totl"] = order["total"]
    elif variant == "coupon":
        order["coupon"] = "SAVE10"
    else:
        order["Status"] = order["status"]
    return variant


FAULTS = {kind: globals()["fault_" + kind] for kind in KINDS}


# ---------------------------------------------------------------- writing the file

def to_json(value):
    """JSON text with every Decimal written as its exact decimal text (12.50 stays 12.50)."""
    if isinstance(value, Decimal):
        return format(value, "f")
    if isinstance(value, dict):
        return "{" + ",".join(json.dumps(k) + ":" + to_json(v) for k, v in value.items()
                              if not k.startswith("_")) + "}"
    if isinstance(value, list):
        return "[" + ",".join(to_json(v) for v in value) + "]"
    return json.dumps(value)


def generate(path, records, seed):
    """Writes the orders; returns [(kind or None, variant)] in line order."""
    rng = random.Random(seed)
    labels = []
    with open(path, "w", encoding="utf-8") as out:
        for number in range(1, records + 1):
            order = gen_clean(rng, number)
            kind, variant = None, ""
            if rng.random() >= 0.6:
                kind = rng.choice(KINDS)
                variant = FAULTS[kind](order, rng)
            out.write(to_json(order) + "\n")
            labels.append((kind, variant))
    return labels


# ---------------------------------------------------------------- running Sift

def fail(message):
    print(f"orders-trial: {message}", file=sys.stderr)
    sys.exit(2)


def run_sift(sift, data):
    """{line: (valid, [reason codes])} from one `sift run` (exit 1 only means some record was invalid)."""
    verdicts = {}
    for result in run_results(sift, PACK, data, "orders-trial"):
        reasons = [v["reason"] for v in result.get("violations", [])]
        if "error" in result:
            reasons.append("error: " + str(result["error"]))
        verdicts[result["line"]] = (result["valid"], reasons)
    return verdicts


# ---------------------------------------------------------------- judging the verdicts

def judge(labels, verdicts):
    """Per kind: [injected, caught, other]; the clean records rejected; the misses.
    A miss or a rejection is (line, kind, variant, reasons)."""
    stats = {kind: [0, 0, 0] for kind in KINDS}
    rejected, missed = [], []
    for line, (kind, variant) in enumerate(labels, start=1):
        valid, reasons = verdicts.get(line, (None, ["no result line"]))
        if kind is None:
            if valid is not True:
                rejected.append((line, "clean", variant, reasons))
            continue
        stats[kind][0] += 1
        if valid is False and EXPECTED[kind] & set(reasons):
            stats[kind][1] += 1
            stats[kind][2] += bool(set(reasons) - EXPECTED[kind])
        else:
            missed.append((line, kind, variant, reasons))
    return stats, rejected, missed


def report(labels, stats, rejected, missed):
    print(f"{'fault kind':<22}{'injected':>9}{'caught':>8}{'other':>7}  reason codes expected")
    for number, kind in enumerate(KINDS, start=1):
        injected, caught, other = stats[kind]
        codes = ", ".join(sorted(EXPECTED[kind]))
        print(f"{number:>2} {kind:<19}{injected:>9}{caught:>8}{other:>7}  {codes}")
    clean = sum(1 for kind, _ in labels if kind is None)
    print(f"   {'clean':<19}{clean:>9}{'':>8}{'':>7}  rejected: {len(rejected)}")
    for title, cases in (("missed", missed), ("clean rejected", rejected)):
        for line, kind, variant, reasons in cases[:10]:
            print(f"  {title}: line {line}, {kind} ({variant}): {', '.join(reasons) or 'valid'}")
    faulty = len(labels) - clean
    caught = sum(caught for _, caught, _ in stats.values())
    print(f"orders-trial: {len(labels)} records, {faulty} faulty, caught {caught}, "
          f"missed {len(missed)}, clean rejected {len(rejected)}")


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--records", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=60)
    parser.add_argument("--sift", default=None, help="the sift binary (default: see above)")
    parser.add_argument("--keep", metavar="FILE", help="also write the orders to this file")
    args = parser.parse_args()
    sift = args.sift or default_sift()
    with tempfile.TemporaryDirectory(prefix="orders-trial-") as scratch:
        data = args.keep or os.path.join(scratch, "orders.jsonl")
        labels = generate(data, args.records, args.seed)
        verdicts = run_sift(sift, data)
    stats, rejected, missed = judge(labels, verdicts)
    report(labels, stats, rejected, missed)
    return 1 if missed or rejected else 0


if __name__ == "__main__":
    sys.exit(main())
