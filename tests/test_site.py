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
    assert ">31 points<" in table  # the house value, in its own column
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
    assert "costly-inherited" in holme and "from Cotton 1674" in text_of(holme)
    parlett = next(c for c in row.split("<td") if ">121 points<" in c and "costly-status-stated" in c)
    assert "costly-differs" in parlett


def test_every_rule_row_has_an_anchor(site):
    markup = page(site, "index.html")
    for key in profiles.rule_titles():
        assert f'id="rule-{key.replace(".", "-").replace("_", "-")}"' in markup, key


def test_every_passage_lists_what_cites_it(site):
    markup = page(site, "source/cotton-1674.html")
    passage = element_with_id(markup, "src-cotton-1674-p125-game-note")  # the passage's note, under the text
    assert "Cited by" in passage
    assert 'href="../index.html#rule-game-target"' in passage  # back to the table row
    assert 'href="../profile/cotton-1674.html#profile-cotton-1674-game-target"' in passage
    assert "holme-1688" in text_of(passage)  # which inherits Cotton's value
    example = element_with_id(markup, "src-cotton-1674-p128-example-count-note")
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
    assert "Cotton 1674" in seen and "Burne 1886" in seen
    assert "pp. 125–128" in seen  # a book's page range
    assert "https://en.wikipedia.org/wiki/Costly_Colours" in seen and "visited on 2026-11-29" in seen
    for key in ("cotton1674", "burne1883", "parlettweb", "wikipediaen"):
        assert key not in seen
    assert 'href="source/cotton-1674.html#src-cotton-1674"' in bib  # the entry links to its transcription


# Pages a reader can use -------------------------------------------------------------------------------------

def test_rules_as_prose_each_sentence_cited(site):
    """Clean prose in short paragraphs; each sentence a note number, each note its passages and record."""
    markup = page(site, "profile/cotton-1674.html")
    prose = markup[markup.index('id="profile-cotton-1674-prose"'):markup.index('id="profile-cotton-1674-rules"')]
    assert "The first to 61 points wins." in text_of(prose)
    assert "Refusing to mog gives the other side 1 point; so does not asking for a mog." in text_of(prose)
    sentences = prose.count('class="costly-sentence"')
    assert sentences >= 30
    assert prose.count('class="costly-note-ref') == sentences  # each sentence its note
    notes = element_with_id(markup, "profile-cotton-1674-notes")
    assert notes.count("<li") == sentences and notes.count("the rule's record") == sentences
    assert "costly-badge" not in prose[:prose.index('id="profile-cotton-1674-notes"')].split("How to play")[-1] \
        .split("</p>", 1)[1]  # no badges in the running prose: they are in the notes
    for paragraph in re.findall(r'<p class="costly-prose">(.*?)</p>', prose, re.S):
        assert paragraph.count('class="costly-sentence"') <= 4
    assert "The game is for 2 players, each scoring alone." in text_of(prose)


def test_a_sentence_its_source_says_nothing_of_says_so_in_the_running_prose(site):
    """Cotton does not say who deals first (silent): his "how to play" says so beside the sentence, so that it
    does not read as his rule; a sentence he states has no such mark."""
    cotton = profiles.load("cotton-1674")
    markup = page(site, "profile/cotton-1674.html")
    prose = markup[markup.index('id="profile-cotton-1674-prose"'):markup.index('id="profile-cotton-1674-notes"')]
    pieces = prose.split('<span class="costly-sentence">')[1:]  # each sentence, with what follows it
    marked = [piece.split("</span>", 1)[0] for piece in pieces
              if re.match(r'[^<]*</span>\s*<span class="costly-silent-mark">', piece)]
    assert cotton.provenance["deal.first_dealer"].status.value == "silent"
    assert any(text_of(m).startswith("Cut for the first deal") for m in marked), marked
    assert not any("The first to 61 points wins." in text_of(m) for m in marked)
    assert "(in part not in this source)" in text_of(prose)  # a sentence of a stated value and a silent one


