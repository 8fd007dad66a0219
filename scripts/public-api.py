"""Checks the library's public API from the compiler's symbol graphs: every public declaration
has a doc comment, and prints how many public types there are. Run by scripts/docs-check after
`swift symbolgraph-extract` of each module (public declarations).
Usage: python3 scripts/public-api.py SYMBOLGRAPH_DIR"""
import glob
import json
import os
import sys

MODULES = ("Sift", "SiftMessages", "SiftJSON", "SiftConfig", "SiftExpr", "SiftCore", "SiftExec", "SiftFields", "SiftReceipts", "SiftRoutes", "SiftAppleID", "SiftAppStore", "SiftLedgerPostgres", "SiftTesting")
TYPE_KINDS = {"swift.struct", "swift.class", "swift.enum", "swift.protocol", "swift.typealias", "swift.actor"}


def main(folder):
    undocumented, types, total = [], set(), 0
    for path in sorted(glob.glob(os.path.join(folder, "*.symbols.json"))):
        module = os.path.basename(path).split(".")[0].split("@")[0]
        if module not in MODULES:
            continue
        for s in json.load(open(path))["symbols"]:
            if s["accessLevel"] != "public":
                continue
            total += 1
            name = ".".join(s["pathComponents"])
            if s["kind"]["identifier"] in TYPE_KINDS and module != "SiftTesting":
                types.add(name)
            where = s.get("location")
            if where is None:  # made by the compiler (Hashable, literal protocols), not written
                continue
            if not s.get("docComment"):
                uri = where.get("uri", "?").split("/Sources/")[-1]
                line = where.get("position", {}).get("line", -1) + 1
                undocumented.append(f"Sources/{uri}:{line}: public {name} has no doc comment")
    top = sorted(t for t in types if "." not in t)
    print(f"public-api: {total} public declarations, {len(top)} public top-level types "
          f"({len(types)} with nested ones) outside SiftTesting: {', '.join(top)}")
    for u in undocumented:
        print(u)
    if undocumented:
        print(f"public-api: {len(undocumented)} public declarations without a doc comment")
        sys.exit(1)


main(sys.argv[1])
