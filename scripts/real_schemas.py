"""Sift's `schema:` on the real-world schemas check-jsonschema vendors (GitHub workflows, GitLab
CI, Renovate, Azure Pipelines, ...), beside jsonschema-rs on the same records: every verdict
compared, and (with --time) the throughput of each, one worker, load included.

    real_schemas.py --vendor DIR [--records N] [--seed S] [--time] [--repeat K] [--markdown]
                    [--only NAME,...] [--keep DIR]

Records come from `real_schema_records.py`: the schema walked until jsonschema-rs accepts the
record (up to 30 walks), then 40% of them mutated. Sift runs
each schema in a pack `schema: {file: NAME.json}` (formats as annotations, as jsonschema-rs
is told too). A schema Sift refuses is listed with its first error. Exit 1 when any verdict
differs. Timing: Sift is `sift run --results none --workers 1` from the shell (process start,
rule loading and the schema's compilation included); jsonschema-rs is timed inside Python
(the validator built, each line parsed with orjson and checked; the interpreter's start is
not counted). Best of K.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from real_schema_records import Generator  # noqa: E402
from sift_results import default_sift, run_results  # noqa: E402

import jsonschema_rs  # noqa: E402
import orjson  # noqa: E402

ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
ap.add_argument("--vendor", required=True, help="the folder of vendored schemas (NAME.json)")
ap.add_argument("--records", type=int, default=2000)
ap.add_argument("--seed", type=int, default=1)
ap.add_argument("--time", action="store_true", help="also time Sift and jsonschema-rs on the records")
ap.add_argument("--repeat", type=int, default=3)
ap.add_argument("--markdown", action="store_true")
ap.add_argument("--only", default="", help="comma-separated schema names")
ap.add_argument("--keep", default="", help="write the packs and records here and keep them")
ap.add_argument("--sift", default=default_sift())
args = ap.parse_args()


def best(run, k):
    times = []
    for _ in range(k):
        t = time.perf_counter()
        run()
        times.append(time.perf_counter() - t)
    return min(times)


def rs_run(schema, path):
    def go():
        v = jsonschema_rs.validator_for(schema, validate_formats=False)
        with open(path, "rb") as f:
            for line in f:
                v.is_valid(orjson.loads(line))
    return go


def one(name, schema_path, work):
    schema = json.loads(schema_path.read_text())
    folder = work / name
    folder.mkdir(parents=True)
    shutil.copy(schema_path, folder / f"{name}.json")
    (folder / "pack.yaml").write_text(f"version: 1\npack: {name.replace('.', '-')}\nschema: {name}.json\n")
    try:
        validator = jsonschema_rs.validator_for(schema, validate_formats=False)
    except Exception as error:  # a $ref it cannot resolve offline
        validator = None
        rs_error = str(error).splitlines()[0][:160]
    records = Generator(schema, args.seed).records(args.records, accept=validator.is_valid if validator else None)
    data = folder / "records.jsonl"
    data.write_bytes(b"".join(orjson.dumps(r) + b"\n" for r in records))
    row = {"name": name, "kb": schema_path.stat().st_size // 1024, "records": len(records)}
    lint = subprocess.run([args.sift, "lint", str(folder / "pack.yaml")], capture_output=True, text=True)
    if lint.returncode == 2:
        first = next((l for l in lint.stderr.splitlines() if ": error: " in l), lint.stderr.strip())
        row["refused"] = first.split(": error: ", 1)[-1]
        return row
    if validator is None:
        row["rs_error"] = rs_error
        return row
    expected = [validator.is_valid(r) for r in records]
    results = run_results(args.sift, str(folder / "pack.yaml"), str(data), "real-schemas")
    row["valid"] = sum(expected)
    row["wrong"] = [(i + 1, e, r.get("violations", [])[:2]) for i, (e, r) in enumerate(zip(expected, results)) if e != r["valid"]]
    if len(results) != len(records):
        row["wrong"].append((0, f"{len(records)} records, {len(results)} results", []))
    if args.time:
        empty = folder / "empty.jsonl"
        empty.write_bytes(b"")
        argv = [args.sift, "run", "--rules", str(folder / "pack.yaml"), "--results", "none", "--workers", "1", "--quiet"]
        row["sift_s"] = best(lambda: subprocess.run(argv + [str(data)], capture_output=True), args.repeat)
        row["sift_load"] = best(lambda: subprocess.run(argv + [str(empty)], capture_output=True), args.repeat)
        row["rs_s"] = best(rs_run(schema, data), args.repeat)
        row["rs_load"] = best(lambda: jsonschema_rs.validator_for(schema, validate_formats=False), args.repeat)
    return row


vendor = Path(args.vendor)
names = sorted(p.stem for p in vendor.glob("*.json"))
if args.only:
    names = [n for n in names if n in args.only.split(",")]
work = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="sift-real-"))
if args.keep and work.exists():
    shutil.rmtree(work)
work.mkdir(parents=True, exist_ok=True)
rows = []
try:
    for name in names:
        rows.append(one(name, vendor / f"{name}.json", work))
        r = rows[-1]
        status = r.get("refused") or r.get("rs_error") or f"{r['valid']}/{r['records']} valid, {len(r['wrong'])} wrong"
        print(f"real-schemas: {name}: {status}", file=sys.stderr, flush=True)
finally:
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)

wrong = sum(len(r.get("wrong", [])) for r in rows)
if args.markdown:
    print("| schema | size | records (valid) | wrong verdicts | Sift records/s | jsonschema-rs records/s | Sift ÷ rs "
          "| Sift load | rs load | Sift, records alone | rs, records alone | ÷ |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
for r in rows:
    if "refused" in r or "rs_error" in r:
        what = f"refused by Sift: {r['refused']}" if "refused" in r else f"jsonschema-rs: {r['rs_error']}"
        print(f"| {r['name']} | {r['kb']} KB | {what} | | | | | | | | | |" if args.markdown else f"{r['name']}: {what}")
        continue
    speed = ""
    if "sift_s" in r:
        s, q = r["records"] / r["sift_s"], r["records"] / r["rs_s"]
        # Each one's rate on the records alone: the run without its load (Sift: the same run on
        # an empty file, process start included; jsonschema-rs: building the validator).
        sr = r["records"] / max(r["sift_s"] - r["sift_load"], 1e-6)
        qr = r["records"] / max(r["rs_s"] - r["rs_load"], 1e-6)
        ms = f"{r['sift_load'] * 1000:.0f} ms | {r['rs_load'] * 1000:.0f} ms"
        speed = (f"{s:,.0f} | {q:,.0f} | {s / q:.2f}× | {ms} | {sr:,.0f} | {qr:,.0f} | {sr / qr:.2f}×" if args.markdown
                 else f"sift {s:,.0f}/s, jsonschema-rs {q:,.0f}/s ({s / q:.2f}×); load {ms}; records alone {sr:,.0f}/s vs {qr:,.0f}/s ({sr / qr:.2f}×)")
    if args.markdown:
        print(f"| {r['name']} | {r['kb']} KB | {r['records']:,} ({r['valid']:,}) | {len(r['wrong'])} | {speed or ' | | | | | | | |'} |")
    else:
        print(f"{r['name']}: {r['records']} records, {r['valid']} valid, {len(r['wrong'])} wrong. {speed}")
    for line, expected, violations in r["wrong"][:5]:
        print(f"  record {line}: jsonschema-rs says {'valid' if expected else 'invalid'}; Sift: {violations}")
print(f"real-schemas: {len(rows)} schemas, {sum(r.get('records', 0) for r in rows if 'wrong' in r)} records compared, {wrong} wrong verdicts",
      file=sys.stderr)
sys.exit(1 if wrong else 0)
