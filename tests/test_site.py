"""The Sphinx extension, built on tiny projects under tests/roots/ (the real site is built by the browser
test and in CI).

``test-site`` adds a hostile house profile from its own ``variants/`` folder: no ``.rst`` names it, so its
page and its column show that adding a profile needs no hand-written page, and every string in it
shows that profile text stays text.
"""
from __future__ import annotations

import html
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest
from sphinx.cmd.build import build_main

from costly_variants import profiles
from costly_variants.site.prose import sentence_keys

ROOTS = Path(__file__).parent / "roots"


def build(root: str, tmp_path: Path) -> tuple[int, Path, str]:
    src = tmp_path / "src"
    shutil.copytree(ROOTS / root, src)
    out = tmp_path / "html"
    warnings = tmp_path / "warnings.txt"
    code = build_main(["-W", "--keep-going", "-q", "-b", "html", "-w", str(warnings), str(src), str(out)])
    return code, out, warnings.read_text(encoding="utf-8") if warnings.exists() else ""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    code, out, warnings = build("test-site", tmp_path_factory.mktemp("site"))
    assert code == 0, warnings
    return out


def page(site: Path, name: str) -> str:
    return (site / name).read_text(encoding="utf-8")


def text_of(markup: str) -> str:
    """What a reader sees: tags dropped, entities decoded."""
    return html.unescape(re.sub(r"<[^>]+>", "", markup))


class _Element(HTMLParser):
    """Collects the markup of the element with a given id, nested elements and all."""

    VOID = {"br", "img", "hr", "input", "meta", "link", "col", "wbr"}

    def __init__(self, ident: str) -> None:
        super().__init__(convert_charrefs=False)
        self.ident, self.depth, self.parts, self.done = ident, 0, [], False

    def handle_starttag(self, tag, attrs):
        if self.done:
            return
        if self.depth == 0 and dict(attrs).get("id") == self.ident:
            self.depth = 1
            self.parts.append(self.get_starttag_text())
        elif self.depth:
            self.parts.append(self.get_starttag_text())
            self.depth += tag not in self.VOID

    def handle_startendtag(self, tag, attrs):
        """A self-closed tag (``<col ... />``) opens and closes nothing."""
        if self.depth and not self.done:
            self.parts.append(self.get_starttag_text())

    def handle_endtag(self, tag):
        if self.depth and not self.done:
            self.parts.append(f"</{tag}>")
            self.depth -= 1
            self.done = self.depth == 0

    def handle_data(self, data):
        if self.depth and not self.done:
            self.parts.append(data)

    handle_entityref = lambda self, name: self.handle_data(f"&{name};")  # noqa: E731
    handle_charref = lambda self, name: self.handle_data(f"&#{name};")  # noqa: E731


def element_with_id(markup: str, ident: str) -> str:
    """The element with ``id=ident``, as markup."""
    parser = _Element(ident)
    parser.feed(markup)
    assert parser.parts, f"no element with id {ident!r}"
    return "".join(parser.parts)


# Profile text is text -----------------------------------------------------------------------------------

HOSTILE = [
    "see javascript:alert(document.domain)//rules",
    ".. include:: ../../../etc/os-release",
    "- not a list item, and <script>alert(2)</script>",
    ".. raw:: html <script>alert(1)</script>",
    ".. image:: /etc/passwd",
    "House rules *not emphasis* `not code` <b>not bold</b>",
    "_`not-a-target` and |not-a-substitution|",
    "Our own <em>house</em> :ref:`rules` [1]_",
]


def test_hostile_profile_text_shows_literally(site):
    for name in ("profile/house-hostile.html", "index.html"):
        markup = page(site, name)
        assert 'href="javascript' not in markup
        assert "<script>alert" not in markup and "<b>not bold" not in markup
        assert 'src="/etc/passwd"' not in markup and "PRETTY_NAME" not in markup  # no include, no image
    seen = text_of(page(site, "profile/house-hostile.html"))
    for words in HOSTILE:
        assert words in seen, words
    # a note starting "- " is a paragraph, not a list; the title is the page's heading, as written
    markup = page(site, "profile/house-hostile.html")
    assert '<p class="costly-note"><strong>Note: </strong>- not a list item' in markup
    assert "<h1>House rules *not emphasis* `not code` &lt;b&gt;not bold&lt;/b&gt;" in markup


