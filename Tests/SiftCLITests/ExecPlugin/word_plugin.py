# A test exec plugin: passes the words listed in the option `allowed`, and misbehaves on purpose
# for the values crash (exits), hang (sleeps), garbage (answers non-JSON) and twice (two lines);
# bye answers and then exits.
import json, sys, time
for line in sys.stdin:
    req = json.loads(line)
    v = req["value"]
    if v == "crash":
        sys.exit(3)
    if v == "hang":
        time.sleep(30)
    if v == "bye":
        print('{"pass":true}', flush=True); sys.exit(0)
    if v == "garbage":
        print("not json", flush=True); continue
    if v == "twice":
        print('{"pass":true}\n{"pass":true}', flush=True); continue
    allowed = req["options"].get("allowed", [])
    ok = isinstance(v, str) and v in allowed
    print(json.dumps({"pass": ok} if ok else {"pass": False, "message": {"en": "is not allowed", "zh": "不允许"}}), flush=True)
