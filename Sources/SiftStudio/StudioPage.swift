/// The studio's page: HTML and CSS here, the script in `StudioScript`; shipped inside the
/// binary, nothing fetched from elsewhere, so it works offline.
enum StudioPage {
    static let html = head + body + "<script>\n" + StudioScript.js + "\n</script>\n</body>\n</html>\n"

    static let head = #"""
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Sift Studio</title>
        <style>
        :root { --line: 20px; --mono: "DejaVu Sans Mono", Menlo, Consolas, monospace; }
        * { box-sizing: border-box; }
        body { margin: 0; font: 14px/1.4 system-ui, "Noto Sans CJK SC", sans-serif; color: #1d2330; background: #f4f5f8; }
        header { display: flex; gap: 12px; align-items: center; padding: 8px 14px; background: #1d2330; color: #fff; }
        header h1 { font-size: 16px; margin: 0 12px 0 0; }
        header .grow { flex: 1; }
        button { font: inherit; padding: 4px 10px; border: 1px solid #8a93a6; border-radius: 4px; background: #fff; cursor: pointer; }
        button:disabled { opacity: .5; cursor: not-allowed; }
        button.primary:disabled { background: #5b6475; border-color: #5b6475; }
        button.primary { background: #2156d9; color: #fff; border-color: #2156d9; }
        main { display: grid; grid-template-columns: 220px 1fr 420px; gap: 10px; padding: 10px; height: calc(100vh - 48px); }
        section { background: #fff; border: 1px solid #d6d9e0; border-radius: 6px; padding: 8px; overflow: auto; min-height: 0; }
        h2 { font-size: 13px; text-transform: uppercase; letter-spacing: .04em; color: #5b6475; margin: 4px 0 8px; }
        #files ul { list-style: none; margin: 0; padding: 0; }
        #files li { padding: 3px 6px; border-radius: 4px; cursor: pointer; font-family: var(--mono); font-size: 12px; }
        #files li.open { background: #e3ebff; }
        #files li.readonly { color: #7a8294; }
        #files li.dirty::after { content: " ●"; color: #b35900; }
        #center { display: flex; flex-direction: column; gap: 8px; padding: 0; border: none; background: none; }
        #editor-box { position: relative; flex: 1; display: flex; background: #fff; border: 1px solid #d6d9e0; border-radius: 6px; overflow: hidden; min-height: 200px; }
        #gutter { padding: 8px 6px; text-align: right; color: #9aa1b0; font: 13px/var(--line) var(--mono); background: #fafbfc; user-select: none; overflow: hidden; min-width: 44px; }
        #gutter div.error { background: #ffd9d9; color: #b00020; }
        #gutter div.warning { background: #fff1c9; color: #8a5a00; }
        #code { position: relative; flex: 1; overflow: hidden; }
        #highlight, #source { position: absolute; margin: 0; padding: 8px; border: 0; font: 13px/var(--line) var(--mono); white-space: pre; tab-size: 2; }
        #source { inset: 0; overflow: auto; }
        #highlight { top: 0; left: 0; min-width: 100%; overflow: visible; pointer-events: none; color: #1d2330; }
        #source { color: transparent; caret-color: #1d2330; background: transparent; resize: none; outline: none; }
        .k { color: #7a2ea6; } .s { color: #1a7f37; } .n { color: #b35900; } .c { color: #8a93a6; font-style: italic; }
        .e { text-decoration: underline wavy #d00020; }
        .note { font-family: system-ui, sans-serif; font-size: 12px; color: #b00020; } .note.warning { color: #8a5a00; }
        #problems { max-height: 30%; }
        ul.list { list-style: none; margin: 0; padding: 0; }
        ul.list li { padding: 4px 6px; border-bottom: 1px solid #eef0f4; cursor: pointer; }
        li.error .sev { color: #b00020; font-weight: 600; } li.warning .sev { color: #8a5a00; font-weight: 600; }
        li.passed::before { content: "✔ "; color: #1a7f37; } li.failed::before { content: "✘ "; color: #b00020; }
        pre.detail { margin: 4px 0 0; white-space: pre-wrap; font: 12px var(--mono); color: #5b6475; }
        #side { display: flex; flex-direction: column; gap: 10px; padding: 0; border: none; background: none; }
        #side section { flex: 1; }
        textarea#records { width: 100%; height: 90px; font: 12px var(--mono); }
        table { border-collapse: collapse; width: 100%; font-size: 12px; }
        td, th { border-bottom: 1px solid #eef0f4; padding: 3px 4px; text-align: left; vertical-align: top; }
        td.verdict { white-space: nowrap; } tr.invalid td.verdict { color: #b00020; } tr.valid td.verdict { color: #1a7f37; } tr.changed { background: #fff6d6; }
        a.rule { color: #2156d9; cursor: pointer; text-decoration: underline; }
        #explain-text { white-space: pre-wrap; font: 12px var(--mono); }
        #changes { display: none; position: fixed; inset: 10% 20%; background: #fff; border: 1px solid #8a93a6; border-radius: 8px; padding: 14px; overflow: auto; box-shadow: 0 8px 30px #0004; z-index: 5; }
        #changes pre { font: 12px var(--mono); } .add { background: #e6ffec; } .del { background: #ffebe9; }
        #status { font-size: 12px; } #save-why { font-size: 12px; color: #ffd27a; }
        </style>
        </head>

        """#

    static let body = #"""
        <body>
        <header>
          <h1>Sift Studio</h1>
          <span id="open-path"></span>
          <span class="grow"></span>
          <span id="status"></span>
          <span id="save-why"></span>
          <button id="save" class="primary" disabled></button>
          <button id="undo" disabled></button>
          <select id="lang"><option value="en">English</option><option value="zh">中文</option></select>
        </header>
        <main>
          <section id="files">
            <h2 data-t="files"></h2>
            <ul id="file-list"></ul>
            <p><input id="new-name" size="14" placeholder="new.yaml"> <button id="new-file" data-t="create"></button></p>
            <p><button id="rename" data-t="rename"></button></p>
          </section>
          <section id="center">
            <div id="editor-box"><div id="gutter"><div id="gutter-lines"></div></div><div id="code"><pre id="highlight"></pre><textarea id="source" spellcheck="false" autocomplete="off"></textarea></div></div>
            <section id="problems"><h2 data-t="problems"></h2><ul id="problem-list" class="list"></ul></section>
          </section>
          <div id="side">
            <section id="examples"><h2 data-t="examples"></h2><div id="examples-summary"></div><ul id="example-list" class="list"></ul></section>
            <section id="try">
              <h2 data-t="try"></h2>
              <textarea id="records" spellcheck="false"></textarea>
              <p><select id="sample"></select> <button id="run-try" data-t="check"></button></p>
              <div id="diff"></div>
              <table id="verdicts"></table>
            </section>
            <section id="explain"><h2 data-t="explain"></h2><div id="explain-text"></div></section>
          </div>
        </main>
        <div id="changes"><h2 data-t="changes"></h2><pre id="changes-text"></pre>
          <button id="confirm-save" class="primary" data-t="confirm"></button> <button id="cancel-save" data-t="cancel"></button></div>

        """#
}
