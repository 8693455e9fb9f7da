"""The site's readings and design pages, built on ``tests/roots/test-questions`` with warnings as errors: the
readings played at build time and shown with their passages, a worked design with its house profile, and
a hostile profile's reading shown as the characters it is."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from costly_variants import profiles
from costly_variants.questions.readings import readings_of

from .test_site import build, page, text_of


@pytest.fixture(scope="module")
def questions_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    code, out, warnings = build("test-questions", tmp_path_factory.mktemp("questions"))
    assert code == 0, warnings
    return out


@pytest.fixture(scope="module")
def questions(questions_site: Path) -> str:
    return page(questions_site, "index.html")


@pytest.mark.slow  # the build plays the readings and a design: a minute of CPU
def test_the_readings_are_played_at_build_time_and_the_count_said(questions, cli):
    text = " ".join(text_of(questions).split())
    assert "Played when this page was built: 20 games for each reading" in text
    assert "costly readings parlett-121 eddowes-burne-1874 cotton-1674 holme-1688" in text
    for profile_id in ("parlett-121", "eddowes-burne-1874", "cotton-1674"):
        for reading in readings_of(profiles.load(profile_id)):
            assert reading.key in text
    assert "The same rules and the same readings as cotton-1674: the same games." in text
    # the numbers are the command's: the first reading of Parlett's, and its clearest effect
    code, out, _ = cli("readings", "parlett-121", "--games", "20", "--seed", "1", "--jobs", "1", "--json")
    first = json.loads(out)["profiles"][0]["readings"][0]
    assert first["rule"] in text and "Read with doubt and no other reading recorded" in text


@pytest.mark.slow
def test_every_reading_links_its_passages(questions):
    assert questions.count('class="costly-cite"') > 20
    assert "the deck card is part of each four-card hand" in text_of(questions)


@pytest.mark.slow
def test_a_hostile_reading_shows_as_text(questions):
    assert "<script>alert(1)</script>" not in questions
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in questions
    assert ".. raw:: html" in " ".join(text_of(questions).split())


@pytest.mark.slow
def test_the_worked_design_shows_its_command_its_report_and_its_house_profile(questions):
    text = text_of(questions)
    assert "costly design --base \\\n    parlett-121 \\\n    --want 'deals per game <= 7'" in text
    assert "House rules from parlett-121 for: deals per game <= 7" in text
    assert "game.target: 121 -> 61" in text
    assert "id: parlett-121-design-1" in text and "extends: parlett-121" in text and "status: editorial" in text


def test_the_new_pages_are_in_the_sites_contents():
    docs = Path(__file__).resolve().parent.parent / "docs"
    index = (docs / "index.rst").read_text(encoding="utf-8")
    assert "   readings\n" in index and "   designing\n" in index
    assert ".. costly-readings::" in (docs / "readings.rst").read_text(encoding="utf-8")
    assert ".. costly-design-run::" in (docs / "designing.rst").read_text(encoding="utf-8")


def test_choosing_a_ruleset_names_a_profile_and_house_rules_for_each_goal(questions_site, questions, cli, tmp_path):
    """For a short game, a close game, a game of skill and beginners: the bundled profile, the house rules the
    designer found, in words with numbers, and a house profile to download that costly validate accepts."""
    from costly_variants.site.choosing import GOALS

    text = " ".join(text_of(questions).split())
    for goal in GOALS:
        section = questions[questions.index(f'id="choosing-{goal.name}"'):]
        said = " ".join(text_of(section[:section.index("</section>")]).split())
        assert goal.title in said[:60] and "Choose " in said, said[:300]
        assert "House rules for" in said and "Download the house profile" in said, said
        assert re.search(r"\d", said)
    downloads = sorted((questions_site / "_downloads").rglob("house-*.yaml"))
    assert len(downloads) == len(GOALS)
    for path in downloads:
        assert f'href="_downloads/{path.parent.name}/{path.name}"' in questions
        copy = tmp_path / path.name
        copy.write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
        code, out, err = cli("validate", str(copy))
        assert code == 0, (path.name, out, err)
    assert "eldest-chooses" not in text  # values in words
    # Holme's text has not been read: no goal chooses it, and the page counts nothing of his (issue 36)
    assert "Choose Randle Holme" not in text and "Holme" not in " ".join(
        text_of(questions[questions.index('id="choosing-'):]).split()).split("What the figures mean")[0]


def test_the_worked_design_says_its_candidates_in_words_with_their_passages(questions):
    words = questions[questions.index("The candidates in words"):]
    words = words[:words.index("</ol>")]
    assert "Game: the score that wins" in text_of(words) and "61 points" in text_of(words)
    assert 'class="costly-cite"' in words or "source/" in words  # the passages linked


def test_each_house_ruleset_opens_in_the_play_and_try_pages_from_its_link(questions_site, questions):
    """"Play it" and "Try it" beside each house profile: links whose address holds the profile itself (raw
    deflate, base64url), as the pages' links.js reads it: the same text as the file to download."""
    import base64
    import html
    import zlib

    downloads = {p.name: p.read_text(encoding="utf-8") for p in (questions_site / "_downloads").rglob("house-*.yaml")}
    links = re.findall(r'<a class="costly-open-(play|try) reference external" href="([^"]+)"', questions)
    assert sorted(kind for kind, _ in links) == sorted(["play", "try"] * len(downloads))
    found = set()
    for kind, href in links:
        page, _, fragment = html.unescape(href).partition("#profile=")
        assert page == f"{kind}.html"
        text = zlib.decompress(base64.urlsafe_b64decode(fragment + "=" * (-len(fragment) % 4)), -15).decode("utf-8")
        assert text in downloads.values()
        found.add(text)
    assert found == set(downloads.values())
