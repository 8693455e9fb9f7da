"""The engine core needs only the standard library: what the Play page runs in Pyodide.

``cards``, building ``Rules`` from a resolved profile, ``count`` and ``game`` (and the page's own module,
``cli/browser.py``) are imported and a whole game is played in a fresh interpreter in which ``yaml``,
``jsonschema`` and ``rich`` cannot be imported, the search bot playing the board from the win table
the page ships; afterwards no module outside the standard library and the package (numpy neither) has
been loaded.
"""
from __future__ import annotations

import json
import subprocess
import sys

from costly_variants import profiles
from costly_variants.profiles.display import profile_json

BLOCKED = ("yaml", "_yaml", "jsonschema", "rich")

SCRIPT = r"""
import importlib.abc, json, sys

class Refuse(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in BLOCKED:
            raise ImportError(f"blocked by the test: {name}")
        return None

sys.meta_path.insert(0, Refuse())
before = set(sys.modules)

from costly_variants.cards import Card
from costly_variants.count.hand import score_hand
from costly_variants.game.bots import make_bot
from costly_variants.game.state import Game
from costly_variants.game.playout import play_game
from costly_variants.profiles.resolved import profile_from_json
from costly_variants.cli.browser import PlayPage, dispatch

data = json.loads(sys.stdin.read())
profile = profile_from_json(data["profiles"][0])
rules = profile.rules
hand = score_hand(rules, [Card.from_str(c) for c in ("5H", "5D", "10H")], Card.from_str("KH"))
state = play_game(Game(rules, variant=profile.id), ["expert", "greedy"], seed=5)
page = PlayPage(json.dumps(data), json.dumps(data["tables"]))
view = json.loads(dispatch(page, json.dumps({"op": "deal", "seed": 3, "bot": "search"})))
board = [view["played"], view["board"]]
while not view["finished"]:
    op = {"op": "choose", "index": 0} if view["waiting"] else {"op": "advance"}
    view = json.loads(dispatch(page, json.dumps(op)))
outside = sorted(name for name in set(sys.modules) - before
                 if name.split(".")[0] not in sys.stdlib_module_names and name.split(".")[0] != "costly_variants"
                 and not name.startswith("__"))  # __mp_main__: multiprocessing's alias of __main__
print(json.dumps({"count": hand.total, "winner": state.winner, "page_scores": view["scores"], "board": board,
                  "loaded": outside, "kernel": "costly_variants.game._kernel" in sys.modules}))
"""


def test_the_core_imports_and_plays_with_yaml_jsonschema_and_rich_blocked():
    from costly_variants.site.play import tables_document

    # The page's data as the docs build ships it: the profile, and the board search's win tables.
    data = {"profiles": [profile_json(profiles.load("cotton-1674"))], "tables": tables_document()}
    script = f"BLOCKED = {BLOCKED!r}\n{SCRIPT}"
    done = subprocess.run([sys.executable, "-c", script], input=json.dumps(data), capture_output=True, text=True,
                          timeout=600, env={"COSTLY_PURE_PYTHON": "1", "PATH": "", "COSTLY_CACHE_DIR": "off"})
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["count"] > 0 and result["winner"] in (0, 1)
    assert max(result["page_scores"]) >= 61  # the page's game went to Cotton's target
    assert result["board"] == ["search", True]  # the search played the board, from the shipped table, no numpy
    assert result["loaded"] == [], f"modules from outside the standard library: {result['loaded']}"
    assert not result["kernel"]  # Pyodide has no compiled kernel: the Python engine plays


def test_the_blocker_does_block():
    """The test above would pass vacuously if the finder let the packages through."""
    script = f"BLOCKED = {BLOCKED!r}\n" + SCRIPT.split("before = set")[0] + "import yaml\n"
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert done.returncode != 0 and "blocked by the test: yaml" in done.stderr
