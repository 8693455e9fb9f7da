"""The Try page's Python side (``cli.try_page``), run here as Pyodide runs it in the page: a chunk at a time,
stoppable, giving ``costly compare``'s document for the same profiles, games and seed; house profiles given as
text checked with ``costly validate``'s messages; and the pure-Python ``rpds`` the page ships for jsonschema,
which must give jsonschema the real one's answers."""
from __future__ import annotations

import dataclasses
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from costly_variants import profiles
from costly_variants.cli import house_text
from costly_variants.cli.try_page import TryPage, dispatch
from costly_variants.questions import decisive_report
from costly_variants.profiles.display import profile_json
from costly_variants.site.play import tables_document

# A house profile whose title is markup that would run if the page set it as markup (the browser tests look for
# window.hacked), and one with problems costly validate locates; the Try page's browser tests use them too.
HOSTILE_TITLE = '<img src=x onerror="window.hacked=1"> house'
HOUSE = f"""id: my-house
title: '{HOSTILE_TITLE}'
extends: cotton-1674
rules:
  game:
    target:
      value: 91
      status: editorial
      cite: []
      note: our house plays to 91
"""
BAD = "id: bad-house\ntitle: Bad\nextends: cotton-1674\nrules:\n  game:\n    target: lots\n  nonsense: 3\n"


@pytest.fixture(scope="module")
def page() -> TryPage:
    figures = {decisive_report.given_key(p.rules, ("greedy", "greedy")): decisive_report.of([p], ("greedy",))[p.id]
               for p in profiles.load_all()}
    return TryPage(json.dumps(tables_document()), json.dumps(figures), resolved_profiles())


def resolved_profiles() -> str:
    """The bundled profiles as the Play page's profiles.json holds them (what the page's Python reads them from)."""
    return json.dumps({"profiles": [profile_json(p) for p in profiles.load_all()]})


def test_the_pages_bundled_profiles_are_the_yamls(page):
    """The page reads the bundled profiles from the docs build's resolved JSON, not their YAML: the same
    profiles, value, provenance and evidence alike (only the file they were read from differs)."""
    for profile_id in profiles.bundled_ids():
        from_json, from_yaml = page._profile(profile_id), profiles.load(profile_id)
        assert from_json.path != from_yaml.path and dataclasses.replace(from_json, path=from_yaml.path) == from_yaml