def test_every_coded_value_has_words():
    """Every value the schema codes (an enum) has its words, so none shows as a code on the site."""
    import json

    from costly_variants.site.words import VALUE_WORDS

    schema = json.loads(profiles.schema_path().read_text(encoding="utf-8"))
    for section, fields in schema["properties"]["rules"]["properties"].items():
        for name, spec in fields["properties"].items():
            value = spec["properties"]["value"]
            codes = value.get("enum") or value.get("items", {}).get("enum")
            if codes and value.get("type") != "integer":
                assert set(map(str, codes)) <= set(VALUE_WORDS[f"{section}.{name}"]), f"{section}.{name}"


def test_rule_values_in_words_with_short_titles_and_no_unexplained_symbols(site):
    row = element_with_id(page(site, "index.html"), "rule-mog-procedure")
    values = re.findall(r'class="costly-value">(.*?)</span>', row)
    assert "the eldest chooses whether to mog; the dealer agrees or refuses" in [html.unescape(v) for v in values]
    assert not any(v in ("eldest-chooses", "elder-asks-dealer", "both-pass") for v in values)
    assert "(differs)" in text_of(row) and "\u2260" not in text_of(row)
    head = page(site, "index.html")
    assert ">Cotton 1674<" in head and ">Parlett 121<" in head
    target = element_with_id(page(site, "index.html"), "rule-game-target")
    assert ">61 points<" in target


def test_what_differs_at_a_glance_shows_only_rules_that_differ(site):
    markup = page(site, "index.html")
    glance = markup[markup.index('class="costly-fit costly-stack costly-glance'):]
    glance = glance[:glance.index("</table>")]
    assert "Points to the dealer for a turned Jack or Deuce" not in text_of(glance)  # 4 in every profile
    assert "Game: the score that wins" in text_of(glance)


def test_numbers_say_their_games_their_units_and_never_a_signed_zero(site):
    markup = page(site, "index.html")
    seen = text_of(markup)
    for zero in ("-0.00", "+0.00", "\u22120.00", "-0.0 ", "+0.0 ", "\u22120.0 "):
        assert zero not in seen, zero
    section = element_with_id(markup, "compare-deals-per-game")
    assert "games a profile, the greedy bot in every seat, seed 1" in text_of(section)
    assert "* marks a difference clear of zero after allowing for every difference its comparison tests" in \
        text_of(section)
    whole = element_with_id(markup, "by-rule-cotton-1674-parlett-121-whole")
    assert "deals per game" in text_of(whole) and "points per deal" in text_of(whole)
    assert "percentage points" in text_of(whole) or "%" in text_of(whole)


def test_the_headline_explains_the_whole_change_by_its_parts_and_the_thresholds_are_stated(site):
    markup = page(site, "index.html")
    headline = markup[markup.index('class="costly-headline'):]
    headline = " ".join(text_of(headline[:headline.index("</ul>")]).split())
    assert "Cotton 1674 \u2192 Parlett 121" in headline
    assert (" alone " in headline and "changes together" in headline) or "less than 0.1 deal per game" in headline
    from costly_variants.runs.thresholds import KINDS

    stated = text_of(markup)
    for kind in KINDS:
        assert kind.shown in stated
    which = element_with_id(markup, "by-rule-cotton-1674-parlett-121-clear")
    assert "Which rules matter" in text_of(which)
    assert "count.right_jack_points" not in text_of(which)  # titles, not keys


def test_a_count_that_occurs_is_never_shown_as_zero_percent(site):
    markup = page(site, "profile/cotton-1674.html")
    assert ">0.00%<" not in markup
    assert "<0.01%" in html.unescape(markup) or "0.0" in markup


def test_glossary_has_the_bots_and_statistics_and_pages_link_terms_at_first_use(site):
    from costly_variants.site.glossary import anchor_of

    glossary = page(site, "index.html")
    for term in ("greedy bot", "expert bot", "clear of zero", "half-width", "percentage point"):
        assert f'id="{anchor_of(term)}"' in glossary, term
    profile = page(site, "profile/cotton-1674.html")
    links = re.findall(r'<a class="[^"]*costly-term[^"]*" href="[^"]*#(glossary-[a-z-]+)"', profile)
    assert "glossary-mog" in links and len(links) == len(set(links))  # each term linked once a page


