/// The page's script: the editor (colouring, problems in place, one-click fixes), examples,
/// "try it" with the verdicts' diff against the saved rules, explain, save and undo, in
/// English or Chinese. It talks only to the studio (`X-Sift-Token` on every call).
enum StudioScript {
    static let js = #"""
        "use strict";
        const params = new URLSearchParams(location.search);
        // The token is kept for this tab only (a reload keeps working), not in the address bar or the history.
        const token = params.get("token") || sessionStorage.getItem("sift-studio-token") || "";
        sessionStorage.setItem("sift-studio-token", token);
        let lang = (params.get("lang") || sessionStorage.getItem("sift-studio-lang")) === "zh" ? "zh" : "en";
        history.replaceState(null, "", location.pathname + "?lang=" + lang);
        const T = {
          en: { files: "Files", problems: "Problems", examples: "Examples", try: "Try it", explain: "Explain", check: "Check records",
                create: "Create", rename: "Rename…", save: "Save", undo: "Undo last save", changes: "What this save changes", confirm: "Save these changes",
                cancel: "Cancel", noProblems: "No problems.", fix: "Fix: use", errorsBlock: n => `Cannot save: ${n} error${n === 1 ? "" : "s"}`,
                nothingChanged: "No changes to save", saved: "Saved", undone: "Undone", examplesPassed: (p, n) => `${p} of ${n} examples pass`,
                noRules: "The rules have errors: fix them to run the examples.", noExplain: "The rules have errors: fix them to see what they do.",
                examplesFail: n => `Cannot save: ${n} example${n === 1 ? " fails" : "s fail"}`, valid: "valid", invalid: "invalid",
                discard: "This file has changes that are not saved. Discard them?", undoAsk: "Put back the text before the last save? Your unsaved changes are lost.",
                exists: name => `'${name}' already exists: open it from the list`, tryHint: '{"kind": "signup", "email": "ada@example.com"}   (one JSON record per line)',
                moreInvalid: n => `This edit makes ${n} more record${n === 1 ? "" : "s"} invalid`,
                moreValid: n => `${n} record${n === 1 ? "" : "s"} become valid`, changedRecords: n => `${n} verdict${n === 1 ? "" : "s"} change`,
                noChange: "This edit changes no verdict", newFile: "New file, not saved yet", pickSample: "— sample records —",
                readOnly: "Read-only (not a rule file)", record: "#", verdict: "verdict", reasons: "reasons", renameTo: "Rename to:" },
          zh: { files: "文件", problems: "问题", examples: "示例", try: "试运行", explain: "规则说明", check: "检查记录",
                create: "新建", rename: "重命名…", save: "保存", undo: "撤销上次保存", changes: "本次保存的改动", confirm: "保存这些改动",
                cancel: "取消", noProblems: "没有问题。", fix: "修正为", errorsBlock: n => `无法保存：有 ${n} 个错误`,
                nothingChanged: "没有需要保存的改动", saved: "已保存", undone: "已撤销", examplesPassed: (p, n) => `${n} 个示例中 ${p} 个通过`,
                noRules: "规则有错误：改正后才能运行示例。", noExplain: "规则有错误：改正后才能查看说明。",
                examplesFail: n => `无法保存：有 ${n} 个示例未通过`, valid: "有效", invalid: "无效",
                discard: "此文件有未保存的修改。要放弃这些修改吗？", undoAsk: "恢复到上次保存之前的内容？未保存的修改会丢失。",
                exists: name => `“${name}”已存在：请从列表中打开`, tryHint: '{"kind": "signup", "email": "ada@example.com"}   （每行一条 JSON 记录）',
                moreInvalid: n => `此修改使 ${n} 条记录变为无效`, moreValid: n => `${n} 条记录变为有效`, changedRecords: n => `${n} 条记录的结果改变`,
                noChange: "此修改不改变任何结果", newFile: "新文件，尚未保存", pickSample: "— 示例记录 —",
                readOnly: "只读（不是规则文件）", record: "#", verdict: "结果", reasons: "原因", renameTo: "重命名为：" },
        };
        const t = key => T[lang][key];
        const $ = id => document.getElementById(id);
        const state = { path: null, saved: null, editable: false, errors: 0, failing: 0, timer: null, seq: 0, problems: [], isNew: false };

