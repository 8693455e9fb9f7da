/* The Play page's rulesets from outside it: a house profile's file, pasted text, or a link that holds a
   ruleset (links.js), loaded into the page's engine (cli/browser.py's PlayPage.load_house, checked as
   costly validate checks it), and a link to the rules in force, to send to friends. play.js calls
   window.costlyPlayHouse(state) once its controls are drawn; state.api is what it lends. Every text from a
   profile or a link is set as text, never as markup. */
"use strict";

(function () {
  let api = null;
  let box = {};
  let loadedText = null; // the text of the house profile loaded, for its link

  function say(node, ...children) { node.replaceChildren(...children); }

  async function load(name, text, from) {
    const el = api.el;
    const view = await api.ask("load", { name, text });
    if (view.error || view.problems) {
      const problems = view.problems || [view.error];
      say(box.result, el("p", { class: "costly-play-load-problem", role: "alert",
                                text: `${from}: ${problems.length} problem${problems.length === 1 ? "" : "s"}, as costly validate finds ${problems.length === 1 ? "it" : "them"}:` }),
        el("ul", { class: "costly-play-load-problems" }, problems.map((p) => el("li", { text: p }))));
      return false;
    }
    loadedText = text;
    const select = api.parts().profileSelect;
    for (const old of select.querySelectorAll("option[data-house]")) if (old.value === view.base) old.remove();
    select.append(el("option", { value: view.base, "data-house": "" }, `${view.title} (house profile ${view.file})`));
    select.value = view.base;
    api.drawRules(view);
    say(box.result, el("p", { class: "costly-play-load-ok" }, `ok: ${view.file}: `, el("strong", { text: view.title }),
      ". These are the rules in force: deal to play them."));
    return true;
  }

  async function share() {
    // The rules in force as a link: a bundled ruleset by its id; house rules (changed here, or loaded) whole.
    const rules = api.parts().profileSelect;
    let ruleset;
    if (api.state.rules && api.state.rules.house) ruleset = { text: (await api.ask("house")).yaml };
    else if (rules.selectedOptions[0] && rules.selectedOptions[0].hasAttribute("data-house")) ruleset = { text: loadedText };
    else ruleset = { id: rules.value };
    const fragment = await window.costlyLinks.encode(ruleset);
    const link = new URL(location.href);
    link.hash = fragment.slice(1);
    box.link.value = link.href;
    box.link.hidden = false;
    box.link.select();
  }

  async function fromLink() {
    let found;
    try {
      found = await window.costlyLinks.decode(location.hash);
    } catch (error) {
      say(box.message, `This page's link holds no ruleset it can read: ${error.message || error}. Choose the rules below.`);
      return;
    }
    if (!found) return;
    if (found.id) {
      const select = api.parts().profileSelect;
      if (![...select.options].some((o) => o.value === found.id)) {
        say(box.message, `This page's link names ${found.id}, which is not a ruleset here. Choose the rules below.`);
        return;
      }
      select.value = found.id;
      await api.chooseProfile(found.id);
      return;
    }
    box.details.open = true;
    if (!(await load("link.yaml", found.text, "the profile in this page's link"))) {
      say(box.message, "The house profile in this page's link does not validate: its problems are shown below.");
    }
  }

  window.costlyPlayHouse = async function (state) {
    api = Object.assign({ state }, state.api);
    const el = api.el;
    box.text = el("textarea", { class: "costly-play-load-text", rows: "8", spellcheck: "false", "aria-label": "A house profile's text" });
    box.file = el("input", { type: "file", class: "costly-play-load-file", accept: ".yaml,.yml,text/yaml,text/plain",
      onchange: async () => {
        const file = box.file.files[0];
        if (!file) return;
        if (file.size > window.costlyLinks.MAX_TEXT) { say(box.result, el("p", { role: "alert", text: `${file.name}: longer than a profile can be` })); return; }
        const text = await file.text();
        box.text.value = text;
        await load(file.name, text, file.name);
      } });
    box.result = el("div", { class: "costly-play-load-result", "aria-live": "polite" });
    box.link = el("input", { class: "costly-play-share-link", type: "text", readonly: true, hidden: true, "aria-label": "A link to these rules" });
    box.message = el("p", { class: "costly-play-link-problem", role: "alert" });
    box.details = el("details", { class: "costly-play-rules costly-play-load" },
      el("summary", {}, "Load a house profile (its file or its text), or get a link to these rules"),
      el("label", {}, "Its file ", box.file), box.text,
      el("button", { type: "button", class: "costly-play-load-button",
                     onclick: () => load("pasted.yaml", box.text.value, "pasted.yaml") }, "Load this text"),
      box.result,
      el("p", {}, el("button", { type: "button", class: "costly-play-share", onclick: () => share() }, "Link to these rules"),
        " ", box.link));
    const rules = document.querySelector("#costly-play .costly-play-rules");
    rules.after(box.details);
    rules.parentNode.prepend(box.message);
    // kept for offline (site/offline.py): what the page and its worker loaded, and the worker's own script
    const root = document.getElementById("costly-play");
    if (window.costlyOffline) window.costlyOffline([...(state.workerFetched || []), new URL(root.dataset.play + "play-worker.js", document.baseURI).href]);
    await fromLink();
  };
})();
