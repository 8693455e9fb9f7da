"""The Play page's Python side (``cli/browser.py``), its data and the docs build's Pyodide step, without a
browser: the same seed and rules deal the same game as ``costly play --seed``; the house profile it
offers passes ``costly validate`` and plays the same game; its log replays; its hint is the terminal's."""
from __future__ import annotations

import dataclasses
import io
import json
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

from costly_variants import profiles
from costly_variants.cli.browser import PlayPage, dispatch
from costly_variants.questions.design import moves_for
from costly_variants.profiles.display import profile_json
from costly_variants.profiles.resolved import profile_from_json
from costly_variants.site import pyodide
from costly_variants.site.play import (EXTRACT_DIR, package_document, package_files, tables_document,
                                       worker_script)


def costly(*argv: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "costly_variants", *argv], input=stdin, capture_output=True,
                          text=True, timeout=300)


@pytest.fixture(scope="module")
def document() -> str:
    return json.dumps({"profiles": [profile_json(p) for p in profiles.load_all()]})


@pytest.fixture(scope="module")
def tables() -> str:
    """``wintables.json`` as the docs build writes it: the board tables costly play's search reads."""
    return json.dumps(tables_document())


def call(page: PlayPage, op: str, **args: object) -> dict:
    reply = json.loads(dispatch(page, json.dumps({"op": op, **args})))
    assert "error" not in reply, reply
    return reply


def play_first_choices(page: PlayPage, seed: int, bot: str) -> tuple[dict, int]:
    """A whole game on the page, always taking the first choice offered; the last view and the moves made."""
    view = call(page, "deal", seed=seed, bot=bot)
    moves = 0
    while not view["finished"]:
        if view["waiting"]:
            view = call(page, "choose", index=0)
            moves += 1
        else:
            view = call(page, "advance")
    return view, moves


def test_every_bundled_profile_survives_the_json_the_page_reads():
    for profile in profiles.load_all():
        again = profile_from_json(json.loads(json.dumps(profile_json(profile))))
        assert again.rules == profile.rules and again.rules.citations == profile.rules.citations
        assert dict(again.values) == dict(profile.values) and dict(again.provenance) == dict(profile.provenance)
        assert (again.id, again.title, again.lineage, dict(again.vocabulary), again.source_status) == \
               (profile.id, profile.title, profile.lineage, dict(profile.vocabulary), profile.source_status)


@pytest.mark.parametrize("variant, bot", [("cotton-1674", "expert"), ("eddowes-burne-1874-partners", "greedy"),
                                          ("cotton-1674", "search"), ("eddowes-burne-1874-partners", "search")])
def test_the_page_deals_the_game_costly_play_deals_with_the_same_seed(document, tables, tmp_path, variant, bot):
    page = PlayPage(document, tables)
    call(page, "profile", id=variant)
    view, moves = play_first_choices(page, 11, bot)
    page_log = call(page, "log")["log"]
    assert view["played"] == bot  # the board search, reading the shipped table, as costly play's
    assert json.loads(page_log)["bots"][1] == bot
    path = tmp_path / "cli.json"
    done = costly("play", "--variant", variant, "--seed", "11", "--bot", bot, "--log", str(path), stdin="1\n" * moves)
    assert done.returncode == 0, done.stderr
    assert json.loads(page_log) == json.loads(path.read_text(encoding="utf-8"))
    assert view["scores"] == json.loads(page_log)["scores"] and view["result"]
    (tmp_path / "page.json").write_text(page_log, encoding="utf-8")
    replayed = costly("replay", str(tmp_path / "page.json"))
    assert replayed.returncode == 0 and "reproduced" in replayed.stdout, replayed.stdout + replayed.stderr


def test_every_score_on_the_page_names_its_rule_and_passages(document):
    page = PlayPage(document)
    call(page, "profile", id="cotton-1674")
    view = call(page, "deal", seed=4, bot="greedy")
    scores = []
    while not view["finished"] and view["deal"] < 3:
        scores += [item for item in view["feed"] if item["kind"] == "score"]
        view = call(page, "choose", index=0) if view["waiting"] else call(page, "advance")
    titles = profiles.rule_titles()
    cotton = profiles.load("cotton-1674")
    assert scores and {s["phase"] for s in scores} >= {"play", "count"}
    for score in scores:
        assert score["rule_title"] == titles[score["rule"]] and score["said"]
        assert tuple(score["cite"]) == cotton.cite(score["rule"])


