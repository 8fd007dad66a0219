#!/usr/bin/env python3
"""Differential test of JSON Schema `pattern`: Sift (PCRE2 after ECMAPattern.translate) against
Node's RegExp with the `u` flag, the ECMA-262 semantics JSON Schema asks for.

It generates P random patterns from a small grammar (literals, escaped punctuation, `.`, `\\s`,
`\\S`, `\\d`, `\\D`, `\\w`, `\\W`, `\\v`, `\\t`, `\\n`, `\\r`, `\\uXXXX`, `\\u{...}`, `\\p{...}`,
character classes mixing them, `[^]`, `[]`, groups, alternation, bounded quantifiers, `^`, `$`,
`\\b`; at most 20 atoms each) and, per pattern, S strings drawn from a palette rich in the
characters where engines differ (ECMA white space such as U+00A0, U+FEFF, U+1680, U+2000-U+200A,
U+202F, U+205F, U+3000; the line terminators \\n \\r U+2028 U+2029; U+0085 and U+200B, which are
not ECMA white space; é, 中, K (U+212A), 😀), some of them sampled from the pattern itself so
that both verdicts occur.

Node is the oracle: one `node` process computes `new RegExp(pattern, 'u').test(s)` for every
string; patterns Node rejects are skipped. The accepted patterns go into one schema
(`{"type": "object", "properties": {"pK": {"pattern": ...}}}`) and one pack; `sift lint` finds
the patterns Sift refuses (they are dropped and listed); then `sift run` checks one record
`{"pK": s}` per string, and a record must be valid exactly when Node's test() is true.

It prints the counts, the refused patterns and the first 15 mismatches (pattern, string with
\\u escapes, Node's and Sift's verdicts). Exit 0 when all agree, 1 on any mismatch or refusal,
2 when Sift or Node could not run.

Usage: scripts/ecma-pattern-differential [--patterns P] [--strings S] [--seed N]
                                         [--sift PATH] [--keep DIR] [--node PATH]
Defaults: 300 patterns, 20 strings each, seed 1, node from PATH; the binary is --sift, else
$SIFT, else .build/release/sift when it exists and is newer, else .build/debug/sift.
"""
import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile

from sift_results import default_sift

MAX_ATOMS = 20
SHOWN = 15

# ---------------------------------------------------------------- characters

SPACES = ("\t\v\f \u00a0\ufeff\u1680" + "".join(chr(c) for c in range(0x2000, 0x200B))
          + "\u202f\u205f\u3000")
TERMINATORS = "\n\r\u2028\u2029"
ODD = "\u0085\u200b\u180e\u00e9\u4e2d\u212a\U0001F600\u0661\u017f\u0008\u0000"
ASCII = "abczAZ019_ .-$^:[]"
PALETTE = SPACES + TERMINATORS + ODD + ASCII
NON_SPACE = "aZ0_.-\u00e9\u4e2d\u212a\U0001F600\u0085\u200b\u180e"
LETTERS = "aZ\u00e9\u4e2d\u212a\u017f"

# (pattern text, characters it matches: sampled to build matching strings)
ESCAPES = [
    (r"\s", SPACES + TERMINATORS), (r"\S", NON_SPACE), (r"\d", "0189"), (r"\D", "a \u0661\u00a0"),
    (r"\w", "aZ0_"), (r"\W", " -\u00e9\u212a\u017f\u2028"), (r"\v", "\v"), (r"\t", "\t"),
    (r"\n", "\n"), (r"\r", "\r"), (r"\f", "\f"),
    (r"\u00A0", "\u00a0"), (r"\uFEFF", "\ufeff"), (r"\u2028", "\u2028"), (r"\u2029", "\u2029"),
    (r"\u212A", "\u212a"), (r"\u0085", "\u0085"), (r"\u200B", "\u200b"), (r"\u1680", "\u1680"),
    (r"\u00e9", "\u00e9"), (r"\u4E2D", "\u4e2d"), (r"\u000B", "\v"), (r"\u0041", "A"),
    (r"\uD83D\uDE00", "\U0001F600"), (r"\u{1F600}", "\U0001F600"), (r"\u{2028}", "\u2028"),
    (r"\u{41}", "A"), (r"\p{L}", LETTERS), (r"\p{Letter}", LETTERS), (r"\P{Nd}", "a \U0001F600"),
    (r"\p{Nd}", "0\u0661"), (r"\p{Zs}", " \u00a0\u3000\u1680"), (r"\p{Lu}", "AZ\u212a"),
    (r"\P{L}", "0 \U0001F600\u2028"), (r"\p{Script=Latin}", "a\u00e9\u212a"),
    (r"\p{sc=Han}", "\u4e2d"), (r"\p{General_Category=Zs}", " \u3000"),
    (r"\p{Space_Separator}", " \u2000"), (r"\p{Line_Separator}", "\u2028"),
    (r"\p{Script_Extensions=Latin}", "a\u202f"), (r"\x41", "A"), (r"\cJ", "\n"), (r"\0", "\0"),
]
OUTSIDE = ESCAPES + [(c, c) for c in "abzAZ019_ \u00e9\u4e2d\u212a\U0001F600"] + [
    ("\\" + c, c) for c in ".$^()[]{}|*+?\\/"] + [(".", "a \u4e2d\U0001F600\u0085\u200b\u00a0")]
