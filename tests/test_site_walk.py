"""What a player tripped on walking the site (issue 39, points 1-8), where the generated HTML, the rst or
the Play page's Python side shows it: every command the site shows parses as a shell reads it; a player
reads rules by their titles and sources in words, never an engine key; the choosing page explains its
figures, its status words and its bots; the Play page speaks to players and links how a deal goes; the
mog's question says who asked; no "1 of a suit", no "-0.00", no unexplained * and no bare "points" for
percentage points. (The Play page in a browser: ``test_play_browser_walk.py``.)"""
from __future__ import annotations

import json
import re
import shlex
import subprocess
from pathlib import Path

import pytest

from costly_variants import profiles
from costly_variants.cli.browser import PlayPage, dispatch
from costly_variants.profiles.display import profile_json

from .test_site import page, site, text_of  # noqa: F401  (site: the built test-site)
from .test_site_questions import questions, questions_site  # noqa: F401  (fixtures: the built test-questions)

DOCS = Path(__file__).resolve().parent.parent / "docs"
# A rule's key as the engine spells it (``count.colours``, ``turnup.heels_ranks``): never in a player's text.
SECTIONS = sorted({key.split(".")[0] for key in profiles.rule_titles()})
RULE_KEY = re.compile(rf"\b(?:{'|'.join(SECTIONS)})\.[a-z_]+\b")


def parses(command: str) -> str:
    """bash's own reading of the command, without running it: "" where it parses, else bash's complaint."""
    done = subprocess.run(["bash", "-n"], input=command + "\n", capture_output=True, text=True, timeout=30)
    return "" if done.returncode == 0 else done.stderr.strip() or f"exit {done.returncode}"


def shown_commands(html: str) -> list[str]:
    """Every command a page shows: the text of each <code> and <pre> that starts with ``costly`` (a
    command broken over lines with backslashes is one command)."""
    found = []
    for match in re.finditer(r"<(code|pre)\b[^>]*>(.*?)</\1>", html, re.S):
        text = text_of(match.group(2)).strip()
        for line in re.split(r"\n(?=costly )", text):
            if line.startswith("costly ") or line == "costly":
                found.append(line)
    return found


# -- 3: every command shown parses --------------------------------------------------------------------------

def test_the_choosing_page_s_design_commands_parse_as_a_shell_reads_them():
    from costly_variants.site.choosing import GOALS, design_command

    for goal in GOALS:
        command = design_command("cotton-1674", goal.asks)
        assert parses(command) == "", command
        said = shlex.split(command)
        for kind, text in goal.asks:  # each want or preference reaches costly design whole
            assert said[said.index(f"--{kind}") + 1] == text


def test_every_command_the_built_questions_pages_show_parses(questions):  # noqa: F811
    commands = shown_commands(questions)
    assert any("--prefer" in c and "dealer" in c for c in commands), commands
    assert [(c, parses(c)) for c in commands if parses(c)] == []


def test_every_command_anywhere_in_the_built_site_parses(real_site):
    """Each page of the reference site, every ``costly`` command in its code: ``bash -n`` accepts it."""
    commands = {}
    for path in sorted(real_site.rglob("*.html")):
        for command in shown_commands(path.read_text(encoding="utf-8")):
            commands.setdefault(command, path.relative_to(real_site).as_posix())
    assert len(commands) > 20
    assert any("dealer's edge" in c for c in commands)  # the choosing page's, which the apostrophe broke
    broken = [(where, command, parses(command)) for command, where in commands.items() if parses(command)]
    assert broken == []


# -- 4 and 5: the choosing page -----------------------------------------------------------------------------

def _choosing(questions: str) -> str:  # noqa: F811
    start = questions.index('id="choosing-short"')
    return questions[start:questions.index("</section>", questions.index('id="choosing-figures"'))]


def test_the_choosing_page_says_rules_and_sources_in_a_player_s_words(questions):  # noqa: F811
    text = " ".join(text_of(_choosing(questions)).split())
    said = re.sub(r"costly \S+[^.]*", "", text)  # the commands shown are for typing, not reading
    assert RULE_KEY.findall(said) == [], said
    assert "'s value (" not in text and "alternative reading of" not in text
    assert re.search(r"\(as in [A-Z]|another reading [A-Z]", text), text


