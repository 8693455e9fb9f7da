/* The Try page: two rulesets compared by costly compare's own code (costly_variants.cli.try_page), run by
   Pyodide in a worker (try-worker.js); the figures drawn here from the document the command prints with
   --json. Every text that comes from a profile or the engine is set as text, never as markup. */
"use strict";

(function () {
  const root = document.getElementById("costly-try");
  if (!root) return;
  const GAMES = [20000, 5000, 1000, 200]; // the command's default first
  const state = { ready: false, running: false, stopAsked: false, profiles: [], houses: [], report: null,
                  progress: null, started: null, ms: null, linkError: null };
  window.costlyTry = state; // read by the browser test

  const el = window.costlyDom.el; // dom.js: text stays text

  function problem(text) {
    root.dataset.state = "failed";
    root.replaceChildren(el("p", { class: "costly-play-problem", role: "alert" }, text, " ",
      "You can compare rulesets in a terminal instead: ", el("code", { text: "pip install costly-variants" }), ", then ",
      el("code", { text: "costly compare cotton-1674 parlett-121" }), "."));
  }

  if (typeof WebAssembly !== "object" || typeof Worker !== "function") {
    problem("This browser cannot run the comparison here: the Try page needs WebAssembly, which it does not offer (or has turned off).");
    return;
  }
  if (location.protocol === "file:") {
    problem("The Try page must be served over HTTP, not opened as a file: in the built site's folder run " +
            "python -m http.server and open http://localhost:8000/try.html.");
    return;
  }

  // -- the worker --------------------------------------------------------------------------------------
  const absolute = (path) => new URL(path, document.baseURI).href;
  const worker = new Worker(absolute(root.dataset.try + "try-worker.js"));
  const pending = new Map();
  let nextId = 1;
  worker.onmessage = (event) => {
    const message = event.data;
    if (message.kind === "progress") {
      root.querySelector(".costly-play-status").textContent = message.text;
      root.querySelector(".costly-play-progress").value = message.value;
    } else if (message.kind === "failed") problem("The comparison could not start: " + message.error + ".");
    else if (message.kind === "ready") {
      state.loadMs = message.ms;
      state.workerFetched = message.fetched;
      state.kernel = message.kernel; // whether the games are played by the WebAssembly kernel
      started();
    }
    else if (message.kind === "reply") {
      const done = pending.get(message.id);
      pending.delete(message.id);
      if (done) done(JSON.parse(message.reply));
    }
  };
  worker.onerror = (event) => problem("The comparison could not start: " + (event.message || "an error in its worker") + ".");
  worker.postMessage({ kind: "start", pyodide: absolute(root.dataset.pyodide), play: absolute(root.dataset.play),
                       try: absolute(root.dataset.try), kernel: absolute(root.dataset.kernel), version: root.dataset.version });

  function ask(op, args) {
    return new Promise((resolve) => {
      const id = nextId++;
      pending.set(id, resolve);
      worker.postMessage({ id, request: Object.assign({ op }, args || {}) });
    });
  }

  // -- the page's parts ---------------------------------------------------------------------------------
  let parts = {};

  function options(select, chosen) {
    select.replaceChildren(
      ...state.profiles.map((p) => el("option", { value: p.id, selected: p.id === chosen }, p.title)),
      ...state.houses.map((h) => el("option", { value: h.id, selected: h.id === chosen }, `${h.title} (house profile ${h.file})`)));
  }

  function build() {
    parts = {
      a: el("select", { id: "costly-try-a" }), b: el("select", { id: "costly-try-b" }),
      games: el("select", { id: "costly-try-games" }, GAMES.map((n) => el("option", { value: String(n) }, n.toLocaleString("en")))),
      seed: el("input", { id: "costly-try-seed", type: "number", min: "0", step: "1", value: "1", inputmode: "numeric" }),
      go: el("button", { type: "button", class: "costly-try-go", onclick: () => compare() }, "Compare"),
      stop: el("button", { type: "button", class: "costly-try-stop", disabled: true, onclick: () => { state.stopAsked = true; } }, "Stop"),
      bar: el("progress", { class: "costly-try-bar", max: "1", value: "0" }),
      count: el("span", { class: "costly-try-count", "aria-live": "polite" }),
      text: el("textarea", { id: "costly-try-text", rows: "10", spellcheck: "false",
                             placeholder: "id: my-house\ntitle: My house rules\nextends: cotton-1674\nrules:\n  game:\n    target:\n      value: 91" }),
      file: el("input", { id: "costly-try-file", type: "file", accept: ".yaml,.yml,text/yaml,text/plain",
                          onchange: () => readFile() }),
      check: el("button", { type: "button", class: "costly-try-check", onclick: () => checkHouse(parts.text.value, "pasted.yaml") },
        "Check and add this profile"),
      checked: el("div", { class: "costly-try-checked", "aria-live": "polite" }),
      message: el("p", { class: "costly-try-message", role: "alert" }),
      command: el("p", { class: "costly-try-command" }),
      summary: el("div", { class: "costly-try-summary" }),
      report: el("pre", { class: "costly-try-report" }),
      editBase: el("select", { id: "costly-try-edit-base", onchange: () => edit("edit-profile", { id: parts.editBase.value }) },
        state.profiles.map((p) => el("option", { value: p.id }, p.title))),
      editRules: el("div", { class: "costly-play-rules-list costly-try-edit-rules" }),
      editNote: el("p", { class: "costly-try-edit-note", "aria-live": "polite" }),
      editUse: el("button", { type: "button", class: "costly-try-edit-use", onclick: () => useEdited() },
        "Compare these rules (as Rules B) with the ruleset they come from"),
    };
    root.replaceChildren(
      parts.message,
      el("form", { class: "costly-play-setup", onsubmit: (e) => { e.preventDefault(); compare(); } },
        el("label", {}, "Rules A (the baseline) ", parts.a), el("label", {}, "Rules B ", parts.b),
        el("label", {}, "Games a ruleset ", parts.games), el("label", {}, "Seed ", parts.seed), parts.go, parts.stop),
      el("div", { class: "costly-try-progress" }, parts.bar, " ", parts.count),
      el("details", { class: "costly-play-rules costly-try-house" },
        el("summary", {}, "Your house profile: paste it or choose its file"),
        el("p", {}, "A house profile is a YAML file that extends a bundled ruleset and changes some of its rules: the Play ",
          "page's ", el("em", { text: "Download these rules" }), " saves one. It is checked here as ",
          el("code", { text: "costly validate" }), " checks it, then offered as a ruleset above."),
        el("label", {}, "Its file ", parts.file), parts.text, parts.check, parts.checked),
      el("details", { class: "costly-play-rules costly-try-edit", ontoggle: (e) => { if (e.target.open && !state.editView) edit("edit-profile", { id: parts.editBase.value }); } },
        el("summary", {}, "Or change rules from menus, as on the Play page"),
        el("label", {}, "Start from ", parts.editBase), parts.editNote, parts.editUse, parts.editRules),
      parts.command, parts.summary, parts.share, parts.report);
    options(parts.a, state.profiles[0].id);
    options(parts.b, (state.profiles[1] || state.profiles[0]).id);
  }

  async function readFile() {
    const file = parts.file.files[0];
    if (!file) return;
    if (file.size > window.costlyLinks.MAX_TEXT) {
      parts.checked.replaceChildren(el("p", { class: "costly-try-problem", text: `${file.name}: longer than a profile can be` }));
      return;
    }
    const text = await file.text();
    parts.text.value = text;
    await checkHouse(text, file.name);
  }

  async function checkHouse(text, name) {
    // The project's own check, in the worker: the same located messages as costly validate.
    const reply = await ask("house", { text, name });
    if (reply.error) { parts.checked.replaceChildren(el("p", { class: "costly-try-problem", text: reply.error })); return reply; }
    if (!reply.ok) {
      parts.checked.replaceChildren(el("p", { text: `${reply.file}: ${reply.problems.length} problem(s), as costly validate finds them:` }),
        el("ul", { class: "costly-try-problems" }, reply.problems.map((p) => el("li", { class: "costly-try-problem", text: p }))));
      return reply;
    }
    state.houses = state.houses.filter((h) => h.id !== reply.id).concat([reply]);
    state.houseText = text;
    parts.checked.replaceChildren(el("p", { class: "costly-try-ok" }, `ok: ${reply.file}: `, el("strong", { text: reply.title }),
      reply.extends ? ` (from ${reply.extends})` : "", ". It is Rules B now."));
    const a = reply.extends && state.profiles.some((p) => p.id === reply.extends) ? reply.extends : parts.a.value;
    options(parts.a, a);
    options(parts.b, reply.id);
    return reply;
  }

  // -- house rules from menus (the Play page's editor, cli/browser.py's PlayPage, in the worker) ----------
  async function edit(op, args) {
    const view = await ask(op, args);
    if (view.error) { parts.editNote.textContent = view.error; return; }
    state.editView = view;
    parts.editNote.textContent = view.refused || (view.house
      ? `${view.changed} rule${view.changed === 1 ? "" : "s"} changed from ${view.base}.` : "Choose another value for a rule.");
    parts.editRules.replaceChildren(...view.rules.filter((rule) => rule.options.length).map((rule) => {
      const select = el("select", { "data-rule": rule.key, "aria-label": rule.title,
                                    onchange: () => edit("edit-rule", { key: rule.key, index: Number(select.value) }) },
        el("option", { value: "-1" }, `${rule.base_value} (${view.base}'s own)`),
        rule.options.map((o) => el("option", { value: String(o.index), selected: o.index === rule.chosen }, `${o.value} — ${o.from}`)));
      return el("div", { class: "costly-play-rule" + (rule.chosen >= 0 ? " costly-play-rule-changed" : ""), "data-rule": rule.key },
        el("div", { class: "costly-play-rule-title" }, rule.title, " ", el("code", { text: rule.key })), select);
    }));
  }

  async function useEdited() {
    if (!state.editView || !state.editView.house) { parts.editNote.textContent = "Change a rule first."; return; }
    const reply = await ask("edit-house");
    if (reply.error) { parts.editNote.textContent = reply.error; return; }
    parts.text.value = reply.yaml;
    await checkHouse(reply.yaml, reply.file);
  }

  // -- the comparison -----------------------------------------------------------------------------------
  function percent(value, unit) {
    if (value === null || value === undefined) return "–";
    return unit === "share" ? `${(value * 100).toFixed(1)}%` : (Math.abs(value) >= 100 ? value.toFixed(0) : value.toFixed(2));
  }

  function interval(e, unit) {
    return e.low === null || e.low === undefined ? "" : ` (${percent(e.low, unit)} to ${percent(e.high, unit)})`;
  }

  function drawSummary(data) {
    const [a, b] = data.profiles.map((p) => p.id);
    const rows = data.figures.map((f) => {
      const d = f.differences[b];
      return el("tr", { "data-figure": f.key, class: d && d.clear_of_zero ? "costly-try-clear" : null },
        el("th", { scope: "row", text: f.label.trim() }),
        el("td", { text: percent(f.estimates[a].value, f.unit) + interval(f.estimates[a], f.unit) }),
        el("td", { text: percent(f.estimates[b].value, f.unit) + interval(f.estimates[b], f.unit) }),
        el("td", { text: d ? (d.value > 0 ? "+" : "") + percent(d.value, f.unit) + interval(d, f.unit) : "–" }),
        el("td", { text: d && d.clear_of_zero ? "clear of zero" : "" }));
    });
    parts.summary.replaceChildren(
      el("p", {}, `${data.settings.games_played.toLocaleString("en")} of ${data.settings.games.toLocaleString("en")} games a ruleset` +
        (data.settings.complete ? "" : " (stopped: the figures are of the games played)") +
        `, seed ${data.settings.seed}: B less A on the same seeds, each with its 95% interval; "clear of zero" where that interval ` +
        "leaves out zero (the games tell the difference from chance), as costly compare marks it."),
      el("div", { class: "costly-try-table" }, el("table", { class: "costly-try-figures" },
        el("thead", {}, el("tr", {}, el("th", { text: "figure" }), el("th", { text: `A: ${a}` }), el("th", { text: `B: ${b}` }),
          el("th", { text: "B − A" }), el("th", { text: "" }))),
        el("tbody", {}, rows))));
  }

  async function compare() {
    if (state.running || !state.ready) return;
    state.running = true;
    state.stopAsked = false;
    state.report = null;
    root.dataset.state = "running";
    parts.go.disabled = true;
    parts.stop.disabled = false;
    parts.message.textContent = "";
    parts.summary.replaceChildren();
    parts.report.textContent = "";
    const began = performance.now();
    const games = Number(parts.games.value);
    let progress = await ask("start", { profiles: [parts.a.value, parts.b.value], games, seed: Number(parts.seed.value || 1) });
    if (progress.error) { finish(progress.error); return; }
    state.command = progress.command;
    parts.command.replaceChildren("The same figures as ", el("code", { text: progress.command }),
      progress.search ? "" : " (house rules: the page has no win table for them, so the search bot's games and how decisive the game is are left out).");
    while (!progress.finished && !state.stopAsked) {
      show(progress);
      progress = await ask("step", { chunks: 1 });
      if (progress.error) { finish(progress.error); return; }
    }
    if (!progress.finished) progress = await ask("stop");
    show(progress);
    const report = await ask("report");
    state.ms = performance.now() - began;
    if (report.error) { finish(report.error); return; }
    state.report = report;
    state.data = JSON.parse(report.json);
    drawSummary(state.data);
    parts.report.textContent = report.text;
    finish(null);
  }

  function show(progress) {
    state.progress = progress;
    parts.bar.max = String(progress.total || 1);
    parts.bar.value = String(progress.done);
    parts.count.textContent = `${progress.done.toLocaleString("en")} of ${progress.total.toLocaleString("en")} games`;
  }

  function finish(error) {
    if (error) parts.message.textContent = error;
    state.running = false;
    parts.go.disabled = false;
    parts.stop.disabled = true;
    root.dataset.state = error ? "error" : "done";
  }

  async function fromLink() {
    // A ruleset in the address (links.js): a bundled one becomes Rules B, a house profile is checked as a
    // pasted one is. A bad link says why and leaves the page as it was.
    let found;
    try {
      found = await window.costlyLinks.decode(location.hash);
    } catch (error) {
      state.linkError = String(error.message || error);
      parts.message.textContent = `This page's link holds no ruleset it can read: ${state.linkError}. Choose the rules below.`;
      return;
    }
    if (!found) return;
    if (found.id) {
      if (!state.profiles.some((p) => p.id === found.id)) {
        state.linkError = `no bundled ruleset ${found.id}`;
        parts.message.textContent = `This page's link names ${found.id}, which is not a ruleset here. Choose the rules below.`;
        return;
      }
      options(parts.b, found.id);
      return;
    }
    parts.text.value = found.text;
    root.querySelector(".costly-try-house").open = true;
    const reply = await checkHouse(found.text, "link.yaml");
    if (!reply.ok) {
      state.linkError = "the profile in the link does not validate";
      parts.message.textContent = "The house profile in this page's link does not validate: its problems are shown below.";
    }
  }

  async function started() {
    const reply = await ask("bundled");
    state.profiles = reply.profiles;
    build();
    const wanted = new URLSearchParams(location.search);
    if (/^\d+$/.test(wanted.get("seed") || "")) parts.seed.value = wanted.get("seed");
    if (/^\d+$/.test(wanted.get("games") || "")) {
      const n = wanted.get("games");
      if (!GAMES.includes(Number(n))) parts.games.append(el("option", { value: n }, Number(n).toLocaleString("en")));
      parts.games.value = n;
    }
    // kept for offline (site/offline.py): what the page and its worker loaded, and the worker's own script
    if (window.costlyOffline) window.costlyOffline([...(state.workerFetched || []), absolute(root.dataset.try + "try-worker.js")]);
    await fromLink();
    state.ready = true;
    root.dataset.state = "ready";
  }
})();
