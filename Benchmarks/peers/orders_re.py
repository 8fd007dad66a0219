#!/usr/bin/env python3
"""Python peer of the order-review job: orjson + plain Python + the standard `re` module
(re.fullmatch, so a trailing "\\n" fails; re's "$" alone would accept it).
Usage: orders_re.py FILE.jsonl -> the job's counts."""
import re
import sys

from orders_common import (CN_CURRENCIES, COUNTRIES, COUPON_WORDS, CURRENCIES, EMAIL_MAX, FIELDS, METHODS,
                           PATTERNS, QTY_MAX, QTY_MIN, RESERVED_COUPONS, STATUSES, TOTAL_MAX, date_ok,
                           gb11643, luhn, name_ok, one_way_to_pay, records, report, skus_unique, tally)


def main(path):
    # fullmatch needs no anchors: strip the leading "^" and trailing "$".
    m = {name: re.compile(p[1:-1]).fullmatch for name, p in PATTERNS.items()}
    order_id, mobile, id_number, email, sku_re, coupon_re, date_re = (
        m[n] for n in ("order_id", "phone", "id_number", "email", "sku", "coupon", "date"))
    statuses, countries, methods = frozenset(STATUSES), frozenset(COUNTRIES), frozenset(METHODS)
    cn_currencies, currencies = frozenset(CN_CURRENCIES), frozenset(CURRENCIES)
    coupon_words, reserved = frozenset(COUPON_WORDS), frozenset(RESERVED_COUPONS)
    empty = {}
    str_, int_, float_, dict_, list_ = str, int, float, dict, list

    (f_order_id, f_status, f_country, f_currency, f_total, f_created, f_name, f_phone, f_id, f_email,
     f_method, f_account, f_pay_phone, f_ship_phone, f_sku, f_qty, f_coupon, f_items, f_pay_one) = range(len(FIELDS))
    failed = [0] * len(FIELDS)
    total = valid = 0
    for r in records(path):
        total += 1
        bad = []
        add = bad.append
        v = r.get("order_id")
        if type(v) is not str_ or not order_id(v):
            add(f_order_id)
        v = r.get("status")
        if type(v) is not str_ or v not in statuses:
            add(f_status)
        country = r.get("country")
        if type(country) is not str_ or country not in countries:
            add(f_country)
        v = r.get("currency")
        if type(v) is not str_ or v not in (cn_currencies if country == "CN" else currencies):
            add(f_currency)
        v = r.get("amount")
        t = type(v)
        if (t is not int_ and t is not float_) or not 0 < v <= TOTAL_MAX:
            add(f_total)
        v = r.get("created")
        if type(v) is not str_ or not date_re(v) or not date_ok(v):
            add(f_created)

        c = r.get("customer")
        if type(c) is not dict_:
            c = empty
        if not name_ok(c.get("name")):
            add(f_name)
        v = c.get("phone")
        if type(v) is not str_ or not mobile(v):
            add(f_phone)
        v = c.get("id_number")  # optional; checked only for a resident
        if v is not None and c.get("id_type") == "resident" and (
                type(v) is not str_ or not id_number(v) or not gb11643(v)):
            add(f_id)
        v = c.get("email")
        if type(v) is not str_ or len(v) > EMAIL_MAX or not email(v):
            add(f_email)

        p = r.get("payment")
        if type(p) is not dict_:
            p = empty
        v = p.get("method")
        if type(v) is not str_ or v not in methods:
            add(f_method)
        v = p.get("account")
        if v is None or (p.get("method") == "card" and (type(v) is not str_ or not luhn(v))):
            add(f_account)
        v = p.get("phone")  # optional
        if v is not None and (type(v) is not str_ or not mobile(v)):
            add(f_pay_phone)
        s = r.get("shipping")
        v = s.get("phone") if type(s) is dict_ else None
        if type(v) is not str_ or not mobile(v):
            add(f_ship_phone)

        items = r.get("items")
        if type(items) is not list_:
            add(f_sku); add(f_qty); add(f_items)
        else:
            if not skus_unique(items):
                add(f_items)
            sku_ok = qty_ok = True
            for it in items:
                if type(it) is not dict_:
                    sku_ok = qty_ok = False
                    break
                if sku_ok:
                    v = it.get("sku")
                    if type(v) is not str_ or not sku_re(v):
                        sku_ok = False
                if qty_ok:
                    v = it.get("qty")
                    t = type(v)  # an integer however written: 2.0 is 2
                    if not ((t is int_ or (t is float_ and v.is_integer())) and QTY_MIN <= v <= QTY_MAX):
                        qty_ok = False
            if not sku_ok:
                add(f_sku)
            if not qty_ok:
                add(f_qty)
        v = r.get("coupon")  # optional: any [C + 6 digits, NONE], then not [reserved]
        if v is not None and (type(v) is not str_ or not (coupon_re(v) or v in coupon_words) or v in reserved):
            add(f_coupon)

        if not one_way_to_pay(r.get("payment")):
            add(f_pay_one)

        valid += tally(failed, bad)
    report(total, valid, failed)


if __name__ == "__main__":
    main(sys.argv[1])
