"""The Try page's Python side (``cli.try_page``), run here as Pyodide runs it in the page: a chunk at a time,
stoppable, giving ``costly compare``'s document for the same profiles, games and seed; house profiles given as
text checked with ``costly validate``'s messages; and the pure-Python ``rpds`` the page ships for jsonschema,
which must give jsonschema the real one's answers."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from costly_variants import profiles
from costly_variants.cli import house_text
from costly_variants.cli.try_page import TryPage, dispatch
from costly_variants.questions import decisive_report
from costly_variants.site.play import tables_document

HOUSE = """id: my-house
title: '<img src=x onerror="alert(1)"> house'
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
    return TryPage(json.dumps(tables_document()), json.dumps(figures))


def costly(*argv: str) -> str:
    done = subprocess.run([sys.executable, "-m", "costly_variants", *argv], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    return done.stdout


def play_out(page: TryPage, refs: list[str], games: int, seed: int) -> dict:
    started = page.start(refs, games=games, seed=seed)
    while not page.step(3)["finished"]:
        pass
    return started | page.report()


def test_a_bundled_pair_is_costly_compares_document_byte_for_byte(page):
    out = play_out(page, ["cotton-1674", "parlett-121"], 150, 7)
    assert out["command"] == "costly compare cotton-1674 parlett-121 --games 150 --seed 7 --json" and out["search"]
    assert out["json"] + "\n" == costly("compare", "cotton-1674", "parlett-121", "--games", "150", "--seed", "7", "--json")
    assert out["decisive"] and out["done"] == out["total"]


def test_a_house_profile_is_compared_without_the_search_and_the_win_tables_figures(page, tmp_path, monkeypatch):
    monkeypatch.setattr(house_text, "HOUSE_DIR", tmp_path / "house")
    reply = json.loads(dispatch(page, json.dumps({"op": "house", "name": "../../etc/x y.yaml", "text": HOUSE})))
    assert reply["ok"] and reply["file"] == "x-y.yaml" and reply["id"] == "my-house"
    out = play_out(page, ["cotton-1674", "my-house"], 80, 2)
    assert out["command"] == "costly compare cotton-1674 x-y.yaml --games 80 --seed 2 --search-games 0 --json"
    (tmp_path / "x-y.yaml").write_text(HOUSE, encoding="utf-8")
    expected = json.loads(costly("compare", "cotton-1674", str(tmp_path / "x-y.yaml"), "--games", "80", "--seed", "2",
                                 "--search-games", "0", "--json"))
    data = json.loads(out["json"])
    assert data["decisive"] == {} and not out["decisive"] and expected["decisive"]
    assert {k: v for k, v in data.items() if k != "decisive"} == {k: v for k, v in expected.items() if k != "decisive"}


def test_stopped_the_run_keeps_its_first_seeds_and_says_how_many(page, monkeypatch, tmp_path):
    page.start(["cotton-1674", "parlett-121"], games=3000, seed=4)
    page.step(2)
    stopped = page.stop()
    assert stopped["stopped"] and 0 < stopped["done"] < stopped["total"]
    assert page.step(5)["done"] == stopped["done"]  # nothing more once stopped
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