def test_the_python_pages_defaults_are_read_from_the_code():
    from costly_variants.api import running

    docs = Path(__file__).resolve().parent.parent / "docs"
    text = (docs / "python.rst").read_text(encoding="utf-8")
    assert "|default_games|" in text and "1,000 games a profile" not in text
    conf = (docs / "conf.py").read_text(encoding="utf-8")
    assert "running.DEFAULT_GAMES" in conf and running.DEFAULT_GAMES == 20_000


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


def test_a_build_without_the_compiled_kernel_says_so_on_one_line(tmp_path, monkeypatch):
    from costly_variants.game import kernel

    monkeypatch.setattr(kernel, "KERNEL", None)
    _, _, warnings = build("test-bad-profile", tmp_path)
    lines = [line for line in warnings.splitlines() if "compiled kernel is not built" in line]
    assert len(lines) == 1 and "WARNING: costly: the compiled kernel" in lines[0]


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
    for key in ("deals_per_game", "dealer_edge", "first_dealer_wins", "points-count", "lead_changes",
                "skill-expert-greedy"):
        for theme in ("", "-dark"):
            svg = site / "_images" / f"compare-{key}{theme}.svg"
            assert svg.exists() and b"<svg" in svg.read_bytes()[:400], svg.name
        assert f"compare-{key}.svg" in markup and f"compare-{key}-dark.svg" in markup
    # every profile, the hostile house profile included, has its row: a value with its interval, and its
    # paired difference from the first profile
    table = element_with_id(markup, "compare-deals-per-game")
    seen = text_of(table)
    for name in ("Cotton 1674", "Parlett 121", "House hostile"):
        assert name in seen
    assert re.search(r"\d\.\d\d \(\d\.\d\d to \d\.\d\d\)", seen)  # a value and its interval
    assert re.search(r"[+\u2212]\d\.\d\d \(\u2212?\d\.\d\d to \u2212?\d\.\d\d\)", seen)  # a difference, interval
    assert "the baseline" in seen
    # the games are said, from the one count in conf.py: the skill games follow from it
    assert "30 games per profile" in text_of(markup)
    assert "costly compare --games 30 --seed 1 --skill-games 10" in text_of(markup)


def test_the_effect_of_each_rule_with_its_interval(site):
    markup = page(site, "index.html")
    seen = text_of(element_with_id(markup, "by-rule-cotton-1674-parlett-121-whole"))
    assert "Game length" in seen and "sum of the single effects" in seen
    # each differing rule, switched alone, has its effect on game length with an interval
    length = element_with_id(markup, "by-rule-cotton-1674-parlett-121-deals-per-game")
    assert "Game: the score that wins" in text_of(length) and "61 points \u2192 121 points" in text_of(length)
    assert 'href="#rule-game-target"' in length
    assert "byrule-cotton-1674-parlett-121-deals_per_game.svg" in length
    assert "costly compare cotton-1674 parlett-121 --by-rule --games 30 --seed 1" in text_of(markup)
    # the front page's sentence links to it
    headline = markup[markup.index('class="costly-headline'):]
    assert 'href="#by-rule-cotton-1674-parlett-121"' in headline[:3000]
    assert "deals" in text_of(headline[:3000]) and " to " in text_of(headline[:3000])


def test_the_build_plays_its_games_once_from_one_count():
    from costly_variants.site import comparison

    assert comparison.skill_games(comparison.BUILD_GAMES) < comparison.BUILD_GAMES
    assert comparison.by_rule_games(comparison.BUILD_GAMES) == comparison.BUILD_GAMES
    assert comparison.skill_games(400) == 100 and comparison.skill_games(8) == 10


# Quotation, citations, headings ---------------------------------------------------------------------------

