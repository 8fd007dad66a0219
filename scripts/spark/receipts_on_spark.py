#!/usr/bin/env python3
"""Settles receipts under Spark against one PostgreSQL ledger and checks exactly-once credits.

Usage: receipts_on_spark.py PACKAGE RULES LEDGER_URL [--records N] [--partitions P]
  PACKAGE     the tarball of scripts/package (dist/sift-VERSION-linux-ARCH.tar.gz)
  RULES       a receipt pack (rules/iap-receipts.yaml)
  LEDGER_URL  postgresql://USER@HOST:PORT/DB: a database with the ledger's tables
              (`sift ledger init`); the password comes from PGPASSWORD, handed to the
              executors as spark.executorEnv.PGPASSWORD

Every transaction id is in 3 records for 3 different orders, spread over the partitions, so
executors race for it. Each partition's records go to one `sift run -` with `--ledger URL`,
its results read as they are written (claims are final when made). The first attempt of
partition 0 fails after sift has settled it, and Spark runs the task again (local[2,2]): the
retry finds its own claims and reports them creditable again to the same order, marked
`redelivery` (the first answer was never delivered), never creditable to another order.

Checks over the job's output: one result per record; every transaction creditable to exactly
one order (`valid`, a `redelivery` from the retry among them), the others
`receipt.replayed_transaction`; the ledger holds one claim per transaction, owned by the
order whose line credits it. Exits 1 otherwise.
"""
import argparse
import collections
import json
import os
import subprocess
import sys
import time

import shipped
from pyspark import TaskContext


def record(i, transactions):
    tid = 7_000_000 + i % transactions
    return json.dumps({
        "id": f"r-{i}", "order_id": f"o-{i}", "user_id": f"u-{i}",
        "receipt": {"status": 0, "environment": "Production", "receipt": {
            "bundle_id": "com.example.app",
            "in_app": [{"product_id": "com.example.coins100", "transaction_id": str(tid), "quantity": "1"}]}},
    }, separators=(",", ":"))


def settle(lines, package, rules, ledger):
    """One partition against the shared ledger; the first attempt of partition 0 fails after it."""
    results = shipped.run_sift(lines, package, rules, ["--ledger", ledger])
    context = TaskContext.get()
    if context.partitionId() == 0 and context.attemptNumber() == 0:
        raise RuntimeError("the first attempt of partition 0 fails after settling (Spark runs it again)")
    return results


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("package")
    ap.add_argument("rules")
    ap.add_argument("ledger")
    ap.add_argument("--records", type=int, default=6000)
    ap.add_argument("--partitions", type=int, default=6)
    a = ap.parse_args()
    transactions = a.records // 3
    # Record i and i + transactions and i + 2 * transactions share a transaction: in other partitions.
    lines = [record(i, transactions) for i in range(a.records)]

    started = time.time()
    secret = {"spark.executorEnv.PGPASSWORD": os.environ["PGPASSWORD"]} if "PGPASSWORD" in os.environ else {}
    spark = shipped.start("sift-receipts-on-spark", "local[2,2]", a.package, a.rules, **secret)
    package, rules, ledger = a.package, a.rules, a.ledger
    results = (spark.sparkContext.parallelize(lines, a.partitions)
               .mapPartitions(lambda part: settle(part, package, rules, ledger)).collect())
    spark.stop()
    seconds = time.time() - started

    problems = []
    by_id, redelivered = {}, set()
    for line in results:
        r = json.loads(line)
        by_id[r["key"]] = [v["reason"] for v in r.get("violations", [])] if not r["valid"] else []
        if any("redelivery" in c for c in r.get("receipt", {}).get("creditable", [])):
            redelivered.add(r["key"])
    if len(results) != a.records or len(by_id) != a.records:
        problems.append(f"{len(results)} results for {a.records} records ({len(by_id)} distinct ids)")
    credits = collections.defaultdict(list)
    retried = 0
    for i in range(a.records):
        reasons = by_id.get(f"r-{i}")
        tid = str(7_000_000 + i % transactions)
        if reasons == []:
            credits[tid].append(f"o-{i}")
            retried += f"r-{i}" in redelivered
        elif reasons != ["receipt.replayed_transaction"]:
            problems.append(f"record r-{i}: {reasons}")
    if retried == 0:
        problems.append("the task Spark ran again reported no redelivery: its first attempt's credits were lost")
    twice = {t: o for t, o in credits.items() if len(o) != 1}
    never = transactions - len(credits)
    if twice or never:
        problems.append(f"{len(twice)} transactions credited more than once, {never} never")

    export = subprocess.run([os.environ["SIFT"], "ledger", "export", "--ledger", ledger],
                            stdout=subprocess.PIPE, check=True).stdout.decode().splitlines()
    claims = {c["key"][2:]: c.get("order_id") for c in map(json.loads, export) if c["key"].startswith("t:")}
    wrong = [t for t, orders in credits.items() if claims.get(t) != orders[0]]
    if len(claims) != transactions or wrong:
        problems.append(f"the ledger holds {len(claims)} transaction claims for {transactions}; "
                        f"{len(wrong)} owned by another order than the line that credits it")

    print(f"spark receipts: {a.records} records, {transactions} transactions (each in 3 records), "
          f"{a.partitions} partitions on local[2,2] against one PostgreSQL ledger, {seconds:.1f} s including start-up")
    print(f"  credited once each: {len(credits) - len(twice)}; replays refused: {a.records - len(credits)}; "
          f"partition 0 run twice by Spark: {retried} of its credits were already in the ledger (redelivery)")
    if problems:
        for p in problems:
            print("  PROBLEM: " + p, file=sys.stderr)
        return 1
    print("every transaction creditable to exactly one order over the whole job")
    return 0


if __name__ == "__main__":
    sys.exit(main())
