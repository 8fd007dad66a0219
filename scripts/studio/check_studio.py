#!/usr/bin/env python3
"""The studio in a real browser (Debian's headless Chromium, driven by chromedriver through
Selenium), as a person who has never used a terminal would use it: open the page, type a typo,
see the located error and its did-you-mean, apply the fix, see the examples pass, paste records
and see their verdicts, pick sample records and see what an edit changes, switch to Chinese,
save, and find the file on disk. Then, as an attacker: a cross-origin write and a wrong Host
are refused. A screenshot of each step goes to OUT.

Usage: check_studio.py SIFT RULES_COPY SAMPLES OUT"""
import http.client
import json
import os
import re
import socket
import subprocess
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

SIFT, RULES, SAMPLES, OUT = sys.argv[1:5]
step_no = 0


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def step(driver, name):
    global step_no
    step_no += 1
    path = os.path.join(OUT, f"{step_no:02d}-{name}.png")
    driver.save_screenshot(path)
    print(f"studio-check: {step_no:02d} {name} ({path})")


def wait_for(driver, what, condition, timeout=15):
    try:
        return WebDriverWait(driver, timeout).until(lambda d: condition(d))
    except Exception:
        driver.save_screenshot(os.path.join(OUT, "failed.png"))
        raise SystemExit(f"studio-check: FAILED waiting for {what}; see {OUT}/failed.png")


def text(driver, css):
    return " ".join(e.text for e in driver.find_elements(By.CSS_SELECTOR, css))


def raw(port, request):
    """The status line of a raw HTTP request (for headers a browser or http.client would not send)."""
    with socket.create_connection(("127.0.0.1", port)) as s:
        s.sendall(request.encode())
        return s.recv(4096).decode(errors="replace").split("\r\n")[0]


def attacks(port, token):
    conn = http.client.HTTPConnection("127.0.0.1", port)
    body = json.dumps({"path": "signup.yaml", "text": "fields: {}\n"})
    conn.request("POST", "/api/save", body, {"X-Sift-Token": token, "Origin": "http://evil.example",
                                              "Content-Type": "application/json"})
    r = conn.getresponse()
    answer = r.read().decode()
    assert r.status == 403 and '"cross_origin"' in answer, (r.status, answer)
    print(f"studio-check: a cross-origin save is refused: {r.status} {answer}")
    conn.request("GET", "/api/files", headers={"X-Sift-Token": token, "Host": f"rebind.example:{port}"})
    r = conn.getresponse()
    answer = r.read().decode()
    assert r.status == 403 and '"wrong_host"' in answer, (r.status, answer)
    print(f"studio-check: a wrong Host is refused: {r.status} {answer}")
    two = raw(port, f"GET /api/files HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nHost: evil.example\r\nX-Sift-Token: {token}\r\n\r\n")
    assert " 403 " in two, two
    print(f"studio-check: a second Host header is refused: {two}")
    for path in ("/api/files", "//api/files", "/api//files"):
        conn.request("GET", path)
        r = conn.getresponse()
        r.read()
        assert r.status == 401, (path, r.status)
    print("studio-check: API calls without the token are refused (/api/files, //api/files, /api//files): 401")
    conn.request("POST", "//api/save", body, {"Origin": "http://evil.example", "Content-Type": "text/plain"})
    r = conn.getresponse()
    answer = r.read().decode()
    assert r.status == 403, (r.status, answer)
    print(f"studio-check: a no-cors text/plain save to //api/save from another site is refused: {r.status} {answer}")


def big_pack(n=200):
    """A pack of n field rules (regex, length, enum, range, when/then, a validator) with examples."""
    lines = ["version: 1", "pack: big", "validators:", "  code: {regex: 'C[0-9]{3}'}", "fields:"]
    kinds = ["- regex: '[a-z]{2,8}'", "- length: {min: 1, max: 20}", "- enum: [a, b, c, d]",
             "- range: {min: 0, max: 100}", "- when: {field: f0, enum: [x]}\n      then: {use: code}", "- use: code"]
    for i in range(n):
        lines += [f"  f{i}:", "    required: false", "    checks:", f"    {kinds[i % len(kinds)]}"]
    lines += ["examples:"]
    for i in range(10):
        lines += [f"  - record: {{f{i * 6}: abc}}", "    valid: true"]
    return "\n".join(lines) + "\n"