def test_a_house_rule_is_a_profile_costly_validate_accepts_and_costly_play_plays_alike(document, tmp_path):
    page = PlayPage(document)
    view = call(page, "profile", id="cotton-1674")
    cotton = profiles.load("cotton-1674")
    # The values offered are costly design's moves: each other profile's value and each recorded reading.
    offered = sum(len(rule["options"]) for rule in view["rules"])
    assert offered == len(moves_for(cotton, profiles.load_all())) > 10
    target = next(r for r in view["rules"] if r["key"] == "game.target")
    to_121 = next(o for o in target["options"] if o["value"] == "121")
    assert to_121["cite"] and "value" in to_121["kind"]
    reading = next(o for r in view["rules"] for o in r["options"] if o["kind"] == "alternative")
    view = call(page, "rule", key="game.target", index=to_121["index"])
    key = next(r["key"] for r in view["rules"] for o in r["options"] if o["index"] == reading["index"])
    view = call(page, "rule", key=key, index=reading["index"])
    assert view["house"] and view["changed"] >= 2 and view["id"] == "cotton-1674-house"
    changed = {r["key"]: r for r in view["rules"] if r["chosen"] >= 0}
    assert changed["game.target"]["value"] == "121" and changed["game.target"]["status"] == "editorial"
    house = call(page, "house")
    path = tmp_path / f"{house['id']}.yaml"
    path.write_text(house["yaml"], encoding="utf-8")
    checked = costly("validate", str(path))
    assert checked.returncode == 0, checked.stdout + checked.stderr
    loaded = profiles.load(path)
    assert loaded.rules == page.profile.rules and loaded.rules.citations == page.profile.rules.citations
    assert dict(loaded.provenance) == dict(page.profile.provenance)
    _, moves = play_first_choices(page, 21, "expert")
    log = tmp_path / "cli.json"
    done = costly("play", "--variant", str(path), "--seed", "21", "--log", str(log), stdin="1\n" * moves)
    assert done.returncode == 0, done.stderr
    assert json.loads(call(page, "log")["log"]) == json.loads(log.read_text(encoding="utf-8"))
    # Back to the profile's own value: no longer a house rule.
    view = call(page, "rule", key="game.target", index=-1)
    assert all(r["key"] != "game.target" or r["chosen"] == -1 for r in view["rules"])


def test_the_hint_is_the_one_costly_play_gives(document, tables, cli, monkeypatch):
    page = PlayPage(document, tables)
    call(page, "profile", id="parlett-121")
    view = call(page, "deal", seed=2, bot="expert")
    while not view["waiting"]:
        view = call(page, "advance")
    lines = call(page, "hint")["lines"]
    assert lines[0].startswith("The search bot would choose [")
    # The page has the rules' win table: it hints by the search that plays the board, as the terminal does,
    # each choice's chance of winning.
    assert view["board"] and "chance of winning" in " ".join(lines) and lines[-1].endswith("%")
    monkeypatch.setattr(sys, "stdin", io.StringIO("hint\nquit\n"))
    code, out, _ = cli("play", "--variant", "parlett-121", "--seed", "2")
    assert code == 0
    flat = " ".join(out.split())
    for line in lines:
        assert " ".join(line.split()) in flat


def _house_target(page: PlayPage, profile_id: str, target: str) -> None:
    view = call(page, "profile", id=profile_id)
    rule = next(r for r in view["rules"] if r["key"] == "game.target")
    call(page, "rule", key="game.target", index=next(o["index"] for o in rule["options"] if o["value"] == target))


def test_under_house_rules_the_page_works_the_table_out_and_plays_the_board(document, tables):
    """No table shipped for house rules: the page works it out (in the kernel, as costly play does), saying
    how far it has got, then plays and hints by the board, the table being costly play's."""
    from costly_variants.chances.store import board_table

    told: list[tuple[int, str]] = []
    page = PlayPage(document, tables, lambda value, text: told.append((value, text)))
    _house_target(page, "cotton-1674", "121")
    assert not page.tables.has(page.profile.rules)
    view = call(page, "deal", seed=6, bot="search")
    assert view["played"] == "search" and view["board"] and view["opponent"] == "search"
    assert page.tables(page.profile.rules) == board_table(page.profile.rules)
    assert told and told[-2] == (90, "Working out the computer's chance of winning from every score under these "
                                     "rules: 8,000 of 8,000 deals played")
    assert told[-1][0] == 100 and told[-1][1].startswith("Worked out")  # the bar ends full
    assert [value for value, _ in told] == sorted(value for value, _ in told)
    while not view["waiting"]:
        view = call(page, "advance")
    lines = call(page, "hint")["lines"]
    assert "chance of winning" in " ".join(lines) and lines[-1].endswith("%")
    assert json.loads(call(page, "log")["log"])["bots"][1] == "search"
    # worked out once: the next deal under the same rules tells nothing more
    count = len(told)
    call(page, "deal", seed=7, bot="search")
    assert len(told) == count
    # a page given no tables works the bundled rules' table out too: the one shipped
    bare = PlayPage(document)
    call(bare, "profile", id="cotton-1674")
    assert call(bare, "deal", seed=6, bot="search")["played"] == "search"
    assert bare.tables(bare.profile.rules) == page.tables(profiles.load("cotton-1674").rules)