        async function api(path, body) {
          const init = { headers: { "X-Sift-Token": token } };
          if (body !== undefined) { init.method = "POST"; init.headers["Content-Type"] = "application/json"; init.body = JSON.stringify(body); }
          const r = await fetch(path, init);
          const data = await r.json().catch(() => ({}));
          if (!r.ok) throw new Error(data.message || r.statusText);
          return data;
        }

        function esc(s) { return String(s).replace(/[&<>"]/g, c => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c])); }

        // Colouring: comments, keys, quoted texts and numbers, line by line.
        function colour(line) {
          const m = line.match(/^(\s*(?:-\s+)?)([^\s#'"][^:#]*?)(:)(\s|$)(.*)$/);
          let out = "", rest = line;
          if (m) { out = esc(m[1]) + `<span class="k">${esc(m[2])}</span>:` + m[4]; rest = m[5]; }
          return out + rest.replace(/('[^']*'?|"(?:[^"\\]|\\.)*"?|#.*$|-?\b\d+(?:\.\d+)?\b)|([^'"#\d-]+|.)/g, (all, tok, plain) => {
            if (plain !== undefined) return esc(plain);
            if (tok[0] === "#") return `<span class="c">${esc(tok)}</span>`;
            if (tok[0] === "'" || tok[0] === '"') return `<span class="s">${esc(tok)}</span>`;
            return `<span class="n">${esc(tok)}</span>`;
          });
        }

        // The open file coloured, each problem's line marked, its message beside it.
        function render(problems) {
          if (problems) state.problems = problems;
          const lines = $("source").value.split("\n");
          const marks = {}, notes = {};
          for (const p of state.problems) {
            if (!p.line) continue;
            if (!marks[p.line] || p.severity === "error") marks[p.line] = p.severity;
            notes[p.line] = notes[p.line] || p.message;
          }
          $("highlight").innerHTML = lines.map((l, i) => marks[i + 1]
            ? `<span class="e">${colour(l) || " "}</span><span class="note ${marks[i + 1]}">    ${esc(notes[i + 1])}</span>` : colour(l)).join("\n") + "\n";
          $("gutter-lines").innerHTML = lines.map((_, i) => `<div class="${marks[i + 1] || ""}" data-line="${i + 1}">${i + 1}</div>`).join("");
          syncScroll();
        }
        // The colours and the line numbers move with the text area's scrolling, whatever its
        // scroll bars take from its height.
        function syncScroll() {
          const src = $("source");
          $("highlight").style.transform = `translate(${-src.scrollLeft}px, ${-src.scrollTop}px)`;
          $("gutter-lines").style.transform = `translateY(${-src.scrollTop}px)`;
        }

        function jump(line, column) {
          const src = $("source"), lines = src.value.split("\n");
          let at = 0;
          for (let i = 0; i < line - 1 && i < lines.length; i++) at += lines[i].length + 1;
          at += Math.max(0, (column || 1) - 1);
          src.focus();
          src.setSelectionRange(at, at);
          src.scrollTop = Math.max(0, (line - 5) * 20);
          src.scrollLeft = 0;
          syncScroll();
        }

        function applyFix(fix) {
          const lines = $("source").value.split("\n");
          const l = lines[fix.line - 1], at = [...l].slice(0, fix.column - 1).join("").length;
          if (l.substr(at, fix.from.length) !== fix.from) return;
          lines[fix.line - 1] = l.slice(0, at) + fix.to + l.slice(at + fix.from.length);
          $("source").value = lines.join("\n");
          edited();
          jump(fix.line, fix.column);
        }

        function showProblems(answer) {
          state.errors = answer.errors;
          const list = $("problem-list");
          list.innerHTML = "";
          if (!answer.problems.length) list.innerHTML = `<li>${t("noProblems")}</li>`;
          for (const p of answer.problems) {
            const li = document.createElement("li");
            li.className = "problem " + p.severity;
            li.dataset.line = p.line || "";
            li.innerHTML = `<span class="sev">${esc(p.severity)}</span> ${p.line ? `<b>${p.line}:${p.column}</b> ` : esc(p.file || "") + " "}${esc(p.message)}`;
            if (p.fix) {
              const b = document.createElement("button");
              b.className = "fix";
              b.textContent = `${t("fix")} '${p.fix.to}'`;
              b.onclick = e => { e.stopPropagation(); applyFix(p.fix); };
              li.append(" ", b);
            }
            if (p.line) li.onclick = () => jump(p.line, p.column);
            list.append(li);
          }
          render(answer.problems);
          updateSave();
        }

        function showExamples(answer) {
          const list = $("example-list");
          list.innerHTML = "";
          state.failing = answer.loaded ? answer.examples.filter(e => !e.passed).length : 0;
          updateSave();
          if (!answer.loaded) { $("examples-summary").textContent = t("noRules"); return; }
          const passed = answer.examples.filter(e => e.passed).length;
          $("examples-summary").textContent = t("examplesPassed")(passed, answer.examples.length);
          for (const e of answer.examples) {
            const li = document.createElement("li");
            li.className = "example " + (e.passed ? "passed" : "failed");
            li.innerHTML = `${esc(e.name || `${e.pack}:${e.line || ""}`)}${e.detail ? `<pre class="detail">${esc(e.detail)}</pre>` : ""}`;
            if (e.line) li.onclick = () => jump(e.line, 1);
            list.append(li);
          }
        }

        function showTry(answer) {
          const table = $("verdicts"), diff = $("diff");
          if (!answer.loaded) { table.innerHTML = ""; diff.textContent = t("noRules"); return; }
          const notes = [];
          if (answer.comparedWithSaved) {
            if (answer.newlyInvalid) notes.push(t("moreInvalid")(answer.newlyInvalid));
            if (answer.newlyValid) notes.push(t("moreValid")(answer.newlyValid));
            if (answer.changed && !answer.newlyInvalid && !answer.newlyValid) notes.push(t("changedRecords")(answer.changed));
            if (!answer.changed) notes.push(t("noChange"));
          }
          diff.textContent = `${answer.valid} ${t("valid")}, ${answer.invalid} ${t("invalid")}. ` + notes.join("; ");
          table.innerHTML = `<tr><th>${t("record")}</th><th>${t("verdict")}</th><th>${t("reasons")}</th></tr>`;
          for (const r of answer.records) {
            const tr = document.createElement("tr");
            tr.className = (r.valid ? "valid" : "invalid") + (r.changed ? " changed" : "");
            const reasons = r.error ? esc(r.error) : r.violations.map(v =>
              `<div>${v.line ? `<a class="rule" data-line="${v.line}">${esc(v.reason)}</a>` : esc(v.reason)}: ${esc(v.message)}` +
              `${v.value !== undefined && v.value !== null ? ` <code>${esc(String(v.value).slice(0, 40))}</code>` : ""}</div>`).join("");
            tr.innerHTML = `<td>${r.number}</td><td class="verdict">${r.valid ? t("valid") : t("invalid")}</td><td>${reasons}</td>`;
            table.append(tr);
          }
          for (const a of table.querySelectorAll("a.rule")) a.onclick = () => jump(+a.dataset.line, 1);
        }

        function body(extra) { return Object.assign({ path: state.path, text: $("source").value, lang }, extra || {}); }

        async function refresh() {
          if (!state.path || !state.editable) return;
          const seq = ++state.seq;
          try {
            const [lint, examples, explain] = await Promise.all([api("/api/lint", body()), api("/api/examples", body()), api("/api/explain", body())]);
            if (seq !== state.seq) return;
            showProblems(lint);
            showExamples(examples);
            $("explain-text").textContent = explain.loaded ? explain.text : t("noExplain");
            if ($("records").value.trim() || $("sample").value) await runTry();
          } catch (e) { status(e.message); }
        }

        async function runTry() {
          const sample = $("sample").value;
          const extra = sample ? { sample } : { records: $("records").value };
          showTry(await api("/api/try", body(extra)));
        }

        function edited() { render(); clearTimeout(state.timer); state.timer = setTimeout(refresh, 300); updateSave(); }

        function dirty() { return state.editable && state.path !== null && $("source").value !== state.saved; }

        function updateSave() {
          const changed = $("source").value !== state.saved;
          for (const li of document.querySelectorAll("#file-list li")) li.classList.toggle("dirty", li.dataset.path === state.path && dirty());
          const save = $("save");
          save.disabled = !state.editable || state.errors > 0 || state.failing > 0 || !changed;
          $("save-why").textContent = !state.editable ? t("readOnly") : state.errors > 0 ? t("errorsBlock")(state.errors)
            : state.failing > 0 ? t("examplesFail")(state.failing) : !changed ? t("nothingChanged") : "";
          save.title = $("save-why").textContent;
        }

        function status(text) { $("status").textContent = text; }

        // A line diff (longest common subsequence) of the saved text and the edited one.
        function lineDiff(a, b) {
          const x = a.split("\n"), y = b.split("\n");
          if (x.length * y.length > 4e6) return b.split("\n").map(l => "+ " + l).join("\n");
          const n = x.length, m = y.length, L = Array.from({ length: n + 1 }, () => new Int32Array(m + 1));
          for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) L[i][j] = x[i] === y[j] ? L[i + 1][j + 1] + 1 : Math.max(L[i + 1][j], L[i][j + 1]);
          const out = [];
          let i = 0, j = 0;
          while (i < n || j < m) {
            if (i < n && j < m && x[i] === y[j]) { i++; j++; continue; }
            if (i < n && (j >= m || L[i + 1][j] >= L[i][j + 1])) out.push(`<span class="del">- ${i + 1}: ${esc(x[i++])}</span>`);
            else out.push(`<span class="add">+ ${j + 1}: ${esc(y[j++])}</span>`);
          }
          return out.join("\n");
        }

        async function save() {
          try {
            await api("/api/save", body(state.isNew ? { create: true } : {}));
            state.saved = $("source").value;
            state.isNew = false;
            $("open-path").textContent = state.path;
            sessionStorage.setItem("sift-studio-file", state.path);
            $("changes").style.display = "none";
            $("undo").disabled = false;
            status(t("saved"));
            updateSave();
            loadFiles();
          } catch (e) { status(e.message); }
        }

        async function undo() {
          if (dirty() && !confirm(t("undoAsk"))) return;
          try {
            const f = await api("/api/undo", { path: state.path });
            $("source").value = f.text;
            state.saved = f.text;
            $("undo").disabled = true;
            status(t("undone"));
            edited();
          } catch (e) { status(e.message); }
        }

        async function open(path) {
          if (path !== state.path && dirty() && !confirm(t("discard"))) return;
          try {
            const f = await api("/api/file?path=" + encodeURIComponent(path));
            state.path = f.path; state.saved = f.text; state.editable = f.editable; state.isNew = false;
            $("source").value = f.text;
            $("source").readOnly = !f.editable;
            $("open-path").textContent = f.path;
            $("undo").disabled = true;
            status("");
            sessionStorage.setItem("sift-studio-file", f.path);
            for (const li of document.querySelectorAll("#file-list li")) li.classList.toggle("open", li.dataset.path === path);
            edited();
          } catch (e) { status(e.message); }
        }

        async function loadFiles() {
          const answer = await api("/api/files");
          const list = $("file-list");
          list.innerHTML = "";
          for (const f of answer.files) {
            const li = document.createElement("li");
            li.textContent = f.path;
            li.dataset.path = f.path;
            li.className = (f.editable ? "" : "readonly") + (f.path === state.path ? " open" : "");
            li.onclick = () => open(f.path);
            list.append(li);
          }
          const sample = $("sample"), chosen = sample.value;
          sample.innerHTML = `<option value="">${t("pickSample")}</option>` + answer.samples.map(s => `<option>${esc(s)}</option>`).join("");
          sample.value = chosen;
          return answer;
        }

        function translatePage() {
          document.documentElement.lang = lang;
          for (const el of document.querySelectorAll("[data-t]")) el.textContent = t(el.dataset.t);
          $("save").textContent = t("save"); $("undo").textContent = t("undo");
          $("records").placeholder = t("tryHint");
          $("lang").value = lang;
          loadFiles().catch(e => status(e.message));
        }

        $("source").addEventListener("input", edited);
        $("source").addEventListener("scroll", syncScroll);
        $("source").addEventListener("keydown", e => {
          if (e.key === "Tab") { e.preventDefault(); document.execCommand("insertText", false, "  "); }
        });
        $("lang").onchange = () => { lang = $("lang").value; sessionStorage.setItem("sift-studio-lang", lang); translatePage(); refresh(); };
        window.addEventListener("beforeunload", e => { if (dirty()) { e.preventDefault(); e.returnValue = ""; } });
        $("run-try").onclick = () => runTry().catch(e => status(e.message));
        $("sample").onchange = () => runTry().catch(e => status(e.message));
        $("save").onclick = () => { $("changes-text").innerHTML = lineDiff(state.saved || "", $("source").value); $("changes").style.display = "block"; };
        $("confirm-save").onclick = save;
        $("cancel-save").onclick = () => { $("changes").style.display = "none"; };
        $("undo").onclick = undo;
        // A new rule file starts as a small pack that loads and whose examples pass.
        function starter(pack) {
          return `version: 1\npack: ${pack}\ndescription: What these rules check.\napplies_to: { kind: ${pack} }   # the records this pack checks\n` +
            `fields:\n  name:\n    - length: { min: 1, max: 40 }\n      message: { en: must be 1 to 40 characters, zh: 长度须为 1 到 40 个字 }\n` +
            `examples:\n  - record: { kind: ${pack}, name: Ada }\n    valid: true\n  - record: { kind: ${pack}, name: "" }\n    reasons: [name.length]\n`;
        }
        $("new-file").onclick = async () => {
          let name = $("new-name").value.trim().replace(/\s+/g, "-");
          if (!name) return;
          if (!/\.ya?ml$/.test(name)) name += ".yaml";
          if (document.querySelector(`#file-list li[data-path="${CSS.escape(name)}"]`)) { status(t("exists")(name)); return; }
          if (dirty() && !confirm(t("discard"))) return;
          state.path = name; state.saved = ""; state.editable = true; state.isNew = true;
          $("source").value = starter(name.replace(/\.ya?ml$/, "").replace(/.*\//, "").replace(/[^A-Za-z0-9_-]/g, "_") || "new");
          $("source").readOnly = false;
          $("open-path").textContent = name + " — " + t("newFile");
          edited();
        };
        $("rename").onclick = async () => {
          if (!state.path) return;
          const to = prompt(t("renameTo"), state.path);
          if (!to || to === state.path) return;
          try { await api("/api/rename", { from: state.path, to }); state.path = to; $("open-path").textContent = to; await loadFiles(); }
          catch (e) { status(e.message); }
        };

        translatePage();
        loadFiles().then(a => {
          const last = sessionStorage.getItem("sift-studio-file");
          const pick = a.files.find(f => f.path === last) || a.files.find(f => f.editable);
          if (pick) open(pick.path);
        }).catch(e => status(e.message));
        """#
}