def test_a_profile_added_to_the_folder_gets_a_page_and_a_column(site):
    assert (site / "profile" / "house-hostile.html").exists()
    table = element_with_id(page(site, "index.html"), "rule-game-target")
    assert table.count('class="costly-cell') == len(profiles.bundled_ids()) + 1
    assert ">31<" in table  # the house value, in its own column
    for pid in [*profiles.bundled_ids(), "house-hostile"]:
        assert (site / "profile" / f"{pid}.html").exists()


# Citations both ways -------------------------------------------------------------------------------------

def test_cell_cites_readably_and_explains_itself(site):
    row = element_with_id(page(site, "index.html"), "rule-game-target")
    assert 'href="source/cotton-1674.html#src-cotton-1674-p125-game"' in row
    assert ">Cotton 1674, p. 125<" in row
    assert "cotton-1674#" not in text_of(row)  # no raw passage ids for a reader
    assert "of which generally Threescore and one makes the Game." in text_of(row)  # the words, in the cell
    # eddowes-burne-1874's target is disputed: the cell names the other reading and why, in place
    cells = row.split("<td")
    disputed = next(c for c in cells if "costly-status-disputed" in c)
    assert "<details" in disputed and "dispute: 1 other reading" in disputed
    assert "once round a Cribbage board" in text_of(disputed)
    assert "Wikipedia credits 121 to Parlett" in text_of(disputed)


def test_inherited_values_are_marked_and_differing_cells_highlighted(site):
    row = element_with_id(page(site, "index.html"), "rule-game-target")
    assert "costly-row-differs" in row
    holme = row.split("<td")[3]  # rule, cotton-1674, holme-1688
    assert "costly-inherited" in holme and "from cotton-1674" in text_of(holme)
    parlett = next(c for c in row.split("<td") if ">121<" in c and "costly-status-stated" in c)
    assert "costly-differs" in parlett


def test_every_rule_row_has_an_anchor(site):
    markup = page(site, "index.html")
    for key in profiles.rule_titles():
        assert f'id="rule-{key.replace(".", "-").replace("_", "-")}"' in markup, key


def test_every_passage_lists_what_cites_it(site):
    markup = page(site, "source/cotton-1674.html")
    passage = element_with_id(markup, "src-cotton-1674-p125-game")
    assert "Cited by" in passage
    assert 'href="../index.html#rule-game-target"' in passage  # back to the table row
    assert 'href="../profile/cotton-1674.html#profile-cotton-1674-game-target"' in passage
    assert "holme-1688" in text_of(passage)  # which inherits Cotton's value
    example = element_with_id(markup, "src-cotton-1674-p128-example-count")
    assert "index.html#example-cotton-1674-eldest-count" in example  # worked examples cite passages too


def test_legend_and_source_status_in_the_column_headers(site):
    markup = page(site, "index.html")
    legend = markup[markup.index('costly-legend'):]
    legend = legend[:legend.index("</dl>")]
    for status in ("stated", "inferred", "editorial", "silent", "disputed", "unavailable"):
        assert f"costly-badge-{status}" in legend
    head = markup[markup.index("<thead>", markup.index('class="costly-rule-table')):]
    head = head[:head.index("</thead>")]
    holme = head[head.index("holme-1688"):]
    holme = holme[:holme.index("</th>")]
    assert "source unavailable" in holme and "Harley MSS 2033-2035" in text_of(holme)
    # any status a profile gives its source is shown the same way, with its note as text
    house = head[head.index("house-hostile"):]
    house = house[:house.index("</th>")]
    assert "secondary sources" in house and "Our own <em>house</em> :ref:`rules` [1]_" in text_of(house)


def test_bibliography_labels_pages_urls_and_links(site):
    markup = page(site, "index.html")
    bib = markup[markup.index('<div role="list" class="citation-list">'):]
    seen = text_of(bib)
    assert "Cotton 1674" in seen and "Jackson and Burne 1883" in seen
    assert "pp. 125–128" in seen  # a book's page range
    assert "https://en.wikipedia.org/wiki/Costly_Colours" in seen and "visited on 2026-11-29" in seen
    for key in ("cotton1674", "burne1883", "parlettweb", "wikipediaen"):
        assert key not in seen
    assert 'href="source/cotton-1674.html#src-cotton-1674"' in bib  # the entry links to its transcription