def test_without_a_table_the_page_plays_and_hints_for_points_says_why_and_logs_it(document, tables, monkeypatch):
    """Where no table can be worked out (here: no kernel), the search plays for points, and says so."""
    from costly_variants.game import kernel

    monkeypatch.setattr(kernel, "KERNEL", None)
    page = PlayPage(document, tables)
    call(page, "profile", id="cotton-1674")
    assert call(page, "deal", seed=6, bot="search")["opponent"] == "search"  # shipped
    _house_target(page, "cotton-1674", "121")
    view = call(page, "deal", seed=6, bot="search")
    assert view["played"] == "search-points" and not view["board"]
    assert view["opponent"] == ("search-points (plays for points in each deal, not for the game: the page has no "
                                "win table for these rules, and cannot work one out: the game's WebAssembly kernel, "
                                "which works it out, did not load in this browser)")
    while not view["waiting"]:
        view = call(page, "advance")
    lines = call(page, "hint")["lines"]
    assert "points less the other's" in " ".join(lines) and "%" not in lines[-1]
    assert json.loads(call(page, "log")["log"])["bots"][1] == "search-points"



def test_the_shipped_tables_are_the_ones_costly_play_reads_exactly(document, tables):
    from costly_variants import chances  # noqa: F401
    from costly_variants.game.page_tables import ShippedTables
    from costly_variants.game.wintable import NoTableError, board_of

    shipped = ShippedTables(tables)
    bundled = profiles.load_all()
    assert set(shipped.profiles()) == {p.id for p in bundled}  # every bundled profile has a table
    assert any(p.rules.players == 4 for p in bundled)  # the four-hand game's too (its search's tangent)
    two_hand = [p for p in bundled if p.rules.players == 2]
    for profile in bundled:
        assert shipped(profile.rules) == board_of(profile.rules)
    house = dataclasses.replace(two_hand[0].rules, target=two_hand[0].rules.target + 10)
    assert not shipped.has(house)
    with pytest.raises(NoTableError):
        shipped(house)
    # A table shipped for other rules than its profile's is refused, not played.
    data = json.loads(tables)
    first = data["tables"][0]
    data["tables"] = [{**first, "profiles": [p for t in data["tables"][1:] for p in t["profiles"]]}]
    with pytest.raises(ValueError, match="is for other rules"):
        PlayPage(document, json.dumps(data))
    cut = {**json.loads(tables)}
    cut["tables"] = [{**first, "chances": first["chances"][:-1]}]
    with pytest.raises(ValueError, match="holds"):
        PlayPage(document, json.dumps(cut))


def test_a_bad_request_is_an_error_not_a_crash(document):
    page = PlayPage(document)
    assert "error" in json.loads(dispatch(page, json.dumps({"op": "choose", "index": 0})))
    call(page, "profile", id="cotton-1674")
    view = call(page, "deal", seed=1, bot="expert")
    assert "error" in json.loads(dispatch(page, json.dumps({"op": "deal", "seed": 1, "bot": "random-walk"})))
    assert view["seed"] == 1


def test_the_package_document_holds_the_engine_not_the_site(tmp_path):
    files = json.loads(package_document(tmp_path / "p.json").read_text(encoding="utf-8"))
    assert files == package_files()
    assert {"costly_variants/cli/browser.py", "costly_variants/game/state.py",
            "costly_variants/profiles/schema/profile.schema.json", "costly_variants/game/log.schema.json"} <= set(files)
    assert not any(n.startswith("costly_variants/site/") or n.endswith((".c", ".so")) for n in files)
    here = Path(__file__).resolve().parents[1]
    assert files["costly_variants/game/state.py"] == (here / "costly_variants/game/state.py").read_text(encoding="utf-8")