IN_CLASS = ESCAPES + [(c, c) for c in "az0_\u00e9\u4e2d\U0001F600^-.$ [:="] + [
    ("\\" + c, c) for c in ".-^][\\"] + [
    (r"\b", "\b"), ("a-z", "amz"), ("0-9", "059"), ("A-F", "ACF"),
    (r"\u2000-\u200A", "\u2000\u2005\u200a"), (r"\u00A0-\u00FF", "\u00a0\u00e9"),
    (r"\u{1F600}-\u{1F64F}", "\U0001F600"), (r"\uD83D\uDE00-\uD83D\uDE4F", "\U0001F600")]
FIXED_CLASSES = [(r"[\s\S]", PALETTE), (r"[^\s]", NON_SPACE), (r"[a-z\s]", "ab \u2028\u3000"),
                 (r"[^\S\d]", SPACES), (r"[\S-]", NON_SPACE + "-"), ("[^]", PALETTE), ("[]", ""),
                 (r"[^\s\W]", "aZ0_"), (r"[\s\d]", SPACES + "05")]
QUANTIFIERS = [("*", 0, 3), ("+", 1, 3), ("?", 0, 1), ("{2}", 2, 2), ("{1,3}", 1, 3),
               ("{0,2}", 0, 2), ("{2,}", 2, 4), ("*?", 0, 3), ("+?", 1, 3), ("{1,2}?", 1, 2)]
BOUNDED = [q for q in QUANTIFIERS if q[0] in ("?", "{0,2}", "{1,2}?", "{2}")]
ASSERTIONS = ["^", "$", r"\b", r"\B"]

# ---------------------------------------------------------------- patterns
# A node is (text, sampler): sampler(rng) gives a string the node is likely to match.


def pick(chars):
    return lambda rng: rng.choice(chars) if chars else ""


def gen_class(rng):
    """A character class: a fixed interesting one, or 1-5 items, negated now and then."""
    if rng.random() < 0.25:
        text, chars = rng.choice(FIXED_CLASSES)
        return text, pick(chars)
    items = [rng.choice(IN_CLASS) for _ in range(rng.randint(1, 5))]
    negated = rng.random() < 0.35
    text = "[" + ("^" if negated else "") + "".join(t for t, _ in items) + "]"
    chars = PALETTE if negated else "".join(c for _, c in items)
    return text, pick(chars)


class Budget:
    """How many atoms a pattern may still take."""

    def __init__(self, atoms):
        self.left = atoms

    def take(self):
        self.left -= 1


def gen_term(rng, budget, depth):
    """An atom, class or group, quantified now and then; or an assertion. (text, sampler,
    unbounded): unbounded says whether the text holds `*`, `+` or `{m,}`."""
    roll = rng.random()
    if roll < 0.07:
        return rng.choice(ASSERTIONS), (lambda rng: ""), False
    if roll < 0.22 and depth < 2 and budget.left > 2:
        inner, sampler, unbounded = gen_alternation(rng, budget, depth + 1)
        text, sample = rng.choice(["(", "(?:"]) + inner + ")", sampler
    elif roll < 0.55:
        budget.take()
        text, sample = gen_class(rng)
        unbounded = False
    else:
        budget.take()
        text, chars = rng.choice(OUTSIDE)
        sample, unbounded = pick(chars), False
    if rng.random() < 0.35:
        quant, low, high = rng.choice(BOUNDED if unbounded else QUANTIFIERS)
        one = sample
        sample = lambda rng: "".join(one(rng) for _ in range(rng.randint(low, high)))
        text += quant
        unbounded = unbounded or quant[0] in "*+" or quant.startswith("{2,}")
    return text, sample, unbounded


def gen_sequence(rng, budget, depth):
    terms = [gen_term(rng, budget, depth) for _ in range(rng.randint(1, 4)) if budget.left > 0]
    if not terms:
        terms = [("a", pick("a"), False)]
    samplers = [s for _, s, _ in terms]
    return ("".join(t for t, _, _ in terms), lambda rng: "".join(s(rng) for s in samplers),
            any(u for _, _, u in terms))