def costly(*argv: str) -> str:
    done = subprocess.run([sys.executable, "-m", "costly_variants", *argv], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    return done.stdout


def play_out(page: TryPage, refs: list[str], games: int, seed: int) -> dict:
    started = page.start(refs, games=games, seed=seed)
    for number in range(started["chunks"]):
        page.play(number)
    assert page.run is not None and page.run.finished
    return started | page.report()


def shared_out(lead: TryPage, helpers: list[TryPage], refs: list[str], games: int, seed: int, order: random.Random
               ) -> dict:
    """The comparison as the page plays it with helper workers: the chunks handed out in order, each to the lead
    or a helper at random; every helper's sums sent as JSON and merged by the lead in a shuffled order."""
    started = lead.start(refs, games=games, seed=seed)
    for helper in helpers:
        helper.start(refs, games=games, seed=seed)
    waiting = []
    for number in range(started["chunks"]):
        worker = order.randrange(len(helpers) + 1)
        if worker == 0:
            lead.play(number)
        else:
            reply = dispatch(helpers[worker - 1], json.dumps({"op": "sums", "chunk": number}))
            waiting.append((number, json.loads(reply)["sums"]))
    order.shuffle(waiting)
    for number, sums in waiting:
        progress = json.loads(dispatch(lead, json.dumps({"op": "merge", "chunk": number, "sums": sums})))
    assert progress["finished"] and progress["done"] == progress["total"]
    return started | lead.report()


def test_a_bundled_pair_is_costly_compares_document_byte_for_byte(page):
    out = play_out(page, ["cotton-1674", "parlett-121"], 150, 7)
    assert out["command"] == "costly compare cotton-1674 parlett-121 --games 150 --seed 7 --json" and out["search"]
    assert out["json"] + "\n" == costly("compare", "cotton-1674", "parlett-121", "--games", "150", "--seed", "7", "--json")
    assert out["decisive"] and out["done"] == out["total"]


def test_a_house_profile_is_compared_with_the_search_from_its_table_worked_out_here(page, tmp_path, monkeypatch):
    """Under house rules the page works the search's win table out (the terminal's table), so every figure is
    costly compare's; only the section on how decisive the game is, which needs numpy, is left out."""
    monkeypatch.setattr(house_text, "HOUSE_DIR", tmp_path / "house")
    reply = json.loads(dispatch(page, json.dumps({"op": "house", "name": "../../etc/x y.yaml", "text": HOUSE})))
    assert reply["ok"] and reply["file"] == "x-y.yaml" and reply["id"] == "my-house"
    out = play_out(page, ["cotton-1674", "my-house"], 80, 2)
    assert out["command"] == "costly compare cotton-1674 x-y.yaml --games 80 --seed 2 --json"
    assert out["search"] and not out["decisive"]
    (tmp_path / "x-y.yaml").write_text(HOUSE, encoding="utf-8")
    expected = json.loads(costly("compare", "cotton-1674", str(tmp_path / "x-y.yaml"), "--games", "80", "--seed", "2",
                                 "--json"))
    data = json.loads(out["json"])
    assert data["decisive"] == {} and expected["decisive"]
    assert expected["settings"]["skill_seeds_played"]["search-greedy"] > 0
    assert {k: v for k, v in data.items() if k != "decisive"} == {k: v for k, v in expected.items() if k != "decisive"}


def test_without_the_kernel_a_house_profile_is_compared_without_the_search(page, tmp_path, monkeypatch):
    """Where the page cannot work a table out (no WebAssembly kernel), it plays --search-games 0, and says so."""
    from costly_variants.cli.browser import PageTables
    from costly_variants.game import kernel

    monkeypatch.setattr(house_text, "HOUSE_DIR", tmp_path / "house")
    monkeypatch.setattr(page, "tables", PageTables(page.tables.shipped))
    monkeypatch.setattr(kernel, "available", lambda: False)
    assert json.loads(dispatch(page, json.dumps({"op": "house", "name": "h.yaml", "text": HOUSE})))["ok"]
    started = page.start(["cotton-1674", "my-house"], games=40, seed=2)
    assert started["command"] == "costly compare cotton-1674 h.yaml --games 40 --seed 2 --search-games 0 --json"
    assert not started["search"]


def test_chunks_shared_out_among_helper_workers_in_any_order_give_the_commands_document(page):
    """The page's workers (a lead that plays and merges, helpers that play and send their sums as JSON): for any
    sharing of the chunks and any order of merging, the document is costly compare's, byte for byte."""
    helpers = [TryPage(page.tables_json, json.dumps(page.decisive), page.profiles_json) for _ in range(2)]
    expected = costly("compare", "cotton-1674", "eddowes-burne-1874", "--games", "120", "--seed", "5", "--json")
    for trial in range(3):
        out = shared_out(page, helpers[:trial + 1 if trial < 2 else 2], ["cotton-1674", "eddowes-burne-1874"], 120, 5,
                         random.Random(trial))
        assert out["json"] + "\n" == expected, trial


def test_a_chunk_is_merged_once_and_a_helpers_sums_must_fit_it(page):
    started = page.start(["cotton-1674", "parlett-121"], games=100, seed=3)
    helper = TryPage(page.tables_json, json.dumps(page.decisive))
    helper.start(["cotton-1674", "parlett-121"], games=100, seed=3)
    last = started["chunks"] - 1
    sums = helper.sums(last)["sums"]
    page.play(0)
    for bad in ({"op": "play", "chunk": 0}, {"op": "play", "chunk": started["chunks"]}, {"op": "merge", "chunk": 1},
                {"op": "merge", "chunk": 1, "sums": {"games": 1}}, {"op": "merge", "chunk": 1, "sums": "x"},
                {"op": "merge", "chunk": last, "sums": dict(sums, games=sums["games"] + 1)}):
        reply = json.loads(dispatch(page, json.dumps(bad)))
        assert set(reply) == {"error"}, bad
    assert page.merge(last, sums)["done"] == page.run.collector.done > 0
    assert "error" in json.loads(dispatch(page, json.dumps({"op": "merge", "chunk": last, "sums": sums})))


def test_stopped_the_run_keeps_its_first_seeds_and_says_how_many(page, monkeypatch, tmp_path):
    page.start(["cotton-1674", "parlett-121"], games=3000, seed=4)
    page.play(0)
    page.play(1)
    stopped = page.stop()
    assert stopped["stopped"] and 0 < stopped["done"] < stopped["total"]
    assert page.play(2)["done"] == stopped["done"]  # nothing more once stopped
    data = json.loads(page.report()["json"])
    played = data["settings"]["games_played"]
    assert not data["settings"]["complete"] and data["decisive"] == {}
    expected = json.loads(costly("compare", "cotton-1674", "parlett-121", "--games", str(played), "--seed", "4",
                                 "--skill-games", "0", "--json"))
    assert [f for f in data["figures"] if f["section"] != "skill"] == expected["figures"]


def test_a_bad_profile_gets_validates_located_messages_and_a_bad_request_a_reason(page, tmp_path, monkeypatch):
    monkeypatch.setattr(house_text, "HOUSE_DIR", tmp_path / "house")
    reply = json.loads(dispatch(page, json.dumps({"op": "house", "name": "bad.yaml", "text": BAD})))
    (tmp_path / "bad.yaml").write_text(BAD, encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "costly_variants", "validate", "bad.yaml"], capture_output=True,
                          text=True, cwd=tmp_path)
    assert not reply["ok"] and reply["problems"] == done.stdout.splitlines() and len(reply["problems"]) == 2
    bundled = json.loads(dispatch(page, json.dumps({"op": "house", "name": "c.yaml",
                                                    "text": HOUSE.replace("my-house", "parlett-121")})))
    assert bundled["problems"] == ["c.yaml: $.id: 'parlett-121' is a bundled profile's id; give the house profile its own"]
    assert "error" in json.loads(dispatch(page, json.dumps({"op": "start", "profiles": ["nobody", "cotton-1674"],
                                                             "games": 10, "seed": 1})))
    assert "error" in json.loads(dispatch(page, json.dumps({"op": "start", "profiles": ["cotton-1674", "cotton-1674"],
                                                             "games": 10, "seed": 1})))