def test_the_pyodide_step_ships_only_the_pinned_core(tmp_path, monkeypatch):
    archive = tmp_path / "fake.tgz"
    with tarfile.open(archive, "w:gz") as tar:
        for name in (*pyodide.CORE_FILES, "console.html", "pyodide.d.ts"):
            data = name.encode()
            info = tarfile.TarInfo(f"package/{name}")
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    written = pyodide.unpack(archive, tmp_path / "out")
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == sorted(pyodide.CORE_FILES) == sorted(
        p.name for p in written)
    # A cached tarball whose SHA-512 is not the pinned one is not shipped: it is fetched again, and
    # without npm that is a clear error.
    cache = tmp_path / "cache"
    cache.mkdir()
    (cache / f"pyodide-{pyodide.VERSION}.tgz").write_bytes(archive.read_bytes())
    monkeypatch.setenv("PATH", str(tmp_path / "no-npm-here"))
    with pytest.raises(pyodide.PyodideError, match="npm is not installed"):
        pyodide.tarball(cache)


def test_the_worker_is_given_the_build(tmp_path):
    build = {"extractDir": EXTRACT_DIR, "lock": {"abi_version": "x"}, "tables": "wintables.json"}
    script = worker_script(build)
    assert script.count("const BUILD = ") == 1 and f"const BUILD = {json.dumps(build, sort_keys=True)};" in script
    # the loading message names Pyodide's version from the build, not the project's the page was given
    assert '"Loading Python (Pyodide " + BUILD.pyodide' in script and "urls.version" not in script


def test_the_play_page_is_in_the_docs_and_linked_from_the_front_page():
    docs = Path(__file__).resolve().parents[1] / "docs"
    assert ".. costly-play::" in (docs / "play.rst").read_text(encoding="utf-8")
    assert "<play>" in (docs / "index.rst").read_text(encoding="utf-8")
    assert "costly_variants.site.play" in (docs / "conf.py").read_text(encoding="utf-8")