def gen_alternation(rng, budget, depth):
    count = 1 if rng.random() < 0.75 else rng.randint(2, 3)
    branches = [gen_sequence(rng, budget, depth) for _ in range(count)]
    samplers = [s for _, s, _ in branches]
    return ("|".join(t for t, _, _ in branches), lambda rng: rng.choice(samplers)(rng),
            any(u for _, _, u in branches))


def gen_pattern(rng):
    """A pattern and its sampler; `^` and `$` around it now and then (both: a whole-text match)."""
    text, sample, _ = gen_alternation(rng, Budget(rng.randint(1, MAX_ATOMS)), 0)
    if "|" in text and rng.random() < 0.5:
        text = "(?:" + text + ")"
    if rng.random() < 0.35:
        text = "^" + text
    if rng.random() < 0.35:
        text += "$"
    return text, sample


# ---------------------------------------------------------------- strings

def random_text(rng, low, high):
    return "".join(rng.choice(PALETTE) for _ in range(rng.randint(low, high)))


def gen_strings(rng, sample, count):
    """Strings for one pattern: sampled from it (bare, inside other text, or with one character
    changed) and random ones from the palette."""
    out = [""]
    while len(out) < count:
        roll = rng.random()
        if roll < 0.3:
            text = sample(rng)
        elif roll < 0.45:
            text = random_text(rng, 0, 2) + sample(rng) + random_text(rng, 0, 2)
        elif roll < 0.6:
            text = sample(rng)
            if text:
                k = rng.randrange(len(text))
                text = text[:k] + rng.choice(PALETTE) + text[k + 1:]
        else:
            text = random_text(rng, 0, 6)
        out.append(text[:24])
    return out


def gen_cases(seed, patterns, strings):
    rng = random.Random(seed)
    cases = []
    for _ in range(patterns):
        text, sample = gen_pattern(rng)
        cases.append({"pattern": text, "strings": gen_strings(rng, sample, strings)})
    return cases


# ---------------------------------------------------------------- Node

def fail(message):
    """Sift or Node could not run: exit 2."""
    print(f"ecma-pattern-differential: {message}", file=sys.stderr)
    raise SystemExit(2)


NODE_SCRIPT = r"""
const cases = JSON.parse(require('fs').readFileSync(0, 'utf8'));
const out = cases.map(c => {
  let re;
  try { re = new RegExp(c.pattern, 'u'); } catch (e) { return {error: String(e.message)}; }
  return {results: c.strings.map(s => re.test(s))};
});
process.stdout.write(JSON.stringify(out));
"""


def run_node(node, cases):
    """Per case, {"results": [bool]} or {"error": message} when Node rejects the pattern."""
    proc = subprocess.run([node, "-e", NODE_SCRIPT], input=json.dumps(cases).encode(),
                          capture_output=True)
    if proc.returncode != 0:
        sys.stderr.write(proc.stderr.decode(errors="replace"))
        fail(f"node failed (exit {proc.returncode})")
    return json.loads(proc.stdout.decode())


# ---------------------------------------------------------------- Sift

def write_schema(folder, patterns):
    """patterns: {key: pattern}. Writes patterns.json and pack.yaml; the pack's path."""
    schema = {"type": "object", "properties": {k: {"pattern": p} for k, p in patterns.items()}}
    # Raw UTF-8, not \u escapes: Sift's schema reader refuses a surrogate pair written as
    # "\ud83d\ude00" (valid JSON), which is not what this test is about.
    with open(os.path.join(folder, "patterns.json"), "w", encoding="utf-8") as f:
        json.dump(schema, f, indent=1, ensure_ascii=False)
    pack = os.path.join(folder, "pack.yaml")
    with open(pack, "w", encoding="utf-8") as f:
        f.write("version: 1\npack: ecma\nschema: patterns.json\n")
    return pack


def refused_keys(sift, pack):
    """The keys whose pattern `sift lint` reports as an error ({key: message})."""
    proc = subprocess.run([sift, "lint", "--format", "json", pack], capture_output=True)
    try:
        found = json.loads(proc.stdout.decode())
    except ValueError:
        sys.stderr.write(proc.stdout.decode(errors="replace") + proc.stderr.decode(errors="replace"))
        fail(f"sift lint failed (exit {proc.returncode})")
    refused = {}
    for d in found:
        if d.get("severity") != "error":
            continue
        m = re.search(r"\(at /properties/(p\d+)/pattern\)", d.get("message", ""))
        if not m:
            fail(f"sift lint: {d.get('message')}")
        refused[m.group(1)] = d["message"]
    return refused