def timings(port, token):
    """Each API call on a 200-rule pack, best of 5 (the studio must answer well under 100 ms)."""
    text = big_pack()
    with open(os.path.join(RULES, "big.yaml"), "w", encoding="utf-8") as f:
        f.write(text)
    records = "\n".join(json.dumps({f"f{i}": "abc" if i % 2 else 5 for i in range(0, 200, 7)}) for _ in range(200))
    conn = http.client.HTTPConnection("127.0.0.1", port)
    headers = {"X-Sift-Token": token, "Origin": f"http://127.0.0.1:{port}", "Content-Type": "application/json"}
    figures = []
    for route, extra in (("lint", {}), ("examples", {}), ("explain", {}), ("try", {"records": records})):
        body = json.dumps(dict({"path": "big.yaml", "text": text, "lang": "en"}, **extra))
        best = None
        for _ in range(5):
            start = time.perf_counter()
            conn.request("POST", f"/api/{route}", body, headers)
            r = conn.getresponse()
            r.read()
            assert r.status == 200, (route, r.status)
            ms = (time.perf_counter() - start) * 1000
            best = ms if best is None else min(best, ms)
        figures.append(f"{route} {best:.1f} ms")
    print("studio-check: a 200-rule pack, best of 5: " + ", ".join(figures) + " (try: 200 records)")