def test_only_the_sources_words_are_quoted(site):
    row = element_with_id(page(site, "index.html"), "rule-game-target")
    cotton = row.split("<td")[2]
    # Cotton's words are quoted, under "the source's words"
    assert "the source" not in cotton or "quote" in text_of(cotton)
    assert '<span class="costly-words">\u201cof which generally Threescore and one makes the Game.\u201d' in cotton
    # Wikipedia's facts, in this project's words: said so, upright, never set as a quotation
    parlett = next(c for c in row.split("<td") if "costly-status-stated" in c and ">121 points<" in c)
    assert "in our words" in text_of(parlett)
    paraphrase = parlett[parlett.index('class="costly-paraphrase"'):]
    assert "Parlett 2020, Game" in text_of(paraphrase[:2000])  # his page alone (issue 36)
    assert "\u201c" not in text_of(paraphrase[:paraphrase.index("</p>")])
    assert 'class="costly-words"' not in paraphrase[:paraphrase.index("</p>")]
    source = page(site, "source/wikipedia-en.html")
    target = element_with_id(source, "src-wikipedia-en-target")
    assert "Wikipedia 2020 (read in Japanese translation), in our words:" in text_of(target) and "<blockquote" not in target


def test_the_1874_rules_say_they_rest_on_secondary_sources(site):
    markup = page(site, "index.html")
    head = markup[markup.index("<thead>", markup.index('class="costly-rule-table')):]
    head = head[:head.index("</thead>")]
    column = head[head.index("profile-eddowes-burne-1874\""):]
    assert "secondary sources" in text_of(column[:column.index("</th>")])
    words = "2 of its 60 values cite the words of Burne 1886 itself, read in other works"
    assert words in " ".join(text_of(column[:column.index("</th>")]).split())
    assert words in " ".join(text_of(page(site, "profile/eddowes-burne-1874.html")).split())


RAW_ID = re.compile(r"\b[a-z0-9]+(?:-[a-z0-9]+)+#[a-z0-9]+(?:-[a-z0-9]+)*\b")


def test_no_raw_ids_or_field_names_for_a_reader(site):
    for name in ("index.html", "profile/cotton-1674.html", "profile/eddowes-burne-1874-partners.html",
                 "source/cotton-1674.html", "source/holme-1688.html", "source/parlett-web.html"):
        seen = text_of(re.sub(r"<(code|pre)[^>]*>.*?</\1>", "", page(site, name), flags=re.S))
        assert not RAW_ID.findall(seen), (name, RAW_ID.findall(seen)[:3])
        assert "gap_readings" not in seen and "copied.." not in seen, name
    # a note's passage id reads as its citation, still plain text (a note never becomes a link)
    row = element_with_id(page(site, "index.html"), "rule-deal-first-dealer")
    assert "(Wikipedia 2020 (read in Japanese translation), Rules - Preliminaries)" in text_of(row)


def test_citation_brackets_name_each_place_once(site):
    prose = page(site, "profile/cotton-1674.html")
    prose = prose[prose.index('id="profile-cotton-1674-prose"'):prose.index('id="profile-cotton-1674-deal"')]
    for bracket in re.findall(r'<span class="costly-sentence-cites">(.*?)</span>\s*(?=<span class="costly-sentence"|</p>)',
                              prose, flags=re.S):
        places = [p.strip() for p in re.split(r"[;,]", text_of(bracket).strip("[] "))]
        assert len(places) == len(set(places)), text_of(bracket)
    assert "Cotton 1674, p. 127; Cotton 1674, p. 127" not in text_of(prose)


def test_real_headings_for_examples_passages_and_prose(site):
    markup = page(site, "index.html")
    assert re.search(r'<section class="costly-example-section" id="example-cotton-1674-eldest-count">\s*<h2>',
                     markup)
    source = page(site, "source/cotton-1674.html")
    assert re.search(r'<li class="costly-text-note" id="src-cotton-1674-p125-game-note">\s*<p class="costly-passage-id">'
                     r'<a [^>]*><span [^>]*>p\. 125: game', source)
    # the title a phone shows first is short; the full title follows
    assert "<h1>Cotton 1674: The Compleat Gamester" in source
    prose = page(site, "profile/cotton-1674.html")
    for heading in ("Players", "The game", "The deal", "The mog", "The play", "The count"):
        assert re.search(rf"<h3>{heading}<a", prose), heading