def settle_schema(sift, folder, patterns):
    """Drops the patterns Sift refuses until lint is clean; (pack path, {key: message})."""
    refused, live = {}, dict(patterns)
    for _ in range(10):
        pack = write_schema(folder, live)
        more = refused_keys(sift, pack)
        if not more:
            return pack, refused
        refused.update(more)
        for key in more:
            live.pop(key, None)
    fail("sift lint keeps reporting errors")


def run_sift(sift, pack, records_path):
    """{line: valid} from `sift run`; its stdout is split on "\\n" only (a result line may hold
    U+2028, U+2029 or U+0085, which str.splitlines() would also split on)."""
    proc = subprocess.run([sift, "run", "--rules", pack, records_path], capture_output=True)
    if proc.returncode not in (0, 1):
        sys.stderr.write(proc.stderr.decode(errors="replace"))
        fail(f"sift run failed (exit {proc.returncode})")
    verdicts = {}
    for text in proc.stdout.decode().split("\n"):
        if text.strip():
            result = json.loads(text)
            verdicts[result["line"]] = result["valid"]
    return verdicts


# ---------------------------------------------------------------- comparing

def show(text, pattern=False):
    """Printable ASCII as it is, anything else as \\uXXXX or \\u{XXXXX}; a string is quoted
    (with \\ and " escaped), a pattern is left as written."""
    out = []
    for c in text:
        if 0x20 <= ord(c) < 0x7F:
            out.append(c if pattern or c not in '\\"' else "\\" + c)
        elif ord(c) > 0xFFFF:
            out.append(f"\\u{{{ord(c):X}}}")
        else:
            out.append(f"\\u{ord(c):04X}")
    return "/" + "".join(out) + "/u" if pattern else '"' + "".join(out) + '"'


def check(sift, folder, cases, answers):
    """Runs Sift over the cases Node accepted; (refused {pattern: message}, mismatches
    [(pattern, string, node, sift)], strings compared)."""
    patterns = {f"p{k}": c["pattern"] for k, (c, a) in enumerate(zip(cases, answers))
                if "results" in a}
    pack, refused = settle_schema(sift, folder, patterns)
    rows = []  # (pattern, string, node verdict), in record order
    records_path = os.path.join(folder, "records.jsonl")
    with open(records_path, "w", encoding="utf-8", newline="\n") as f:
        for k, (case, answer) in enumerate(zip(cases, answers)):
            key = f"p{k}"
            if key not in patterns or key in refused:
                continue
            for s, expected in zip(case["strings"], answer["results"]):
                f.write(json.dumps({key: s}) + "\n")
                rows.append((case["pattern"], s, expected))
    verdicts = run_sift(sift, pack, records_path) if rows else {}
    mismatches = [(p, s, node, verdicts.get(line)) for line, (p, s, node) in enumerate(rows, 1)
                  if verdicts.get(line) is not node]
    return {patterns[k]: m for k, m in refused.items()}, mismatches, len(rows)


def report(cases, answers, refused, mismatches, compared):
    skipped = sum("error" in a for a in answers)
    print(f"ecma-pattern-differential: {len(cases)} patterns ({skipped} skipped by Node, "
          f"{len(refused)} refused by Sift), {compared} strings, {len(mismatches)} mismatches")
    if mismatches:
        print(f"  in {len({p for p, *_ in mismatches})} distinct patterns")
    for pattern, message in refused.items():
        print(f"\nrefused by Sift, accepted by Node: {show(pattern, True)}\n  {message}")
    for pattern, s, node, sift in mismatches[:SHOWN]:
        print(f"\npattern: {show(pattern, True)}\n  string: {show(s)}\n"
              f"  node:   {'match' if node else 'no match'}\n"
              f"  sift:   {'no result' if sift is None else ('valid' if sift else 'invalid')}")


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--patterns", type=int, default=300)
    parser.add_argument("--strings", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sift", default=None, help="the sift binary (default: see above)")
    parser.add_argument("--node", default="node", help="the node binary (default: node)")
    parser.add_argument("--keep", metavar="DIR", help="write the schema, pack and records here")
    args = parser.parse_args()
    sift = args.sift or default_sift()
    if not os.access(sift, os.X_OK):
        print(f"ecma-pattern-differential: no sift binary at {sift}", file=sys.stderr)
        return 2
    cases = gen_cases(args.seed, args.patterns, args.strings)
    answers = run_node(args.node, cases)
    with tempfile.TemporaryDirectory(prefix="ecma-diff-") as scratch:
        folder = args.keep or scratch
        os.makedirs(folder, exist_ok=True)
        refused, mismatches, compared = check(sift, folder, cases, answers)
    report(cases, answers, refused, mismatches, compared)
    return 1 if mismatches or refused else 0


if __name__ == "__main__":
    sys.exit(main())