# Pages a reader can use -------------------------------------------------------------------------------------

def test_rules_as_prose_each_sentence_cited(site):
    markup = page(site, "profile/cotton-1674.html")
    prose = markup[markup.index('id="profile-cotton-1674-prose"'):markup.index('id="profile-cotton-1674-rules"')]
    assert "The first to 61 points wins." in text_of(prose)
    assert "Refusing to mog gives the other side 1 point; so does not asking for a mog." in text_of(prose)
    sentences = prose.count('class="costly-sentence"')
    assert sentences >= 30
    assert prose.count('class="costly-sentence-cites"') == sentences  # each sentence followed by its passages
    assert "The game is for 2 players, each scoring alone." in text_of(prose)


def test_every_rule_is_in_exactly_one_sentence():
    keys = sentence_keys()
    assert sorted(keys) == sorted(profiles.rule_titles())


def test_worked_examples_show_cards_items_and_reasons(site):
    markup = page(site, "index.html")
    example = element_with_id(markup, "example-cotton-1674-eldest-count")
    seen = text_of(example)
    assert "5♥ 4♥ 8♥" in seen and "J♥" in seen
    assert "The source: 6" in seen and "The engine: 8" in seen
    assert "colours" in seen and "fifteen" in seen  # an item on each side
    assert "overlooks" in seen  # the reason for the disagreement


def test_hand_distribution_figures_with_their_data(site):
    svg = site / "_images" / "hands-cotton-1674.svg"
    assert svg.read_text(encoding="utf-8").lstrip().startswith("<?xml")
    markup = page(site, "profile/cotton-1674.html")
    pair = markup[markup.index('class="costly-figure-pair'):]
    assert "hands-cotton-1674.svg" in pair[:2000] and "costly-figure-data" in pair
    assert "1,082,900 deals" in text_of(pair)


def test_source_pages_for_every_source(site):
    from costly_variants.profiles.sources import library

    for source_id in library().sources:
        assert (site / "source" / f"{source_id}.html").exists()
    holme = text_of(page(site, "source/holme-1688.html"))
    assert "not available to this project" in holme


# Errors ---------------------------------------------------------------------------------------------------

def test_unknown_profile_and_broken_extra_profile_are_located_warnings(tmp_path):
    code, _, warnings = build("test-bad-profile", tmp_path)
    assert code != 0
    assert "index.rst:4: WARNING: costly: unknown profile 'cotton-1675'" in warnings
    assert "broken.yaml:6:21: $.rules.game.target.value: 'many' is not of type 'integer'" in warnings


def test_generated_stubs_follow_the_data(tmp_path):
    from costly_variants.site.pages import _sync_folder

    folder = tmp_path / "profile"
    _sync_folder(folder, ["a-1", "b-2"], "costly-profile-page")
    assert (folder / "a-1.rst").read_text(encoding="utf-8").endswith(".. costly-profile-page:: a-1\n")
    before = (folder / "a-1.rst").stat().st_mtime_ns
    _sync_folder(folder, ["a-1"], "costly-profile-page")
    assert not (folder / "b-2.rst").exists()  # a profile that is gone loses its page
    assert (folder / "a-1.rst").stat().st_mtime_ns == before  # an unchanged page is not rewritten (no rebuild)


def test_comparison_figures_with_their_data(site):
    markup = page(site, "index.html")
    for key in ("deals_per_game", "dealer_edge"):
        svg = site / "_images" / f"compare-{key}.svg"
        assert svg.exists() and b"<svg" in svg.read_bytes()[:400]
        assert f"compare-{key}.svg" in markup
    # every profile, the hostile house profile included, has its row with an interval and its games
    start = markup.index("Game length: deals per game")
    table = markup[start:markup.index("</table>", start)]
    for profile_id in ("cotton-1674", "parlett-121", "house-hostile"):
        assert f"<p>{profile_id}</p>" in table
    assert " to " in text_of(table) and "<p>30</p>" in table
    assert "costly compare --games 30 --seed 1 --skill-games 0" in text_of(markup)