def test_a_two_hand_profile_tells_nothing_of_the_four_hand_game(site):
    def prose(name):
        markup = page(site, f"profile/{name}.html")
        return text_of(markup[markup.index(f'id="profile-{name}-prose"'):markup.index(f'id="profile-{name}-deal"')])

    assert "four-hand" not in prose("cotton-1674") and "partners" not in prose("cotton-1674")
    assert "In the four-hand game partners mog with each other" in prose("eddowes-burne-1874-partners")


def test_profiles_in_date_order_in_the_contents(site):
    nav = page(site, "index.html")
    order = [m for m in re.findall(r'href="profile/([a-z0-9-]+)\.html"', nav)]
    first = list(dict.fromkeys(order))
    assert first.index("holme-1688") < first.index("eddowes-burne-1874") < first.index("house-hostile")


# A profile at a glance ----------------------------------------------------------------------------------

def test_each_profile_has_a_summary_box_and_its_scoring(site):
    markup = page(site, "profile/parlett-121.html")
    box = text_of(markup[markup.index('class="costly-facts'):markup.index("Scoring at a glance")])
    assert "Players2, each alone" in box.replace("\n", "")
    assert "3 each, dealt one at a time" in box and "the first to 121 points wins" in box
    assert re.search(r"\d+\.\d deals on average \(95% interval \d+\.\d to \d+\.\d\); half the games take "
                     r"[\d.]+ to [\d.]+ deals, the median [\d.]+, in 30 games", box)
    assert "extends eddowes-burne-1874" in box
    scoring = markup[markup.index('id="profile-parlett-121-scoring"'):markup.index('id="profile-parlett-121-prose"')]
    seen = text_of(scoring)
    assert "bringing the count to 15, 25 or 31" in seen
    assert re.search(r"costly colours[^:]*: four cards of one suit", seen)
    assert 'href="#profile-parlett-121-count-colours"' in scoring  # each line links to its rule


def test_the_example_deal_is_the_engines_with_every_score_explained(site):
    from costly_variants import profiles
    from costly_variants.site.narration import chosen_deal

    profile = profiles.load("cotton-1674")
    deal = chosen_deal(profile)
    events = [e for s in deal.steps for e in s.events]
    assert events and sum(e.points for e in events if e.team == 0) == deal.scores[0]
    assert sum(e.points for e in events if e.team == 1) == deal.scores[1]
    markup = page(site, "profile/cotton-1674.html")
    told = markup[markup.index('id="profile-cotton-1674-deal"'):markup.index('id="profile-cotton-1674-rules"')]
    items = re.findall(r"<li><p>(.*?)</p></li>", told, flags=re.S)
    assert len(items) == len(events)
    for item, event in zip(items, events):
        assert f"scores {event.points}" in text_of(item)
        assert f'href="#profile-cotton-1674-{event.rule.replace(".", "-").replace("_", "-")}"' in item  # the rule
        assert "source/cotton-1674.html#src-cotton-1674-" in item  # and its passage
    assert f"After the deal: Player 1 {deal.scores[0]}, Player 2 {deal.scores[1]}" in text_of(told)


def test_the_history_gives_the_sources_own_dates(site):
    table = text_of(page(site, "index.html"))
    start = table.index("date")
    assert re.search(r"1674\s*Cotton 1674.*1687\s*Cotton 1687.*1756\s*Toldervy 1756.*1805\s*Eddowes 1805", table[start:],
                     flags=re.S)


