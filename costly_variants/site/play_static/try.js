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

  // -- the workers -------------------------------------------------------------------------------------
  // A lead worker runs the page's Python (the comparison, the house profiles, the rule editor) and plays
  // chunks of games; helper workers, started once the lead is ready (its files are then in the browser's
  // cache), run the same comparison and play the chunks they are handed, sending back their sums for the
  // lead to merge: as costly compare shares chunks among processes (--jobs), with the same figures.
  const absolute = (path) => new URL(path, document.baseURI).href;
  // One worker a core, up to four (each holds its own Python, some 60 MB); ?helpers=N in the address sets
  // how many helpers (0 to 3), for measuring.
  const asked = new URLSearchParams(location.search).get("helpers");
  const HELPERS = /^[0-3]$/.test(asked || "") ? Number(asked)
    : Math.max(0, Math.min(navigator.hardwareConcurrency || 1, 4) - 1);
  const startMessage = { kind: "start", pyodide: absolute(root.dataset.pyodide), play: absolute(root.dataset.play),
                         try: absolute(root.dataset.try), kernel: absolute(root.dataset.kernel), version: root.dataset.version };

  function spawn(onEvent) {
    const worker = new Worker(absolute(root.dataset.try + "try-worker.js"));
    const pending = new Map();
    let nextId = 1;
    const handle = { ready: false, broken: false, houses: new Map() };
    worker.onmessage = (event) => {
      const message = event.data;
      if (message.kind === "reply") {
        const done = pending.get(message.id);
        pending.delete(message.id);
        if (done) done(JSON.parse(message.reply));
      } else onEvent(message, handle);
    };
    worker.onerror = (event) => {
      handle.broken = true;
      for (const done of pending.values()) done({ error: "its worker stopped: " + (event.message || "an error") });
      pending.clear();
      onEvent({ kind: "failed", error: event.message || "an error in its worker" }, handle);
    };
    handle.ask = (op, args) => new Promise((resolve) => {
      if (handle.broken) { resolve({ error: "its worker stopped" }); return; }
      const id = nextId++;
      pending.set(id, resolve);
      worker.postMessage({ id, request: Object.assign({ op }, args || {}) });
    });
    worker.postMessage(startMessage);
    return handle;
  }

  const lead = spawn((message) => {
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
  });
  const ask = lead.ask;
  const helpers = [];
  state.helpers = helpers; // read by the browser test

  function teach(helper, house) {
    // A house profile checked on the page is checked in each helper too, as soon as it is ready, so that a
    // run under it finds the helpers ready for it.
    const known = helper.houses.get(house.id);
    if (known && known.text === house.text) return known.reply;
    const reply = helper.ask("house", { text: house.text, name: house.name });
    helper.houses.set(house.id, { text: house.text, reply });
    return reply;
  }

  function startHelpers() {
    // A helper that does not start (memory, say) is left out: the lead plays every chunk it is not given.
    for (let i = 0; i < HELPERS; i++) {
      helpers.push(spawn((message, handle) => {
        if (message.kind === "ready") {
          handle.ready = true;
          handle.kernel = message.kernel;
          for (const house of state.houses) teach(handle, house);
          if (state.joinRun) state.joinRun(handle);
        }
        else if (message.kind === "failed") handle.broken = true;
      }));
    }
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
      parts.command, parts.summary, // the figures next to the button that made them; the full report below
      el("details", { class: "costly-play-rules costly-try-house" },
        el("summary", {}, "Your house profile: paste it or choose its file"),
        el("p", {}, "A house profile is a YAML file that extends a bundled ruleset and changes some of its rules: the Play ",
          "page's ", el("em", { text: "Download these rules" }), " saves one. It is checked here as ",
          el("code", { text: "costly validate" }), " checks it, then offered as a ruleset above."),
        el("label", {}, "Its file ", parts.file), parts.text, parts.check, parts.checked),
      el("details", { class: "costly-play-rules costly-try-edit", ontoggle: (e) => { if (e.target.open && !state.editView) edit("edit-profile", { id: parts.editBase.value }); } },
        el("summary", {}, "Or change rules from menus, as on the Play page"),
        el("label", {}, "Start from ", parts.editBase), parts.editNote, parts.editUse, parts.editRules),
      parts.report);
    // costly compare's own pairing to start from: Cotton's rules against Parlett's, where both are here.
    const has = (id) => state.profiles.some((p) => p.id === id);
    options(parts.a, has("cotton-1674") ? "cotton-1674" : state.profiles[0].id);
    options(parts.b, has("parlett-121") ? "parlett-121" : (state.profiles[1] || state.profiles[0]).id);
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
      parts.checked.replaceChildren(el("p", { text: `${reply.file}: ${reply.problems.length} problem${reply.problems.length === 1 ? "" : "s"}, as costly validate finds ${reply.problems.length === 1 ? "it" : "them"}:` }),
        el("ul", { class: "costly-try-problems" }, reply.problems.map((p) => el("li", { class: "costly-try-problem", text: p }))));
      return reply;
    }
    const house = Object.assign({ text, name }, reply);
    state.houses = state.houses.filter((h) => h.id !== reply.id).concat([house]);
    for (const helper of helpers) if (helper.ready && !helper.broken) teach(helper, house);
    state.houseText = text;
    parts.checked.replaceChildren(el("p", { class: "costly-try-ok" }, `ok: ${reply.file}: `, el("strong", { text: reply.title }),
      reply.extends ? ` (from ${reply.extends})` : "", ". It is Rules B now."));
    const a = reply.extends && state.profiles.some((p) => p.id === reply.extends) ? reply.extends : parts.a.value;
    options(parts.a, a);
    options(parts.b, reply.id);
    return reply;
  }

  // -- house rules from menus (the Play page's editor, cli/browser.py's PlayPage, in the worker) ----------
  // A coded value in a player's words, as the Play page says it (profiles.json's value_words).
  function said(key, text) { const words = (state.valueWords || {})[key]; return (words && words[text]) || text; }

  async function edit(op, args) {
    const view = await ask(op, args);
    if (view.error) { parts.editNote.textContent = view.error; return; }
    state.editView = view;
    parts.editNote.textContent = view.refused || (view.house
      ? `${view.changed} rule${view.changed === 1 ? "" : "s"} changed from ${view.base_name || view.base}.` : "Choose another value for a rule.");
    parts.editRules.replaceChildren(...view.rules.filter((rule) => rule.options.length).map((rule) => {
      const select = el("select", { "data-rule": rule.key, "aria-label": rule.title,
                                    onchange: () => edit("edit-rule", { key: rule.key, index: Number(select.value) }) },
        el("option", { value: "-1" }, `${said(rule.key, rule.base_value)}, as in ${view.base_name || view.base}`),
        rule.options.map((o) => el("option", { value: String(o.index), selected: o.index === rule.chosen },
          `${said(rule.key, o.value)}, ${o.said || o.from}`)));
      return el("div", { class: "costly-play-rule" + (rule.chosen >= 0 ? " costly-play-rule-changed" : ""), "data-rule": rule.key },
        el("div", { class: "costly-play-rule-title" }, rule.title), select);
    }));
  }

  async function useEdited() {
    if (!state.editView || !state.editView.house) { parts.editNote.textContent = "Change a rule first."; return; }
    const reply = await ask("edit-house");
    if (reply.error) { parts.editNote.textContent = reply.error; return; }
    parts.text.value = reply.yaml;
    const checked = await checkHouse(reply.yaml, reply.file);
    if (!checked.ok) { parts.editNote.textContent = "These rules do not make a profile that validates: see its problems above."; return; }
    // As the button says: compared at once, the progress brought into view.
    parts.editNote.textContent = `Compared below: these rules as Rules B against ${parts.a.value} as Rules A.`;
    parts.count.scrollIntoView({ block: "center" });
    await compare();
  }

  // -- the comparison -----------------------------------------------------------------------------------
  function percent(value, unit, difference) {
    // A difference of two shares is in percentage points ("pp"); a minus is a minus sign; nothing shows as -0.
    if (value === null || value === undefined) return "–";
    const shown = unit === "share" ? (value * 100).toFixed(1) : (Math.abs(value) >= 100 ? value.toFixed(0) : value.toFixed(2));
    const text = /^-0(\.0+)?$/.test(shown) ? shown.slice(1) : shown.replace(/^-/, "−");
    return unit === "share" ? text + (difference ? " pp" : "%") : text;
  }

  function signed(value, unit) {
    const text = percent(value, unit, true);
    return (value > 0 && /[1-9]/.test(text) ? "+" : "") + text;
  }

  function interval(e, unit, difference) {
    return e.low === null || e.low === undefined ? ""
      : ` (${percent(e.low, unit, difference)} to ${percent(e.high, unit, difference)})`;
  }

  function drawSummary(data) {
    const [a, b] = data.profiles.map((p) => p.id);
    const rows = data.figures.map((f) => {
      const d = f.differences[b];
      // Starred as costly compare stars: clear of zero after allowing for every difference the report tests
      // (Holm), not each interval alone.
      return el("tr", { "data-figure": f.key, class: d && d.starred ? "costly-try-clear" : null },
        el("th", { scope: "row", text: f.label.trim() }),
        el("td", { text: percent(f.estimates[a].value, f.unit) + interval(f.estimates[a], f.unit) }),
        el("td", { text: percent(f.estimates[b].value, f.unit) + interval(f.estimates[b], f.unit) }),
        el("td", { text: d ? signed(d.value, f.unit) + interval(d, f.unit, true) : "–" }),
        el("td", { text: d && d.starred ? "clear *" : "" }));
    });
    const control = data.error_control;
    const tested = control.tested.toLocaleString("en");
    parts.summary.replaceChildren(
      el("p", {}, `${data.settings.games_played.toLocaleString("en")} of ${data.settings.games.toLocaleString("en")} games a ruleset` +
        (data.settings.complete ? "" : " (stopped: the figures are of the games played)") +
        `, seed ${data.settings.seed}: B less A on the same seeds, each with its 95% interval (a difference of two ` +
        `shares in percentage points, pp). "Clear *" where the games tell the difference from chance after allowing ` +
        `for all ${tested} differences tested at once (Holm's method): at most a ${Math.round(control.rate * 100)}% ` +
        "chance that any star on this page is false, as costly compare stars them. An interval that leaves out zero " +
        "without a star is not clear once every difference tested is allowed for."),
      el("div", { class: "costly-try-table" }, el("table", { class: "costly-try-figures" },
        el("thead", {}, el("tr", {}, el("th", { text: "Figure" }), el("th", { text: `A: ${a}` }), el("th", { text: `B: ${b}` }),
          el("th", { text: "B − A" }), el("th", { text: "Clear?" }))),
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
    const request = { profiles: [parts.a.value, parts.b.value], games, seed: Number(parts.seed.value || 1) };
    // The run starts in the lead and in every helper ready at once (each works out the same plans), so that
    // each helper plays from the first chunks; a helper that becomes ready later joins as it can.
    const leadStart = ask("start", request);
    const beginning = helpers.filter((h) => h.ready && !h.broken && !h.busy).map((h) => [h, begin(h, request, leadStart)]);
    let progress = await leadStart;
    if (progress.error) { finish(progress.error); return; }
    show(progress); // none played yet: not the last run's count
    state.command = progress.command;
    parts.command.replaceChildren("The same figures as ", el("code", { text: progress.command }),
      !progress.search ? " (house rules, and this browser could not work out their win table: the search bot's games and how decisive the game is are left out)."
        : !progress.decisive ? " (house rules: the search bot plays from their win table, worked out here; how decisive the game is, which needs that table's error bars, is left out)."
        : "");
    progress = await shareOut(progress, request, beginning);
    if (progress.error) { finish(progress.error); return; }
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

  async function begin(helper, request, started) {
    // A helper starts the same run (told of its house profiles first): whether it did, with the same chunks.
    for (const house of state.houses) {
      if (request.profiles.includes(house.id) && !(await teach(helper, house)).ok) return false;
    }
    const same = await helper.ask("start", request);
    return !same.error && same.chunks === (await started).chunks;
  }

  async function shareOut(started, request, beginning) {
    // The chunks are handed out in the command's order, each to the first worker free: the lead plays its
    // own and merges; a helper plays its, and its sums are sent to the lead (not awaited: the helper goes on
    // to its next chunk meanwhile). Stop hands out no more; the chunks under way are finished and kept.
    const run = { next: 0, given: [], merges: [], error: null, latest: started, played: { lead: 0, helpers: 0 } };
    state.played = run.played; // chunks played by the lead and by its helpers, read by the browser test
    const take = () => (state.stopAsked || run.error) ? null : run.given.length ? run.given.shift()
      : run.next < started.chunks ? run.next++ : null;
    const shown = (progress) => {
      if (progress.error) run.error = run.error || progress.error;
      else if (progress.done >= run.latest.done) { run.latest = progress; show(progress); }
    };
    async function leadPlays() {
      for (let k = take(); k !== null; k = take()) { shown(await ask("play", { chunk: k })); run.played.lead++; }
    }
    async function helperPlays(helper, begun) {
      if (helper.busy) return;
      helper.busy = true;
      try {
        if (!(begun || await begin(helper, request, started))) return;
        for (let k = take(); k !== null; k = take()) {
          const reply = await helper.ask("sums", { chunk: k });
          if (reply.error) { run.given.push(k); return; } // the lead, or another helper, plays it
          run.played.helpers++;
          run.merges.push(ask("merge", { chunk: k, sums: reply.sums }).then(shown));
        }
      } finally { helper.busy = false; }
    }
    // The helpers that were ready have started the run before the lead plays: each takes a chunk from the first.
    const begun = await Promise.all(beginning.map(([, started]) => started));
    const working = [leadPlays(), ...beginning.filter((_, i) => begun[i]).map(([helper]) => helperPlays(helper, true))];
    state.joinRun = (helper) => { if (run.next < started.chunks) working.push(helperPlays(helper)); };
    // Until every worker is done and every sum merged; a chunk a helper gave back is played by the lead.
    for (;;) {
      if (working.length) { await Promise.all(working.splice(0)); continue; }
      if (run.merges.length) { await Promise.all(run.merges.splice(0)); continue; }
      if (run.given.length && !state.stopAsked && !run.error) { working.push(leadPlays()); continue; }
      break;
    }
    state.joinRun = null;
    return run.error ? { error: run.error } : run.latest;
  }

  function show(progress) {
    state.progress = progress;
    parts.bar.max = String(progress.total || 1);
    parts.bar.value = String(progress.done);
    // Every game of the run: both rulesets' and the skill games', as costly compare's progress bar counts them.
    parts.count.textContent = `${progress.done.toLocaleString("en")} of ${progress.total.toLocaleString("en")} games in all`;
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
    state.valueWords = reply.value_words || {};
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
    startHelpers();
  }
})();