RPDS_CHECK = """
import json, sys
if sys.argv[1] == "shim":
    import costly_variants.site.pyodide_rpds as shim
    sys.modules["rpds"] = shim
from costly_variants.profiles import check
import rpds
assert (rpds.__name__ == "costly_variants.site.pyodide_rpds") == (sys.argv[1] == "shim")
print(json.dumps([[str(p) for p in check(path)[1]] for path in sys.argv[2:]]))
"""


def test_the_pages_rpds_gives_jsonschema_the_real_ones_answers(tmp_path):
    """jsonschema on the pure-Python rpds the page ships, and on the real one, over bad profiles: the same
    messages (and none for a good one)."""
    examples = sorted((Path(__file__).parent / "profile_examples" / "negative").glob("*.yaml"))[:12]
    (tmp_path / "bad.yaml").write_text(BAD, encoding="utf-8")
    (tmp_path / "house.yaml").write_text(HOUSE, encoding="utf-8")
    paths = [str(p) for p in (*examples, tmp_path / "bad.yaml", tmp_path / "house.yaml")]
    answers = [subprocess.run([sys.executable, "-c", RPDS_CHECK, which, *paths], capture_output=True, text=True,
                              check=True).stdout for which in ("shim", "real")]
    assert answers[0] == answers[1]
    found = json.loads(answers[0])
    assert found[-1] == [] and sum(1 for problems in found if problems) >= len(paths) - 1


def test_a_house_profile_keeps_its_rules_when_another_is_pasted_under_the_same_name(page):
    """Every paste is named pasted.yaml: a later one, good or bad, must not take the place of an earlier one
    still offered as a ruleset."""
    first = HOUSE.replace("my-house", "house-a")
    second = HOUSE.replace("my-house", "house-b").replace("value: 91", "value: 31")
    for text in (first, second, BAD):
        dispatch(page, json.dumps({"op": "house", "name": "pasted.yaml", "text": text}))
    started = json.loads(dispatch(page, json.dumps({"op": "start", "profiles": ["cotton-1674", "house-a"],
                                                    "games": 20, "seed": 1})))
    assert "error" not in started, started
    assert [p.id for p in page.run.chosen] == ["cotton-1674", "house-a"] and page.run.chosen[1].rules.target == 91