def test_the_hand_counts_overlaid_with_identical_profiles_named(site):
    markup = page(site, "index.html")
    assert "hands-all.svg" not in markup  # the test site's index shows the analysis table, not the figure
    from costly_variants import profiles
    from costly_variants.site.plots import identical_groups

    groups = identical_groups(profiles.load_all())
    assert [[p.id for p in g] for g in groups] == [["cotton-1674", "holme-1688"],
                                                   ["eddowes-burne-1874", "eddowes-burne-1874-partners", "parlett-121"]]


def test_the_greedy_bots_mog_is_stated_truly_everywhere():
    """The greedy bot asks to mog and agrees when asked (its first choice is ASK): no page, no README and
    no report says it never asks."""
    import inspect

    from costly_variants.runs import unchanged
    from costly_variants.game.actions import ASK, DECLINE
    from costly_variants.game.bots import GreedyBot
    from costly_variants.site.glossary import SITE_TERMS

    class Asked:
        @staticmethod
        def legal_actions():
            return [ASK, DECLINE]

    assert GreedyBot.choose_for(Asked(), 0) is ASK  # type: ignore[arg-type]
    root = Path(__file__).resolve().parent.parent
    reasons = inspect.getsource(unchanged)
    for text in (reasons, (root / "README.md").read_text(encoding="utf-8"),
                 (root / "docs" / "readings.rst").read_text(encoding="utf-8"),
                 " ".join(SITE_TERMS.values())):
        assert "never asks" not in text
    assert "always asks to mog" in reasons


def test_every_page_has_the_site_s_icon_so_no_browser_asks_for_a_missing_favicon(site):
    """Without an icon a browser asks for /favicon.ico, and a 404 is an error in its console."""
    icon = site / "_static" / "favicon.svg"
    assert icon.read_text(encoding="utf-8").startswith("<svg ")
    for path in sorted(site.glob("*.html")):
        # rel="icon", or furo's "shortcut icon"
        links = re.findall(r'<link rel="(?:shortcut )?icon" href="([^"]+)"', path.read_text(encoding="utf-8"))
        assert links == ["_static/favicon.svg"], (path.name, links)


# Evidence where a value is shown (issue 36) ---------------------------------------------------------------

def test_a_stated_value_shows_the_words_that_state_it_in_both_tables(site):
    row = element_with_id(page(site, "index.html"), "rule-game-target")
    cells = row.split("<td")
    cotton = next(c for c in cells if "costly-status-stated" in c and "61 points" in c)
    evidence = cotton[cotton.index('class="costly-evidence"'):]
    assert "\u201cgenerally Threescore and one makes the Game\u201d" in text_of(evidence.split("</p>")[0])
    jackson = next(c for c in cells if "costly-status-disputed" in c)
    words = text_of(jackson)
    assert "121ポイント（パーレット）" in words and "read in Japanese; our translation:" in words
    assert "in our words: The game is played up to 121." in words
    # the profile page's rule table carries the same words under the value
    rules = text_of(element_with_id(page(site, "profile/cotton-1674.html"), "profile-cotton-1674-game-target"))
    assert "\u201cgenerally Threescore and one makes the Game\u201d" in rules


def test_an_inherited_value_shows_its_own_sources_status_and_where_it_came_from(site):
    row = element_with_id(page(site, "profile/parlett-121.html"), "profile-parlett-121-deal-first-dealer")
    assert "costly-badge-silent" in row and "costly-badge-stated" not in row
    assert "from Eddowes\u2013Burne 1874, stated there" in " ".join(text_of(row).split())
    side = element_with_id(page(site, "index.html"), "rule-deal-first-dealer")
    parlett = next(c for c in side.split("<td") if "costly-inherited" in c and "Parlett" in c.split("</p>")[0])
    assert "costly-status-silent" in parlett and "stated there" in text_of(parlett)


def test_evidence_words_are_text_never_markup(site):
    hostile = "<script>alert(3)</script> and .. raw:: html in our words"
    for name in ("profile/house-hostile.html", "index.html"):
        markup = page(site, name)
        assert "<script>alert(3)" not in markup
        assert "&lt;script&gt;alert(3)&lt;/script&gt;" in markup
        assert hostile in text_of(markup)