def main():
    os.makedirs(OUT, exist_ok=True)
    port = free_port()
    server = subprocess.Popen([SIFT, "studio", RULES, "--samples", SAMPLES, "--port", str(port)],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        line = server.stdout.readline()
        m = re.search(r"open (http://\S+)", line)
        assert m, f"sift studio printed {line!r}"
        url = m.group(1)
        token = re.search(r"token=([0-9a-f]+)", url).group(1)
        print(f"studio-check: sift studio printed {line.strip()}")
        options = webdriver.ChromeOptions()
        options.binary_location = "/usr/bin/chromium"
        for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--window-size=1400,1000", "--disable-dev-shm-usage"):
            options.add_argument(flag)
        driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
        try:
            run_page(driver, url)
        finally:
            driver.quit()
        attacks(port, token)
        timings(port, token)
    finally:
        server.terminate()
        server.wait(timeout=10)
    print("studio-check: passed")


def run_page(driver, url):
    driver.get(url)
    wait_for(driver, "the file list", lambda d: d.find_elements(By.CSS_SELECTOR, '#file-list li[data-path="signup.yaml"]'))
    driver.find_element(By.CSS_SELECTOR, '#file-list li[data-path="signup.yaml"]').click()
    wait_for(driver, "the examples to pass", lambda d: re.match(r"(\d+) of \1 examples pass", d.find_element(By.ID, "examples-summary").text))
    step(driver, "opened")

    # 1. A typo, typed: the caret after "rege" of the first "regex:", then Backspace.
    source = driver.find_element(By.ID, "source")
    at = source.get_attribute("value").index("- regex:") + len("- rege")
    driver.execute_script("arguments[0].focus(); arguments[0].setSelectionRange(arguments[1], arguments[1]);", source, at)
    source.send_keys(Keys.BACKSPACE)
    wait_for(driver, "the located error", lambda d: "did you mean 'regex'" in text(d, "#problem-list li.error"))
    problem = driver.find_element(By.CSS_SELECTOR, "#problem-list li.error").text
    assert re.search(r"\d+:\d+ unknown check 'regx'; did you mean 'regex'\?", problem), problem
    assert driver.find_elements(By.CSS_SELECTOR, "#gutter div.error"), "no line marked in the gutter"
    beside = text(driver, "#highlight .note.error")
    assert "unknown check 'regx'; did you mean 'regex'?" in beside, beside
    save = driver.find_element(By.ID, "save")
    assert not save.is_enabled() and "Cannot save: 1 error" in driver.find_element(By.ID, "save-why").text
    step(driver, "typo-located")

    # 2. The did-you-mean as a one-click fix; the examples pass again.
    fix = driver.find_element(By.CSS_SELECTOR, "#problem-list li.error button.fix")
    assert fix.text == "Fix: use 'regex'", fix.text
    fix.click()
    wait_for(driver, "no problems", lambda d: d.find_element(By.ID, "problem-list").text == "No problems.")
    wait_for(driver, "the examples to pass", lambda d: re.match(r"(\d+) of \1 examples pass", d.find_element(By.ID, "examples-summary").text))
    assert not driver.find_elements(By.CSS_SELECTOR, "#example-list li.failed")
    step(driver, "fixed")

    # 3. Records pasted: verdicts, each violation linked to its rule's line.
    records = driver.find_element(By.ID, "records")
    records.send_keys('{"kind":"signup","email":"ada@example.com","password":"abc123"}' + Keys.ENTER
                      + '{"kind":"signup","email":"ada at example.com","password":"abc123!"}')
    driver.find_element(By.ID, "run-try").click()
    wait_for(driver, "the verdicts", lambda d: len(d.find_elements(By.CSS_SELECTOR, "#verdicts tr")) == 3)
    rows = [r.text for r in driver.find_elements(By.CSS_SELECTOR, "#verdicts tr")][1:]
    assert rows[0].startswith("1 valid"), rows
    assert rows[1].startswith("2 invalid") and "email.regex: is not an email address" in rows[1] and "password.charset" in rows[1], rows
    assert driver.find_elements(By.CSS_SELECTOR, "#verdicts a.rule"), "no violation linked to its rule"
    step(driver, "records-tried")

    # 4. Sample records, and what an edit changes: a stricter password rule.
    records.clear()
    Select(driver.find_element(By.ID, "sample")).select_by_visible_text("signup.jsonl")
    wait_for(driver, "the sample's verdicts", lambda d: "This edit changes no verdict" in d.find_element(By.ID, "diff").text)
    value = source.get_attribute("value")
    at = value.index("{6,20}") + len("{")
    driver.execute_script("arguments[0].focus(); arguments[0].setSelectionRange(arguments[1], arguments[1] + 1);", source, at)
    source.send_keys("8")
    wait_for(driver, "the diff against the saved rules", lambda d: re.search(r"This edit makes \d+ more records? invalid", d.find_element(By.ID, "diff").text))
    diff = driver.find_element(By.ID, "diff").text
    print(f"studio-check: after the edit: {diff}")
    step(driver, "edit-changes-verdicts")

    # The stricter rule breaks examples written for the old one: saving waits for them.
    wait_for(driver, "save to wait for the examples", lambda d: "example" in d.find_element(By.ID, "save-why").text
             and not d.find_element(By.ID, "save").is_enabled())
    print(f"studio-check: {driver.find_element(By.ID, 'save-why').text}")
    step(driver, "examples-block-save")

    # 5. Chinese: the page and the messages.
    Select(driver.find_element(By.ID, "lang")).select_by_value("zh")
    wait_for(driver, "the page in Chinese", lambda d: d.find_element(By.CSS_SELECTOR, "#problems h2").text == "问题")
    wait_for(driver, "Chinese messages", lambda d: "使此修改" in d.find_element(By.ID, "diff").text or "条记录变为无效" in d.find_element(By.ID, "diff").text)
    wait_for(driver, "a Chinese violation message", lambda d: "密码须为 6-20 位字母或数字" in d.find_element(By.ID, "verdicts").text)
    step(driver, "chinese")

    # 6. Save: back to 6 characters at least, at most 16, and the examples pass again;
    # what changes is shown first, then the file is written.
    value = source.get_attribute("value")
    at = value.index("{8,20}") + len("{")
    driver.execute_script("arguments[0].focus(); arguments[0].setSelectionRange(arguments[1], arguments[1] + 4);", source, at)
    source.send_keys("6,16")
    wait_for(driver, "the examples to pass", lambda d: re.match(r"(\d+) 个示例中 \1 个通过", d.find_element(By.ID, "examples-summary").text))
    save = driver.find_element(By.ID, "save")
    assert save.is_enabled(), driver.find_element(By.ID, "save-why").text
    save.click()
    wait_for(driver, "the changes", lambda d: d.find_element(By.ID, "changes").is_displayed())
    shown = driver.find_element(By.ID, "changes-text").text
    assert "- " in shown and "{6,20}" in shown and "+ " in shown and "{6,16}" in shown, shown
    step(driver, "changes-before-save")
    driver.find_element(By.ID, "confirm-save").click()
    wait_for(driver, "saved", lambda d: d.find_element(By.ID, "status").text == "已保存")
    with open(os.path.join(RULES, "signup.yaml"), encoding="utf-8") as f:
        on_disk = f.read()
    assert "- regex: '[a-zA-Z0-9]{6,16}'" in on_disk, on_disk[:400]
    step(driver, "saved")
    print("studio-check: the saved file holds the edit and the fix")

    # 7. Unsaved changes are not lost by opening another file: the page asks first.
    source.send_keys(Keys.END, " ")
    driver.find_element(By.CSS_SELECTOR, '#file-list li[data-path="vehicle.yaml"]').click()
    alert = WebDriverWait(driver, 5).until(lambda d: d.switch_to.alert)
    print(f"studio-check: opening another file with unsaved changes asks: {alert.text}")
    alert.dismiss()
    assert driver.find_element(By.ID, "open-path").text == "signup.yaml"
    assert driver.find_elements(By.CSS_SELECTOR, '#file-list li.dirty[data-path="signup.yaml"]'), "the edited file is not marked"
    source.send_keys(Keys.BACKSPACE)

    # 8. A new pack from the page alone: its starter loads and its examples pass; saved.
    driver.find_element(By.ID, "new-name").send_keys("staff id")
    driver.find_element(By.ID, "new-file").click()
    wait_for(driver, "the new pack's examples", lambda d: d.find_element(By.ID, "examples-summary").text == "2 个示例中 2 个通过")
    assert driver.find_element(By.ID, "problem-list").text == "没有问题。", driver.find_element(By.ID, "problem-list").text
    driver.find_element(By.ID, "save").click()
    wait_for(driver, "the changes", lambda d: d.find_element(By.ID, "changes").is_displayed())
    driver.find_element(By.ID, "confirm-save").click()
    wait_for(driver, "saved", lambda d: d.find_element(By.ID, "status").text == "已保存")
    assert os.path.exists(os.path.join(RULES, "staff-id.yaml"))
    step(driver, "new-pack-saved")
    print("studio-check: a new pack made from the page (staff-id.yaml) loads, its examples pass, and it is saved")


if __name__ == "__main__":
    main()