def test_the_moves_the_build_ships_are_designs_and_spare_the_page_importing_compare(document):
    """profiles.json carries each profile's moves (Move.as_json of moves_for), so that the page starts without
    questions.design; the rules it offers, and a rule changed, read the same as when it works them out."""
    bundled = profiles.load_all()
    data = json.loads(document)
    data["profiles"] = [{**p, "moves": [m.as_json() for m in moves_for(b, bundled)]}
                        for p, b in zip(data["profiles"], bundled)]
    shipped, worked = PlayPage(json.dumps(data)), PlayPage(document)
    assert call(shipped, "profile", id="cotton-1674") == call(worked, "profile", id="cotton-1674")
    target = next(r for r in call(worked, "profile", id="cotton-1674")["rules"] if r["key"] == "game.target")
    index = target["options"][0]["index"]
    assert call(shipped, "rule", key="game.target", index=index) == call(worked, "rule", key="game.target", index=index)
    assert call(shipped, "house") == call(worked, "house")
    script = ("import json, sys\nfrom costly_variants.cli.browser import PlayPage, dispatch\n"
              "page = PlayPage(sys.stdin.read())\n"
              "dispatch(page, json.dumps({'op': 'profile', 'id': 'cotton-1674'}))\n"
              "dispatch(page, json.dumps({'op': 'deal', 'seed': 3, 'bot': 'expert'}))\n"
              "print(sorted(m for m in sys.modules if m.startswith(('costly_variants.chances', 'costly_variants.runs', 'costly_variants.questions'))))\n")
    done = subprocess.run([sys.executable, "-c", script], input=json.dumps(data), capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


@pytest.mark.parametrize("variant, bot, house", [("parlett-121", "search", False),
                                                 ("eddowes-burne-1874-partners", "expert", False),
                                                 ("cotton-1674", "search", True)])
def test_the_command_the_page_shows_deals_the_same_game_in_costly_play(document, tables, tmp_path, variant, bot, house):
    """The seed line's whole command: the rules (a house profile by the file the page downloads it as), the bot
    that plays (the search under house rules too: the page works their table out) and the seed."""
    import shlex

    page = PlayPage(document, tables)
    view = call(page, "profile", id=variant)
    if house:
        target = next(r for r in view["rules"] if r["key"] == "game.target")
        call(page, "rule", key="game.target", index=target["options"][0]["index"])
        saved = call(page, "house")
        (tmp_path / f"{saved['id']}.yaml").write_text(saved["yaml"], encoding="utf-8")
    view, moves = play_first_choices(page, 9, bot)
    argv = shlex.split(view["command"])
    assert argv[:2] == ["costly", "play"] and argv[argv.index("--seed") + 1] == "9"
    assert argv[argv.index("--bot") + 1] == view["played"] == bot
    assert (view["house_file"] == argv[argv.index("--variant") + 1] == f"{variant}-house.yaml") is house
    done = subprocess.run([sys.executable, "-m", "costly_variants", *argv[1:], "--log", "cli.json"], cwd=tmp_path,
                          input="1\n" * moves, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert json.loads(call(page, "log")["log"]) == json.loads((tmp_path / "cli.json").read_text(encoding="utf-8"))


def test_a_house_profile_s_title_gives_the_target_in_force(document, tmp_path, cli, monkeypatch):
    """Parlett's title names its target ("..., game to 121"): changed to 61, the title says 61, not 121, on the
    page and in costly play's first line; a change that leaves the target keeps the base's title."""
    page = PlayPage(document)
    view = call(page, "profile", id="parlett-121")
    target = next(r for r in view["rules"] if r["key"] == "game.target")
    to_61 = next(o for o in target["options"] if o["value"] == "61")
    view = call(page, "rule", key="game.target", index=to_61["index"])
    assert "121" not in view["title"] and view["title"].endswith(", with 1 house rule, game to 61"), view["title"]
    assert view["title"].startswith("Parlett's reconstruction")
    house = call(page, "house")
    path = tmp_path / f"{house['id']}.yaml"
    path.write_text(house["yaml"], encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    code, out, _ = cli("play", "--variant", str(path), "--seed", "3")
    first = " ".join(out.split("(parlett-121-house)", 1)[0].split())  # the opening line's title, unwrapped
    assert code == 0 and first == f"Costly Colours: {view['title']}" and "121" not in first
    # Another rule changed instead: the base's title, its own target and all.
    other = next(r for r in view["rules"] if r["key"] != "game.target" and r["options"])
    call(page, "rule", key="game.target", index=-1)
    view = call(page, "rule", key=other["key"], index=other["options"][0]["index"])
    assert view["title"] == "Parlett's reconstruction (web page, 2020), game to 121, with 1 house rule"


def test_the_setup_s_fields_may_be_narrower_than_their_content():
    """A column flex label is as wide as its select's longest title unless its min-width is 0: the Rules select
    was 545 px wide on a 390 px phone (the browser test measures it)."""
    import re

    from costly_variants.site.play import STATIC

    css = (STATIC / "play.css").read_text(encoding="utf-8")
    rules = " ".join(body for selector, body in re.findall(r"([^{}]+)\{([^}]*)\}", css)
                     if selector.split("*/")[-1].strip() == ".costly-play-setup label")
    assert "min-width: 0" in rules and "max-width: 100%" in rules, rules


def test_rules_changed_on_a_loaded_house_profile_download_whole_on_the_bundled_profile(document, tmp_path, monkeypatch):
    """A house profile loaded on the page (a file, a paste, a link) and then changed from the menus: no loader
    could find the loaded profile by its id, so the download (and the link, which holds the same text) is made
    whole: the loaded profile's rules, these changes over them, on the bundled profile it extends. It validates
    alone, with the rules the page plays."""
    from costly_variants.cli import house_text

    monkeypatch.setattr(house_text, "HOUSE_DIR", tmp_path / "house")
    text = ("id: our-rules\ntitle: Our rules\nextends: cotton-1674\nrules:\n  game:\n    target:\n      value: 91\n"
            "      status: editorial\n      cite: []\n      note: we play to 91\n")
    page = PlayPage(document)
    view = call(page, "load", name="our rules.yaml", text=text)
    assert view["base"] == "our-rules" and view["file"] == "our-rules.yaml"
    option = next(o for r in view["rules"] if r["key"] != "game.target" for o in r["options"])
    view = call(page, "rule", key=next(r["key"] for r in view["rules"] if option in r["options"]),
                index=option["index"])
    assert view["house"] and view["changed"] == 1
    house = call(page, "house")
    assert 'extends: "cotton-1674"' in house["yaml"] and "we play to 91" in house["yaml"]
    path = tmp_path / "elsewhere" / f"{house['id']}.yaml"  # alone: no other file beside it
    path.parent.mkdir()
    path.write_text(house["yaml"], encoding="utf-8")
    checked = costly("validate", str(path))
    assert checked.returncode == 0, checked.stdout + checked.stderr
    loaded = profiles.load(path)
    assert loaded.rules == page.profile.rules and loaded.rules.target == 91
