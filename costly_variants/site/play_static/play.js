/* The Play page: costly_variants' own engine, bots and count, run by Pyodide in a worker
   (play-worker.js), drawn here. Every text that comes from a profile or the engine is set as text,
   never as markup. Keys: the number of a choice (Enter for the only one), H for a hint, N for a new deal
   (asked first while a game is being played: Y deals, Esc plays on). */
"use strict";

(function () {
  const root = document.getElementById("costly-play");
  if (!root) return;
  const SUITS = { H: "♥", D: "♦", C: "♣", S: "♠" };
  const RED = { H: true, D: true };
  // ms between one computer move and the next, to follow them (not a wait for the engine); none after the
  // move that gives the player the turn: what says "your turn" takes the player's input at once
  const BOT_PAUSE = 250;
  const state = { ready: false, busy: false, view: null, rules: null, passages: {}, timings: [], loadMs: null,
                  seed: null, seedText: null, deals: 0, taken: 0, hinting: false, queued: null, asking: false,
                  howToPlay: {}, valueWords: {}, working: [] };
  window.costlyPlay = state; // read by the browser test and the benchmark

  const el = window.costlyDom.el; // dom.js: text stays text

  function setStatus(text, value) {
    const status = root.querySelector(".costly-play-status");
    const bar = root.querySelector(".costly-play-progress");
    if (status) status.textContent = text;
    if (bar && value !== undefined) bar.value = value;
  }

  function problem(text) {
    root.dataset.state = "failed";
    root.replaceChildren(el("p", { class: "costly-play-problem", role: "alert" }, text, " ",
      "You can play every ruleset in a terminal instead: ",
      el("code", { text: "pip install costly-variants" }), ", then ",
      el("code", { text: "costly play --variant cotton-1674" }), "."));
  }

  if (typeof WebAssembly !== "object" || typeof Worker !== "function") {
    problem("This browser cannot run the game here: the Play page needs WebAssembly, which it does not offer (or has turned off).");
    return;
  }
  if (location.protocol === "file:") {
    problem("The Play page must be served over HTTP, not opened as a file: in the built site's folder run " +
            "python -m http.server and open http://localhost:8000/play.html.");
    return;
  }

  // -- the worker --------------------------------------------------------------------------------------
  const early = window.costlyPlayStart; // the worker, started by the frame's inline script (play-start.js)
  if (!early) {
    problem("The game engine could not start: its worker was not started.");
    return;
  }
  const worker = early.worker;
  const pending = new Map();
  let nextId = 1;
  function receive(message) {
    if (message.kind === "progress") setStatus(message.text, message.value);
    else if (message.kind === "working") showWork(message.text, message.value);
    else if (message.kind === "failed") problem("The game engine could not start: " + message.error + ".");
    else if (message.kind === "ready") {
      state.loadMs = message.ms;
      state.workerFetched = message.fetched; // what the worker fetched to start
      state.phases = Object.assign({ page: early.at }, message.phases);
      started(JSON.parse(message.profiles));
    }
    else if (message.kind === "reply") {
      const done = pending.get(message.id);
      pending.delete(message.id);
      if (done) done(JSON.parse(message.reply), message.ms);
    }
  }
  worker.onmessage = (event) => receive(event.data);
  worker.onerror = (event) => problem("The game engine could not start: " + (event.message || "an error in its worker") + ".");
  early.messages.splice(0).forEach(receive);

  function showWork(text, value) {
    // The engine working out a house ruleset's win table (a second or two, once for those rules), said where
    // the player is looking: under the hint asked for, else where the game's situation is shown.
    state.working.push(value); // read by the browser test
    const where = state.hinting ? parts.hint : parts.situation;
    if (where) where.replaceChildren(el("span", { text: `${text}… ` }),
      el("progress", { class: "costly-play-working", max: "100", value: String(value) }));
  }

  function ask(op, args, mover) {
    // One call to the engine; how long Python took is kept (the benchmark reads it), with who moved.
    return new Promise((resolve) => {
      const id = nextId++;
      pending.set(id, (reply, ms) => {
        state.timings.push({ op, ms, mover: mover || null, bot: state.view ? state.view.bot : null });
        resolve(reply);
      });
      worker.postMessage({ id, request: Object.assign({ op }, args || {}) });
    });
  }

  // -- cards and citations ------------------------------------------------------------------------------
  function cardFace(text, extra) {
    const rank = text.slice(0, -1), suit = text.slice(-1);
    return el("span", { class: "costly-card" + (RED[suit] ? " costly-card-red" : "") + (extra ? " " + extra : ""),
                        "data-card": text }, rank + SUITS[suit]);
  }
  function pretty(text) { return text.slice(0, -1) + SUITS[text.slice(-1)]; }

  function siteUrl(url) { return new URL(url, document.baseURI).href; }

  function citeLink(ref, text) {
    const passage = state.passages[ref] || { citation: ref };
    return passage.url
      ? el("a", { class: "costly-play-cite", href: siteUrl(passage.url), title: passage.words || null, target: "_blank",
                  rel: "noopener", "data-ref": ref }, text || passage.citation)
      : el("span", { class: "costly-play-cite", title: passage.words || null, "data-ref": ref }, text || passage.citation);
  }

  function citeLinks(refs) {
    // Each citation once: two passages on the same page are "Cotton 1674, p. 125 (passages 1, 2)", not the
    // same words twice.
    if (!refs || !refs.length) return [el("em", { text: "no passage" })];
    const byCitation = new Map();
    for (const ref of refs) {
      const citation = (state.passages[ref] || { citation: ref }).citation;
      if (!byCitation.has(citation)) byCitation.set(citation, []);
      byCitation.get(citation).push(ref);
    }
    const out = [];
    [...byCitation.values()].forEach((same, i) => {
      if (i) out.push("; ");
      out.push(citeLink(same[0]));
      if (same.length > 1) {
        out.push(" (passages ", ...same.flatMap((ref, j) => [j ? ", " : "", citeLink(ref, String(j + 1))]), ")");
      }
    });
    return out;
  }

  const REF = /[a-z0-9]+(?:-[a-z0-9]+)*#[a-z0-9]+(?:-[a-z0-9]+)*/g;
  function linked(text) {
    // A line of the terminal's, with each passage id it names turned into a link to the passage.
    const out = [];
    let last = 0;
    for (const match of text.matchAll(REF)) {
      if (!(match[0] in state.passages)) continue;
      out.push(text.slice(last, match.index), ...citeLinks([match[0]]));
      last = match.index + match[0].length;
    }
    out.push(text.slice(last));
    return out;
  }

  function download(name, text, type) {
    const url = URL.createObjectURL(new Blob([text], { type }));
    const a = el("a", { href: url, download: name });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  }

  // -- the page's parts ---------------------------------------------------------------------------------
  let parts = {};

  function build(profiles) {
    const profileSelect = el("select", { id: "costly-play-profile", onchange: () => chooseProfile(profileSelect.value) },
      profiles.map((p) => el("option", { value: p.id }, p.title + (p.rules["players.partnerships"].value ? " — four hands" : ""))));
    const botSelect = el("select", { id: "costly-play-bot" },
      el("option", { value: "greedy" }, "greedy (easy)"), el("option", { value: "expert", selected: true }, "expert"),
      el("option", { value: "search" }, "search (strongest)"));
    // Text, not type=number: a number box takes 1e5 and 3.5 as numbers, and a seed is digits only.
    const seedInput = el("input", { id: "costly-play-seed", type: "text", inputmode: "numeric", autocomplete: "off",
                                    placeholder: "random", "aria-describedby": "costly-play-seed-problem",
                                    oninput: () => seedProblem() });
    const dealButton = el("button", { type: "button", class: "costly-play-deal", onclick: () => newGame() }, "Deal a new game");
    const houseButton = el("button", { type: "button", class: "costly-play-house", onclick: () => downloadHouse() },
      "Download these rules (house profile)");
    const logButton = el("button", { type: "button", class: "costly-play-log", disabled: true, onclick: () => downloadLog() },
      "Download the game log");
    const hintButton = el("button", { type: "button", class: "costly-play-hint-button", disabled: true, onclick: () => hint() },
      "Hint (H)");
    parts = {
      profileSelect, botSelect, seedInput, dealButton, houseButton, logButton, hintButton,
      seedNote: el("p", { class: "costly-play-seed-problem", id: "costly-play-seed-problem", role: "alert" }),
      howTo: el("p", { class: "costly-play-howto" }),
      notices: [el("p", { class: "costly-play-notice", role: "status" }), el("p", { class: "costly-play-notice", role: "status" })],
      ask: el("div", { class: "costly-play-ask", role: "alertdialog", "aria-label": "Deal a new game?", hidden: true }),
      rulesSummary: el("p", { class: "costly-play-rules-summary" }),
      rulesTable: el("div", { class: "costly-play-rules-list" }),
      refused: el("p", { class: "costly-play-refused", role: "alert" }),
      board: el("div", { class: "costly-play-board", "aria-live": "polite" }),
      choices: el("div", { class: "costly-play-choices", role: "group", "aria-label": "Your choices" }),
      situation: el("p", { class: "costly-play-situation" }),
      hint: el("div", { class: "costly-play-hint", "aria-live": "polite" }),
      feed: el("ol", { class: "costly-play-feed" }),
      counts: el("div", { class: "costly-play-counts" }),
      seedShown: el("span", { class: "costly-play-seed-shown" }),
    };
    root.replaceChildren(
      el("form", { class: "costly-play-setup", onsubmit: (e) => { e.preventDefault(); newGame(); } },
        el("label", {}, "Rules ", profileSelect), el("label", {}, "Opponent ", botSelect),
        el("label", {}, "Seed ", seedInput), dealButton),
      parts.seedNote, parts.howTo, parts.notices[0],
      el("details", { class: "costly-play-rules" },
        el("summary", {}, "The rules in force, and house rules: change any rule to another reading or another profile's value"),
        parts.rulesSummary, parts.notices[1], parts.refused, houseButton, parts.rulesTable),
      parts.table = el("section", { class: "costly-play-table", "aria-label": "The game" },
        parts.ask, parts.board, parts.situation, parts.choices,
        el("div", { class: "costly-play-tools" }, hintButton, logButton, parts.seedShown), parts.hint),
      el("div", { class: "costly-play-columns" },
        el("section", { class: "costly-play-feed-box" }, el("h2", { class: "costly-play-heading" }, "What happened, and the rule behind each score"), parts.feed),
        el("section", { class: "costly-play-counts-box" }, el("h2", { class: "costly-play-heading" }, "The count of each hand"), parts.counts)));
  }

  function drawRules(view) {
    state.rules = view;
    parts.refused.textContent = view.refused || "";
    const how = state.howToPlay[view.base];
    parts.howTo.replaceChildren(...(how ? ["How a deal goes under these rules: ",
      el("a", { href: siteUrl(how), class: "costly-play-howto-link" }, `how to play ${view.base_name || view.base}`),
      ", in plain words, on its page."] : []));
    parts.rulesSummary.replaceChildren(view.house
      ? `${view.title}: ${view.changed} rule${view.changed === 1 ? "" : "s"} changed from ${view.base}, shown highlighted.`
      : `${view.title}: every rule as the profile gives it. Choose another value for a rule to play a house rule.`);
    parts.rulesTable.replaceChildren(...view.rules.map((rule) => {
      const select = el("select", { "data-rule": rule.key, "aria-label": rule.title,
                                    onchange: () => changeRule(rule.key, Number(select.value)) },
        el("option", { value: "-1" }, `${said(rule.key, rule.base_value)}, as in ${view.base_name || view.base}`),
        rule.options.map((o) => el("option", { value: String(o.index), selected: o.index === rule.chosen }, `${said(rule.key, o.value)}, ${o.said || o.from}`)));
      if (!rule.options.length) select.disabled = true;
      const chosen = rule.options.find((o) => o.index === rule.chosen);
      return el("div", { class: "costly-play-rule" + (rule.chosen >= 0 ? " costly-play-rule-changed" : ""), "data-rule": rule.key },
        el("div", { class: "costly-play-rule-title" }, rule.title),
        el("div", { class: "costly-play-rule-value" }, el("strong", { text: said(rule.key, rule.value) }), " ",
          el("span", { class: `costly-badge costly-badge-${rule.status}`, text: rule.status }), " ", ...citeLinks(rule.cite)),
        rule.note ? el("div", { class: "costly-play-rule-note", text: rule.note }) : null,
        chosen ? el("div", { class: "costly-play-rule-from" }, "Taken ", chosen.said || chosen.from, ": ", ...citeLinks(chosen.cite)) : null,
        select);
    }));
  }

  function seatName(view, player) { return view.names[player]; }

  // A coded value in words, as the site's tables say it ("the lowest cut deals", not "cut-lowest").
  function said(key, text) { const words = state.valueWords[key]; return (words && words[text]) || text; }

  function drawBoard(view) {
    const bars = view.scores.map((score, team) => el("div", { class: "costly-play-score", "data-team": String(team) },
      el("span", { class: "costly-play-score-name", text: view.teams[team] }),
      el("progress", { max: String(view.target), value: String(Math.min(score, view.target)) }),
      el("span", { class: "costly-play-score-value", text: `${score} / ${view.target}` })));
    const others = [];
    for (let p = 1; p < view.players; p++) {
      others.push(el("div", { class: "costly-play-seat", "data-seat": String(p) }, el("span", { text: seatName(view, p) + (p === view.dealer ? " (dealer)" : "") }), " ",
        Array.from({ length: view.held[p] || 0 }, () => el("span", { class: "costly-card costly-card-back", "aria-hidden": "true" }, "\u00a0")),
        el("span", { class: "costly-visually-hidden", text: `${view.held[p] || 0} cards` })));
    }
    const series = view.series.length
      ? view.series.map(([p, c]) => el("span", { class: "costly-play-laid", title: seatName(view, p) }, cardFace(c)))
      : [el("span", { class: "costly-play-none", text: "none yet" })];
    parts.board.replaceChildren(
      el("div", { class: "costly-play-scores" }, bars),
      el("div", { class: "costly-play-others" }, others),
      el("div", { class: "costly-play-middle" },
        el("span", {}, "Deck card ", view.deck ? cardFace(view.deck) : el("span", { class: "costly-play-none", text: "not turned" })),
        el("span", { class: "costly-play-count" }, "Count ", el("strong", { text: String(view.count) })),
        el("span", { class: "costly-play-series" }, "In this series ", series)),
      el("div", { class: "costly-play-you" }, el("span", { text: "Your hand" + (view.dealer === 0 ? " (you deal)" : "") }), " ",
        el("span", { class: "costly-play-hand" }, view.hand.map((c) => cardFace(c)))),
      // the opponent in words where it is not the one chosen: search with no win table plays for points
      el("p", { class: "costly-play-facts" }, `Deal ${view.deal} · game to ${view.target} · ${view.profile} · seed ${state.seedText} · opponent ${view.opponent}`));
    // The whole command that deals this game in a terminal: the rules, the bot that plays, the seed.
    parts.seedShown.replaceChildren(`Seed ${state.seedText}. The same game in a terminal` +
      (view.house_file ? `, in the folder where "Download these rules" saved the house profile: ` : ": "),
      // each word of the command kept whole on a narrow screen (a browser breaks "--bot" at its hyphen)
      el("code", { class: "costly-play-command" },
        view.command.split(" ").flatMap((word, i) => [i ? " " : "", el("span", { text: word })])));
  }

  function drawChoices(view) {
    parts.situation.textContent = view.finished ? view.result : (view.waiting ? view.situation : "The computer is playing…");
    parts.choices.replaceChildren(...view.choices.map((choice, i) => el("button", {
      type: "button", class: "costly-play-choice" + (choice.card ? " costly-play-choice-card" : ""),
      "data-index": String(i), "data-kind": choice.kind, "data-card": choice.card,
      "aria-keyshortcuts": i < 9 ? String(i + 1) : null, onclick: () => choose(i) },
      el("kbd", { text: String(i + 1) }), choice.card ? cardFace(choice.card) : null, el("span", { class: "costly-play-choice-label", text: choice.label }))),
      // the game over, the next one is dealt from here: the Deal button may be a screen above
      ...(view.finished ? [el("button", { type: "button", class: "costly-play-again", "aria-keyshortcuts": "N", onclick: () => newGame() },
        el("kbd", { text: "N" }), " Deal a new game")] : []));
    parts.hintButton.disabled = !view.waiting;
    parts.logButton.disabled = false;
    root.dataset.state = view.finished ? "over" : (view.waiting ? "waiting" : "busy");
  }

  function drawFeed(view) {
    for (const item of view.feed) {
      const head = item.kind === "line" && /^-- (Deal \d+) --$/.exec(item.text);
      if (head) {
        parts.feed.append(el("li", { class: "costly-play-deal-head" }, el("strong", { text: head[1] })));
      } else if (item.kind === "line") {
        parts.feed.append(el("li", { class: "costly-play-line" }, linked(item.text)));
      } else if (item.kind === "count") {
        parts.feed.append(el("li", { class: "costly-play-line" }, `${item.who} ${item.who === "You" ? "count" : "counts"} `,
          item.cards.map((c) => cardFace(c)), " with ", cardFace(item.deck), ":"));
        const box = el("div", { class: "costly-play-count-hand", "data-player": String(item.count_of), "data-deal": String(item.deal) },
          el("h3", {}, `Deal ${item.deal}: ${item.who}`, " ", item.cards.map((c) => cardFace(c)), " with ", cardFace(item.deck)),
          el("ul", {}), el("p", { class: "costly-play-count-total" }, "Total ", el("strong", { text: "0" })));
        parts.counts.prepend(box);
      } else if (item.kind === "score") {
        const words = el("span", { class: "costly-play-said" }, `${item.who}: ${item.said}`,
          item.cards.length && item.phase !== "play" ? ` (${item.cards.map(pretty).join(" ")})` : "");
        const rule = el("span", { class: "costly-play-rule-words" }, ` — ${item.rule_title}: `, ...citeLinks(item.cite));
        parts.feed.append(el("li", { class: "costly-play-scored", "data-team": String(item.team), "data-points": String(item.points),
                                     "data-rule": item.rule }, words, rule));
        if (item.phase === "count") {
          const box = parts.counts.querySelector(`.costly-play-count-hand[data-player="${item.player}"][data-deal="${item.deal}"]`);
          if (box) {
            box.querySelector("ul").append(el("li", { "data-points": String(item.points) }, `${item.said}`,
              item.cards.length ? ` (${item.cards.map(pretty).join(" ")})` : "", " — ", item.rule_title, ": ", ...citeLinks(item.cite)));
            const total = box.querySelector(".costly-play-count-total strong");
            total.textContent = String(Number(total.textContent) + item.points);
          }
        }
      }
    }
    if (view.finished && view.result) parts.feed.append(el("li", { class: "costly-play-result" }, el("strong", { text: view.result })));
    parts.feed.scrollTop = parts.feed.scrollHeight; // the feed scrolls in its box; the page stays put
  }

  function draw(view) {
    state.view = view;
    drawBoard(view);
    drawChoices(view);
    drawFeed(view);
  }

  // -- what the player does ----------------------------------------------------------------------------
  function hold() {
    // The page is working: it says so, and nothing that would be ignored looks as if it could be pressed.
    state.busy = true;
    root.dataset.state = "busy";
    for (const button of parts.choices.querySelectorAll("button")) button.disabled = true;
    parts.hintButton.disabled = true;
  }

  function release() {
    // Back to the player (a hint given): the choices drawn for the view in force, enabled again.
    state.busy = false;
    const view = state.view;
    for (const button of parts.choices.querySelectorAll("button")) button.disabled = false;
    parts.hintButton.disabled = !(view && view.waiting);
    root.dataset.state = !view ? "ready" : (view.finished ? "over" : (view.waiting ? "waiting" : "busy"));
  }

  async function run(view, dealt) {
    // The moves of chance and of the computer, one at a time, until it is the player's turn or the game ends.
    draw(view);
    // A new deal brings the game on screen, below the header that sticks to a phone's top, whatever was
    // open above it (the rules): the Deal button may be a screen or more above the table.
    if (dealt) parts.table.scrollIntoView({ block: "start", behavior: "instant" });
    while (!view.finished && !view.waiting) {
      const bot = view.to_move > 0;
      view = await ask("advance", {}, bot ? "computer" : "chance");
      if (view.error) { parts.situation.textContent = view.error; break; }
      draw(view);
      // a pause before the computer's next move (the page shows "busy"), never after the one that ends its turn
      if (bot && BOT_PAUSE && !view.finished && !view.waiting) await new Promise((r) => setTimeout(r, BOT_PAUSE));
    }
    release();
    // A keyboard player's focus moves to the first new choice (the old buttons are gone).
    const first = parts.choices.querySelector("button");
    if (first && (document.activeElement === document.body || root.contains(document.activeElement))) {
      first.focus({ preventScroll: true });
      if (dealt) first.scrollIntoView({ block: "nearest", behavior: "instant" });
    }
  }

  const SEED = /^\d+$/;
  function seedProblem() {
    // A seed is a whole number, 0 or more, in digits: anything else is said, never silently replaced.
    const typed = parts.seedInput.value.trim();
    const wrong = typed !== "" && !SEED.test(typed);
    parts.seedNote.textContent = wrong
      ? `"${typed}" is not a seed: a seed is a whole number of 0 or more, in digits only (no sign, point or exponent). ` +
        "Leave the box empty for a random seed."
      : "";
    parts.seedInput.setAttribute("aria-invalid", wrong ? "true" : "false");
    return wrong;
  }

  function inProgress() { return !!(state.view && !state.view.finished); }

  function noteRules(text) {
    // Said where the change was made: by the Rules menu at the top, and in the rules panel.
    for (const notice of parts.notices) notice.replaceChildren(...(text ? [text, " ",
      el("button", { type: "button", class: "costly-play-redeal", onclick: () => newGame() }, "Deal a new game with these rules")] : []));
  }

  function askNewGame() {
    // N in the middle of a game asks first: a slip of the key would lose the game.
    if (!inProgress()) { newGame(); return; }
    state.asking = true;
    parts.ask.hidden = false;
    const yes = el("button", { type: "button", class: "costly-play-ask-yes", onclick: () => { closeAsk(); newGame(); } },
      el("kbd", { text: "Y" }), " Deal a new game");
    parts.ask.replaceChildren(el("p", {}, "Deal a new game? The one you are playing will be lost."), yes,
      el("button", { type: "button", class: "costly-play-ask-no", onclick: () => closeAsk() }, el("kbd", { text: "Esc" }), " Play on"));
    yes.focus({ preventScroll: true });
    parts.ask.scrollIntoView({ block: "nearest", behavior: "instant" });
  }

  function closeAsk() {
    state.asking = false;
    parts.ask.hidden = true;
    parts.ask.replaceChildren();
    const first = parts.choices.querySelector("button");
    if (first) first.focus({ preventScroll: true });
  }

  async function newGame() {
    if (state.busy) return;
    if (seedProblem()) { parts.seedInput.focus(); return; }
    if (state.asking) closeAsk();
    // The seed the player typed, else a new random one each deal: it is shown with the game, never written
    // into the box (the next deal would read it back and deal the same game again).
    const seed = parts.seedInput.value.trim() || String(crypto.getRandomValues(new Uint32Array(1))[0]);
    hold();
    state.seedText = String(BigInt(seed)); // in digits: a seed past 2^53 stays whole (a number would turn it into 1e+23)
    state.seed = Number(seed);
    state.deals += 1;
    parts.feed.replaceChildren();
    parts.counts.replaceChildren();
    parts.hint.replaceChildren();
    noteRules("");
    const view = await ask("deal", { seed, bot: parts.botSelect.value });
    if (view.error) { parts.situation.textContent = view.error; release(); return; }
    await run(view, true);
  }

  async function choose(index) {
    if (state.busy || !state.view || !state.view.waiting) return;
    hold();
    state.taken += 1; // read by the browser test: a choice made is a choice taken
    parts.hint.replaceChildren();
    const view = await ask("choose", { index });
    if (view.error) { parts.situation.textContent = view.error; release(); return; }
    await run(view);
  }

  async function hint() {
    if (state.busy || !state.view || !state.view.waiting) return;
    const focused = document.activeElement; // the hint button, where it was pressed: disabled meanwhile
    hold();
    state.hinting = true;
    parts.hint.replaceChildren(el("p", { text: "The search bot is working it out…" }));
    const reply = await ask("hint");
    parts.hint.replaceChildren(...(reply.lines || [reply.error]).map((line) => el("p", {}, linked(line))));
    state.hinting = false;
    release();
    if (focused && focused !== document.body && document.activeElement === document.body) focused.focus({ preventScroll: true });
    // A choice's key pressed while the hint was worked out is taken now, not dropped.
    if (state.queued !== null) {
      const index = state.queued;
      state.queued = null;
      choose(index);
    }
  }

  function rulesNoted() {
    // Rules changed while a game is played do not change that game (its log and seed are of its rules).
    noteRules(inProgress() ? "The game in progress keeps the rules it was dealt with; these rules play from the next deal." : "");
  }

  async function chooseProfile(id) {
    drawRules(await ask("profile", { id }));
    rulesNoted();
  }

  async function changeRule(key, index) {
    drawRules(await ask("rule", { key, index }));
    rulesNoted();
  }

  async function downloadHouse() {
    const reply = await ask("house");
    download(`${reply.id}.yaml`, reply.yaml, "application/yaml");
  }

  async function downloadLog() {
    if (!state.view) return;
    const reply = await ask("log");
    download(`costly-game-${state.view.profile}-seed-${state.view.seed}.json`, reply.log, "application/json");
  }

  // What play-house.js (loading a ruleset from a file, a paste or a link) uses of the page.
  state.api = { ask, drawRules, chooseProfile, parts: () => parts, el };

  document.addEventListener("keydown", (event) => {
    if (!state.ready || event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    if (target && (target.tagName === "INPUT" || target.tagName === "SELECT" || target.tagName === "TEXTAREA")) return;
    const view = state.view;
    if (state.asking) {
      if (event.key === "y" || event.key === "Y") { event.preventDefault(); closeAsk(); newGame(); }
      else if (event.key === "Escape") { event.preventDefault(); closeAsk(); }
      return;
    }
    if (/^[1-9]$/.test(event.key) && view && view.waiting && Number(event.key) <= view.choices.length) {
      event.preventDefault();
      if (state.hinting) state.queued = Number(event.key) - 1;
      else choose(Number(event.key) - 1);
    } else if (event.key === "Enter" && view && view.waiting && view.choices.length === 1 && !(target && target.tagName === "BUTTON")) {
      event.preventDefault();
      choose(0);
    } else if (event.key === "h" || event.key === "H") {
      hint();
    } else if (event.key === "n" || event.key === "N") {
      askNewGame();
    }
  });

  async function started(document_) {
    state.passages = document_.passages;
    state.howToPlay = document_.how_to_play || {};
    state.valueWords = document_.value_words || {};
    build(document_.profiles);
    const choosing = performance.now();
    await chooseProfile(document_.profiles[0].id);
    state.phases = Object.assign({}, state.phases, { first_profile: performance.now() - choosing });
    const wanted = new URLSearchParams(location.search);
    if (wanted.get("rules") && document_.profiles.some((p) => p.id === wanted.get("rules"))) {
      parts.profileSelect.value = wanted.get("rules");
      await chooseProfile(wanted.get("rules"));
    }
    if (SEED.test(wanted.get("seed") || "")) parts.seedInput.value = wanted.get("seed");
    state.ready = true;
    state.readyAt = performance.now(); // ms since the page was asked for: when it became interactive
    parts.situation.textContent = "Choose the rules and your opponent, then deal.";
    if (window.costlyPlayHouse) await window.costlyPlayHouse(state); // a ruleset in the page's link (play-house.js)
    root.dataset.state = "ready";
  }
})();