def test_the_choosing_page_explains_its_figures_status_words_and_bots(questions):  # noqa: F811
    html = _choosing(questions)
    text = " ".join(text_of(html).split())
    figures = html[html.index('id="choosing-figures"'):]
    said = " ".join(text_of(figures).split())
    assert "What the figures mean" in said
    # every figure the goals name is defined where the page is read
    for label in ("deals per game", "lead changes", "percentage points", "95% interval"):
        assert label in said, said
    for status in ("stated", "inferred", "silent", "disputed"):
        assert f"costly-badge-{status}" in figures
    assert 'href="#choosing-figures"' in html or "#choosing-figures" in html
    # lead changes: the profile pages' come from other bots, and the page says so
    close = text[text.index("A close game"):text.index("A game of skill")]
    assert "greedy bots" in close and "expert" in close, close


def test_the_skill_goal_says_whether_skill_counts_more_under_its_house_rule(questions):  # noqa: F811
    html = _choosing(questions)
    skill = html[html.index('id="choosing-skill"'):html.index('id="choosing-beginners"')]
    paragraph = re.search(r'<p class="costly-skill-under-house">(.*?)</p>', skill, re.S)
    assert paragraph, skill
    said = " ".join(text_of(paragraph.group(1)).split())
    assert re.match(r"Does skill count more under it\? (Yes|No, it counts for less|Hardly: by less than the size "
                    r"that matters|Not that these games can tell): the expert bot beats the greedy one in ", said), said
    assert re.search(r"\d+\.\d% \(\d+\.\d to \d+\.\d\) of games under the house rule, against \d+\.\d%", said), said


def test_the_house_files_the_choosing_page_offers_have_a_player_s_title(questions_site):  # noqa: F811
    import yaml

    downloads = sorted((questions_site / "_downloads").rglob("house-*.yaml"))
    assert downloads
    for path in downloads:
        title = yaml.safe_load(path.read_text(encoding="utf-8"))["title"]
        assert not RULE_KEY.search(title) and "costly design" not in title and "candidate" not in title, title
        assert re.match(r"[A-Z][\w–]+ \d+.* with a house rule for ", title), title


# -- 4: the profile pages' "Scoring at a glance" and the Play page's Python side -----------------------------

def test_scoring_at_a_glance_names_each_rule_by_its_title(site):
    html = page(site, "profile/cotton-1674.html")
    box = html[html.index('id="profile-cotton-1674-scoring"'):html.index('id="profile-cotton-1674-prose"')]
    table = box[box.index("<table"):box.index("</table>")]
    rules = [text_of(cells[-1]) for cells in (re.findall(r"<td\b.*?</td>", row, re.S)
                                               for row in re.findall(r"<tr\b.*?</tr>", table, re.S)) if len(cells) == 3]
    assert rules and not any(RULE_KEY.search(r) for r in rules), rules
    assert any("Turned-up ranks that score for the dealer" in r for r in rules), rules


@pytest.fixture(scope="module")
def document() -> str:
    return json.dumps({"profiles": [profile_json(p) for p in profiles.load_all()]})


def call(page_: PlayPage, op: str, **args: object) -> dict:
    reply = json.loads(dispatch(page_, json.dumps({"op": op, **args})))
    assert "error" not in reply, reply
    return reply


def test_the_play_page_s_feed_and_rule_editor_name_rules_by_title_and_sources_in_words(document):
    page_ = PlayPage(document)
    rules = call(page_, "profile", id="eddowes-burne-1874")
    assert rules["base_name"] == "Eddowes–Burne 1874"
    offered = [o for rule in rules["rules"] for o in rule["options"]]
    assert offered
    for option in offered:
        assert not RULE_KEY.search(option["said"] + option["value"]), option
        assert not re.search(r"[a-z]+-\d{4}", option["said"]), option  # no profile id: its name
    lines = []
    for seed in range(1, 6):
        view = call(page_, "deal", seed=seed, bot="greedy")
        while not view["finished"] and view["deal"] < 2:
            lines += [item["text"] for item in view["feed"] if item["kind"] == "line"]
            view = call(page_, "choose", index=0) if view["waiting"] else call(page_, "advance")
    assert any("Who deals first" in line for line in lines), lines
    assert [line for line in lines if RULE_KEY.search(line)] == []


def test_when_the_computer_asks_to_mog_the_question_says_it_asked(document):
    page_ = PlayPage(document)
    call(page_, "profile", id="cotton-1674")
    asked = []
    for seed in range(1, 40):
        view = call(page_, "deal", seed=seed, bot="greedy")
        while not view["finished"] and view["phase"] != "play":
            if view["waiting"]:
                if [c["label"] for c in view["choices"]] == ["agree to mog", "refuse to mog"]:
                    asked.append(view["situation"])
                view = call(page_, "choose", index=0)
            else:
                view = call(page_, "advance")
        if asked:
            break
    assert asked and asked[0].startswith("Your turn: the computer asks to mog"), asked


# -- 6 and 7: the home page, the Play page's words --------------------------------------------------------------

def test_the_home_page_links_play_and_choosing_before_anything_else():
    index = (DOCS / "index.rst").read_text(encoding="utf-8")
    first_heading = index.index("\n---")
    top = index[:first_heading]
    assert ":doc:`play a game in your browser <play>`" in top and "<choosing>`" in top


def test_the_play_page_speaks_to_players_and_says_how_a_deal_goes():
    play = (DOCS / "play.rst").read_text(encoding="utf-8")
    for developer in ("npm", "snapshot", "kB", "CPU-second", "Pyodide", "wintables"):
        assert developer not in play, developer
    assert "how a deal goes" in play.lower() and "architecture-play-page" in play
    architecture = (DOCS / "architecture.rst").read_text(encoding="utf-8")
    assert ".. _architecture-play-page:" in architecture and "memory snapshot" in architecture


@pytest.mark.slow  # the Play page's root built: most of a minute
def test_the_play_page_ships_each_profile_s_how_to_play(site_play):
    shipped = json.loads((site_play / "_static" / "play" / "profiles.json").read_text(encoding="utf-8"))
    links = shipped["how_to_play"]
    assert set(links) == set(profiles.bundled_ids())
    for profile_id, link in links.items():
        target, _, anchor = link.partition("#")
        assert f'id="{anchor}"' in (site_play / target).read_text(encoding="utf-8"), link
    assert links["cotton-1674"].endswith("#profile-cotton-1674-prose")


@pytest.fixture(scope="module")
def site_play(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from .test_site import build

    code, out, warnings = build("test-play", tmp_path_factory.mktemp("play"))
    assert code == 0, warnings
    return out


# -- 8: the smaller things --------------------------------------------------------------------------------------

def test_colours_are_said_without_a_least_that_is_no_condition():
    from costly_variants.site.summary import scoring_rows

    for profile in profiles.load_all():
        said = " ".join(what for _, what, _, _ in scoring_rows(profile))
        assert "1 of a suit" not in said and " of a suit" not in said, said
    cotton = " ".join(what for _, what, _, _ in scoring_rows(profiles.load("cotton-1674")))
    assert "three cards of one colour, in any suits" in cotton and "four cards of one suit" in cotton


def test_the_win_chance_chart_says_percentage_points(site):
    text = " ".join(text_of(page(site, "profile/cotton-1674.html")).split())
    assert re.search(r"each chance within ±\d+\.\d percentage points", text), text


def test_the_readings_page_says_what_its_star_means(questions):  # noqa: F811
    text = " ".join(text_of(questions).split())
    assert "*" in text and "A * after a figure marks a difference clear of zero" in text


def test_the_python_page_shows_no_signed_zero():
    python = (DOCS / "python.rst").read_text(encoding="utf-8")
    assert not re.search(r"-0\.0+\b(?!\d)", python)
