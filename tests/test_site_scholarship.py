"""The site as a historian reads it, built from tests/roots/test-scholar (the fewest games): every
citation shows its channel, an unavailable text states nothing, one date per source, the texts read
straight through, and the pages of the rules through time and of the 1874 concordance."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from sphinx.cmd.build import build_main

from .test_site import element_with_id, text_of

ROOT = Path(__file__).parent / "roots" / "test-scholar"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("scholar")
    shutil.copytree(ROOT, tmp / "src")
    warnings = tmp / "warnings.txt"
    code = build_main(["-W", "--keep-going", "-q", "-b", "html", "-w", str(warnings), str(tmp / "src"), str(tmp / "html")])
    assert code == 0, warnings.read_text(encoding="utf-8")
    return tmp / "html"


def page(site: Path, name: str) -> str:
    return (site / name).read_text(encoding="utf-8")


def seen(markup: str) -> str:
    return " ".join(text_of(markup).split())


# 1. Citation chains ----------------------------------------------------------------------------------------

def test_every_view_of_a_quotation_names_the_work_it_was_read_in(site):
    table = page(site, "index.html")
    nest = seen(element_with_id(table, "rule-count-cocks-nest"))
    assert "Webb 1924, pp. 98, 102 (Penguin), quoted in Parlett 2020" in nest  # the cell's citation and its quote
    assert "Webb 1924, pp. 98, 102 (Penguin)," not in nest.replace("Webb 1924, pp. 98, 102 (Penguin), quoted", "")
    mog = seen(element_with_id(table, "rule-mog-procedure"))
    assert "Burne 1886, the digest, \"Mogging or Changing\", quoted in Wiktionary n.d." in mog
    # the running text of the history cites through the same function
    assert "Webb 1924, pp. 98, 102 (Penguin), quoted in Parlett 2020" in seen(table)
    assert "Burne 1886, the opening of the digest, quoted in Parlett 2020" in seen(table)
    # the source pages: each passage's citation, and the work's channel in full
    webb = seen(page(site, "source/webb-1924.html"))
    assert "Webb 1924, pp. 98, 102 (Penguin), quoted in Parlett 2020, history, his scan of Precious Bane" in webb
    wh = seen(page(site, "source/wh-1877.html"))
    assert "W.H. 1877, p. 133, quoted in Wikipedia 2020 (read through English mirrors), lead, footnote 3" in wh
    assert "in our words" not in wh  # W.H.'s page holds his words only; Wikipedia's report is Wikipedia's
    # the profile page's record of a rule
    profile = seen(page(site, "profile/eddowes-burne-1874.html"))
    assert "Webb 1924, pp. 98, 102 (Penguin), quoted in Parlett 2020" in profile


# 2. Unavailable means unavailable ------------------------------------------------------------------------------

def test_holmes_column_is_unavailable_never_stated(site):
    table = page(site, "index.html")
    for key in ("rule-game-target", "rule-players-count", "rule-count-colours"):
        holme = element_with_id(table, key).split("<td")[3]  # rule, cotton-1674, holme-1688
        assert "costly-badge-unavailable" in holme and "costly-badge-stated" not in holme
        assert "from Cotton 1674" in seen(holme)
    assert table.count("costly-badge-unavailable") > 60  # every Holme cell, and the legend


def test_holme_has_no_column_and_no_count_at_a_glance(site):
    glance = page(site, "index.html")
    box = glance[glance.index('class="costly-fit costly-stack costly-glance'):]
    box = box[:box.index("</table>")]
    assert "holme-1688" not in box and "Holme" not in seen(box)
    assert "0 of 60" not in seen(box)
    unread = seen(glance[glance.index('class="costly-glance-unread'):][:1200])
    assert unread.startswith("Holme 1688") or "Holme" in unread[:40]
    assert "has not been read" in unread and "is not known" in unread


def test_holmes_page_says_what_is_known_not_a_copy_of_cottons(site):
    holme = page(site, "profile/holme-1688.html")
    cotton = page(site, "profile/cotton-1674.html")
    assert len(holme) < len(cotton) / 3
    text = seen(holme)
    assert "Holme 1688's text has not been read: none of its rules is known" in text
    assert "plays as Cotton 1674" not in text and "every rule the same" not in text
    assert "they are Cotton 1674's, not Holme 1688's" in text
    assert "none is stated by it" in text and "Harley MSS 2033-2035" in text
    assert "aberrant additional comments" in text and "not known" in text
    assert "notes over Cotton" not in text and "1688 MS" not in text
    for heading in ("What is known of it", "Where the text is", "What it would settle"):
        assert heading in text
    assert 'href="https://rholme.taths.org.uk/"' in holme  # where the text is, as a link
    assert "How to play" not in text and "An example deal" not in text
    # every rule of Holme's still has its anchor: the glance and the rule table link to them
    assert 'id="profile-holme-1688-game-target"' in holme


# 3. One date and one label -----------------------------------------------------------------------------------

def test_one_label_per_source_in_cite_as_the_bibliography_and_the_history(site):
    index = page(site, "index.html")
    bib = seen(index[index.index('class="citation-list"'):])
    for label in ("Cotton 1674", "Burne 1886", "Wikipedia 2020", "Parlett 2020", "Webb 1924", "W.H. 1877"):
        assert f"[{label}]" in bib, label
    assert "Jackson and Burne" not in seen(index) and "1883]" not in bib
    assert "Shropshire Folk-Lore: A Sheaf of Gleanings" in bib and "1886. pp. 527, 647–649" in bib
    assert "volume 2" not in bib and "pages 133" not in bib and "17–." not in bib  # one style
    wikipedia = bib.split("[Wikipedia 2020]")[1][:600]
    assert "read in a Japanese translation" in wikipedia and "visited on" not in wikipedia  # not visited itself
    assert "by 2026-11-29; which revision they show is not known" in wikipedia and "Kiwix mirror" in wikipedia
    # sorted by label, every work, editors named, both of W.H.'s notes, no double stop
    labels = re.findall(r"\[([^\]]+)\] ", bib)
    assert labels == sorted(labels, key=str.lower) and len(labels) >= 18
    assert "[Holme 1905] Randle Holme. The Academy of Armory, or, A Storehouse of Armory and Blazon. Volume II. I. H. Jeayes, editor." in bib
    assert "[W.H. 1877] W.H. \u201cThe Game of Costly\u201d." in bib and "[W.H. 1877, second note] W.H. \u201cCostly\u201d." in bib
    assert "by 2026-12-02; the mirror shows no date or revision" in bib.split("[Wiktionary n.d.]")[1]
    assert "n.d.." not in seen(index) and "n.d.." not in bib
    assert re.search(r"<em>Precious Bane</em>", index)  # a work's title in italics
    cotton = seen(page(site, "source/cotton-1674.html"))
    assert "Cite as: Cotton 1674." in cotton and "[Cotton, 1674]" not in cotton
    burne = seen(page(site, "source/burne-1883.html"))
    assert burne.startswith("Burne 1886") or "Burne 1886: Shropshire Folk-Lore" in burne
    assert "Part III in 1886" in burne and "Cite as: Burne 1886." in burne
    history = seen(index[index.index('id="history"'):])
    assert re.search(r"1886 Burne 1886", history) and re.search(r"1924 Webb 1924", history)
    assert not re.search(r"1883 Burne", history)


def test_the_1874_column_says_wikipedia_was_read_in_translation(site):
    index = page(site, "index.html")
    head = index[index.index("<thead>", index.index('class="costly-rule-table')):]
    head = head[:head.index("</thead>")]
    column = head[head.index('profile-eddowes-burne-1874"'):]
    assert "Japanese translation" in seen(column[:column.index("</th>")])
    assert "Japanese translation" in seen(page(site, "profile/eddowes-burne-1874.html"))
    parlett = head[head.index('profile-parlett-121"'):]
    assert "2020" in seen(parlett[:parlett.index("</th>")])  # dated by the page every cell cites


# 4. Counts that tell the truth -----------------------------------------------------------------------------

def test_summary_boxes_count_values_by_status(site):
    from costly_variants import profiles
    from costly_variants.profiles.display import status_counts

    cotton = profiles.load("cotton-1674")
    counts = status_counts(cotton)
    assert re.fullmatch(r"\d+ stated, \d+ inferred, \d+ silent", counts)  # none disputed: one source (issue 36)
    box = seen(page(site, "profile/cotton-1674.html"))
    assert counts in box and "60 of its 60 values cite the words of Cotton 1674" not in box
    parlett = seen(page(site, "profile/parlett-121.html"))
    assert re.search(r"Parlett 2020's own rules: \d+ of its 60 values cite Parlett 2020", parlett)
    rules_1874 = seen(page(site, "profile/eddowes-burne-1874.html"))
    assert re.search(r"\b\d of its 60 values cite the words of Burne 1886 itself, read in other works", rules_1874)


# 5. The texts read straight through ---------------------------------------------------------------------------

def test_cottons_chapter_reads_straight_through(site):
    markup = page(site, "source/cotton-1674.html")
    text = element_with_id(markup, "src-cotton-1674-text")
    running = text[text.index('class="costly-reading-text'):text.index('id="src-cotton-1674-notes"')]
    # one paragraph, every passage an anchor in it, the page breaks marked, no "cited by" between clauses
    assert running.count('class="costly-running') == 1
    assert running.count('class="costly-passage costly-in-text"') == 22
    assert 'id="src-cotton-1674-p125-game"' in running
    assert [m for m in re.findall(r'costly-page-break">p\. (\d+)<', running)] == ["125", "126", "127", "128"]
    assert "Cited by" not in running and "<em>" not in running and "<h2" not in running
    words = seen(running)
    assert "of which generally Threescore and one makes the Game." in words and "[p. 126]" not in words
    # what cites a passage sits in its note, reached from a mark after the passage
    note = element_with_id(markup, "src-cotton-1674-p125-game-note")
    assert "Cited by" in note and 'href="../index.html#rule-game-target"' in note
    assert 'href="#src-cotton-1674-p125-game-note"' in running
    # the catalogue records are links
    for url in ("https://quod.lib.umich.edu/e/eebo/A34637.0001.001", "http://estc.bl.uk/R23124"):
        assert f'href="{url}"' in markup


def test_fragments_follow_one_another_each_with_its_channel(site):
    markup = page(site, "source/burne-1883.html")
    assert markup.count('class="costly-running costly-fragment"') == 4
    assert 'href="https://books.google.com/books?id=MeVZAAAAMAAJ"' in markup
    assert 'href="https://www.gutenberg.org/ebooks/45584"' in page(site, "source/chatto-1848.html")


# 6. The new material --------------------------------------------------------------------------------------------

def test_the_mog_fragment_is_a_passage_of_the_digest_cited_by_the_1874_mog(site):
    fragment = element_with_id(page(site, "source/burne-1883.html"), "src-burne-1883-mogging")
    assert "the first player asks the dealer if he will mog" in seen(fragment)
    note = seen(element_with_id(page(site, "source/burne-1883.html"), "src-burne-1883-mogging-note"))
    assert "quoted in Wiktionary n.d." in note and "Two-hand mogging" in note and "Points to the other side" in note
    record = seen(element_with_id(page(site, "profile/eddowes-burne-1874.html"), "profile-eddowes-burne-1874-mog-procedure"))
    assert "presumed to be from the digest" in record and "leaves open" in record
    assert "settles" not in record and "the digest's own words" not in record
    assert "A presumed fragment of the 1874 digest, not a known one" in note and "Against it" in note
    # cited only for the rules it speaks of
    from costly_variants import profiles
    citing = {key for p in profiles.load_all() for key, prov in p.provenance.items()
              if prov.defined_in == p.id and "burne-1883#mogging" in prov.cite}
    assert citing == {"mog.procedure", "mog.refusal_points"}
    wiktionary = seen(page(site, "source/wiktionary-mog.html"))
    assert re.search(r"Wiktionary n.d.( \(read [^)]*\))?, in our words", wiktionary) and "the first player asks" not in wiktionary


def test_jenkin_in_the_glossary_is_w_h_s_through_wikipedia(site):
    glossary = seen(page(site, "index.html"))
    start = glossary.index("jenkin meaningW.H.'s word")
    entry = glossary[start:start + 300]
    assert "as Wikipedia reports it" in entry and "passagesWikipedia 2020 (read in Japanese translation), Rules - Scoring, footnote 3" in entry


# 7. For historians ------------------------------------------------------------------------------------------------

def test_the_rules_through_time(site):
    markup = page(site, "through-time.html")
    text = seen(markup)
    # Holme's text is unread: said once, above, never "no rule of it differs", never a column
    assert "its text has not been read" in text and "no rule of it differs" not in text
    assert "holme-1688 |" not in text and 'id="profile-holme-1688--game-target"' not in markup
    target = seen(element_with_id(markup, "through-time-rule-game-target"))
    # each cell named by its column, for a phone where the table stacks
    assert re.search(r"1674 cotton-1674 its source gives61 statusstated passagesCotton 1674, p. 125 ", target)
    assert "parlett-121 its source gives121" in target
    mog = seen(element_with_id(markup, "through-time-rule-mog-procedure"))
    assert "eldest-chooses" in mog and "elder-asks-dealer" in mog and "both-pass" in mog
    # the four-hand game has its column: Cotton's "only by two persons" against 1874's two or four
    players = seen(element_with_id(markup, "through-time-rule-players-count"))
    assert "eddowes-burne-1874-partners its source gives4" in players and "cotton-1674 its source gives2" in players
    # a source's silence is silence: Cotton gives no double prial, and the engine's 18 is marked as the engine's
    double = seen(element_with_id(markup, "through-time-rule-count-double-prial-points"))
    assert "cotton-1674 its source givessilent (the engine plays 18)" in double
    # no row for a rule that exists only in the engine, nor for one that does not arise in a source's game
    assert 'id="through-time-rule-mog-late-claim-when"' not in markup  # Cotton has no late claims
    assert 'id="through-time-rule-deal-cards-each"' not in markup  # a rule no source changes
    assert 'id="through-time-rule-game-peg-out-ends-game"' not in markup  # a rule no source gives


def test_the_rules_through_time_has_a_row_for_every_rule_two_sources_differ_on(site):
    from costly_variants import profiles
    from costly_variants.site.through_time import SILENT_STATUSES, arises

    readable = [p for p in profiles.load_all() if p.source_status is None or p.source_status.status.value != "unavailable"]
    assert {p.id for p in readable} >= {"cotton-1674", "eddowes-burne-1874", "eddowes-burne-1874-partners", "parlett-121"}
    expected = set()
    for key in profiles.rule_titles():
        given = {("silent" if p.provenance[key].status.value in SILENT_STATUSES else repr(p.values[key]))
                 for p in readable if arises(p, key)}
        if len(given) > 1 and given != {"silent"}:
            expected.add(key)
    markup = page(site, "through-time.html")
    rows = {m.replace("-", "") for m in re.findall(r'id="through-time-rule-([a-z0-9-]+)"', markup)}
    assert rows == {k.replace(".", "").replace("_", "") for k in expected}
    assert {"players.count", "count.double_prial_points", "game.target"} <= expected


# The concordance: every cell its report's recorded reading ------------------------------------------------------

def _cells():
    from costly_variants.profiles import concordance
    data = concordance.bundled("eddowes-burne-1874")
    return [(game.id, key, source) for game in data.games for key in game.rules for source, _ in data.reports
            if any(source in r for r in game.rules.values())]


@pytest.mark.parametrize(("game", "key", "source"), _cells())
def test_each_concordance_cell_is_its_reports_recorded_reading(site, game, key, source):
    from costly_variants.profiles import concordance
    from costly_variants.profiles.sources import library
    from costly_variants.site.concordance import row_id
    from costly_variants.site.words import words as value_words

    data = concordance.bundled("eddowes-burne-1874")
    reading = data.game(game).rules[key].get(source)
    columns = [src for src, _ in data.reports if any(src in r for r in data.game(game).rules.values())]
    row = element_with_id(page(site, "concordance.html"), row_id(game, key))
    cell = seen(row.split("<td")[2 + columns.index(source)])
    if reading is None or not reading.reported:
        assert "not reported" in cell and (reading is None or " ".join(reading.silent.split()) in cell)
    else:
        assert "not reported" not in cell
        for value, words in zip(reading.values, reading.words):
            assert f"{value_words(key, value)}: {' '.join(words.split())}" in cell
    for ref in (reading.cite if reading else ()):
        passage = library().passage(ref)
        assert library().sources[passage.source_id].label in cell and passage.place() in cell


def test_the_concordances_verdicts_follow_from_the_readings(site):
    from costly_variants.profiles import concordance
    from costly_variants.site.concordance import row_id

    data = concordance.bundled("eddowes-burne-1874")
    markup = page(site, "concordance.html")
    found = {}
    for game in data.games:
        for key, readings in game.rules.items():
            row = seen(element_with_id(markup, row_id(game.id, key)))
            verdict = concordance.verdict(readings.get("parlett-web"), readings.get("wikipedia-en"))
            assert row.endswith(verdict.value), (game.id, key)
            found[game.id, key] = verdict.value
    # the rows the old concordance got wrong: what both reports say of the four-hand mog, and a silence
    assert found["four-hand", "mog.partners_exchange"] == "agree"
    assert found["four-hand", "mog.dealer_mogs_stock"] == "agree"
    assert found["two-hand", "game.peg_out_ends_game"] == "neither reports"
    assert found["two-hand", "mog.procedure"] == "differ" and found["two-hand", "play.latter_points"] == "one silent"
    assert "The first player asks the dealer whether he will exchange a card" in seen(
        element_with_id(markup, row_id("two-hand", "mog.procedure")))
    assert re.search(r"differ on \d+", seen(markup)) and "Japanese translation" in seen(markup)


def test_the_concordance_agrees_with_what_the_profiles_take_as_stated():
    """A value a profile states from the reports is in a report's reading: the concordance and the
    profiles read the same words (the Parlett profile from Parlett's page alone)."""
    from costly_variants import profiles
    from costly_variants.profiles import concordance

    data = concordance.bundled("eddowes-burne-1874")
    checked = 0
    for profile_id, game, reports in (("eddowes-burne-1874", "two-hand", ("parlett-web", "wikipedia-en", "burne-1883")),
                                      ("eddowes-burne-1874-partners", "four-hand", ("parlett-web", "wikipedia-en")),
                                      ("parlett-121", "two-hand", ("parlett-web",))):
        profile = profiles.load(profile_id)
        for key, prov in profile.provenance.items():
            if prov.defined_in != profile_id or prov.status.value != "stated" or key not in data.game(game).rules:
                continue
            readings = [data.game(game).rules[key].get(src) for src in reports]
            values = [v for r in readings if r is not None for v in r.values]
            assert concordance_plain(profile.values[key]) in values, (profile_id, key)
            checked += 1
    assert checked > 30


def concordance_plain(value):
    from costly_variants.profiles.display import plain
    return plain(value)


def test_cottons_worked_example_is_flagged_beside_the_rules_it_disagrees_with(site):
    table = page(site, "index.html")
    colours = element_with_id(table, "rule-count-colours")
    cotton = colours.split("<td")[2]
    assert "costly-example-flag" in cotton and 'href="#example-cotton-1674-dealer-count"' in cotton
    assert "costly-example-flag" in element_with_id(table, "rule-count-point-totals").split("<td")[2]
    assert "costly-example-flag" not in element_with_id(table, "rule-game-target")
    record = element_with_id(page(site, "profile/cotton-1674.html"), "profile-cotton-1674-count-colours")
    assert "costly-example-flag" in record and "index.html#example-cotton-1674-dealer-count" in record
    note = element_with_id(page(site, "source/cotton-1674.html"), "src-cotton-1674-p128-example-count-note")
    assert "disagree with the source's own rules" in seen(note) and "index.html#example-cotton-1674-eldest-count" in note


# Quotation only in the language read ----------------------------------------------------------------------------

QUOTED = re.compile(r"\u201c([^\u201d]{1,400})\u201d|\"([^\"\n]{1,400})\"")
ELISION = re.compile(r"\s*(?:\.\.\.|\u2026|\[\u2026\]|\[\.\.\.\])\s*")


def _letters(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", text.lower().replace("\u2019", "'")).strip()


def english_read():
    """What this project read in English: the transcribed words, the quotations in its summaries of texts
    read in English, and the titles of the works in the bibliography."""
    from costly_variants.profiles.sources import library
    from costly_variants.resources import data_dir

    lib = library()
    parts = []
    for source in lib.sources.values():
        for passage in source.passages.values():
            parts.append(re.sub(r"\[p\. \d+\]", " ", passage.text or ""))  # a page break within the words
            if not (passage.read and "translation" in passage.read):
                parts += [passage.summary or "", passage.note or "", passage.locator or ""]
    parts.append((data_dir("sources") / "bibliography.bib").read_text(encoding="utf-8"))
    return " | ".join(_letters(p) for p in parts)


def test_a_text_read_in_translation_is_never_quoted_in_english():
    """A passage read only in translation gives its words in the language read (or ours, unquoted)."""
    from costly_variants.profiles.sources import library

    translated = [p for s in library().sources.values() for p in s.passages.values() if p.read and "translation" in p.read]
    assert {p.ref for p in translated} >= {"wikipedia-en#four-hand", "wikipedia-en#points", "wikipedia-en#count"}
    for passage in translated:
        for text in (passage.summary, passage.note, passage.locator):
            for match in QUOTED.finditer(text or ""):
                quoted = match.group(1) or match.group(2)
                assert not re.search(r"[A-Za-z]{2}", quoted), (passage.ref, quoted)


def quotations(markup: str):
    """Each English phrase (each piece of an elided one) set in quotation marks in a page's text, code
    and scripts left out, a quotation kept within its block."""
    markup = re.sub(r"<(script|style|pre|code)\b.*?</\1>", "", markup, flags=re.S)
    for block in re.split(r"</(?:p|li|td|th|dd|dt|div|h\d|blockquote)>", markup):  # a quotation stays in its block
        for match in QUOTED.finditer(seen(block)):
            for piece in ELISION.split(match.group(1) or match.group(2)):
                if re.search(r"[A-Za-z]{2}", piece):
                    yield re.sub(r"\[p\. \d+\]", " ", piece)  # a page break within the words


def test_every_english_quotation_on_the_site_was_read_in_english(site):
    """Every English phrase set in quotation marks on the site (each piece of an elided one) is in a text
    the project read in English: 'the elder hand challenging' (read only in Japanese) is not."""
    corpus = english_read()
    assert _letters("the elder hand challenging") not in corpus and _letters("in play or hand") in corpus  # Parlett's
    found = 0
    for path in site.rglob("*.html"):
        if "_static" in path.parts or path.name in ("search.html", "genindex.html"):
            continue
        for piece in quotations(path.read_text(encoding="utf-8")):
            found += 1
            assert _letters(piece) in corpus, (path.name, piece)
    assert found > 50


def test_the_apparatus_page_shows_the_computed_variants(site):
    markup = page(site, "apparatus.html")
    sec = element_with_id(markup, "apparatus-cotton-1687")
    text = seen(sec)
    assert re.search(r"\d+ substantive variants, 3 gaps of Cotton 1674's transcription filled, \d+ variants of spelling", text)
    assert "substantive Cotton 1674she (p. 125) Cotton 1687he (p. 89)" in text
    assert 'href="source/cotton-1674.html#src-cotton-1674-p125-play-fifteen"' in sec
    assert "survives here only in part" in seen(element_with_id(markup, "apparatus-compleat-gamester-18c"))


# Citing the site as it stood -------------------------------------------------------------------------------------

def test_every_page_carries_the_version_and_the_date_of_its_data(site):
    from costly_variants import __version__
    from costly_variants.site.citing import stamp

    said = stamp()
    assert said.version == __version__ and re.fullmatch(r"\d{4}-\d\d-\d\d", said.date) and len(said.digest) == 12
    pages = [p for p in site.rglob("*.html") if "_static" not in p.parts and p.name not in ("search.html", "genindex.html")]
    assert len(pages) > 10
    for path in pages:
        assert f"This page: {said.text()}. Cite it as:" in seen(path.read_text(encoding="utf-8")), path.name


def test_each_rule_of_a_profile_has_a_cite_this_rule_line_with_its_address(site):
    from costly_variants.site.citing import rule_address, stamp

    markup = page(site, "profile/cotton-1674.html")
    record = seen(element_with_id(markup, "profile-cotton-1674-game-target"))
    assert f"Cite this rule: {stamp().text()}, cotton-1674, game.target, profile/cotton-1674.html#profile-cotton-1674-game-target" in record
    # the address is the rule's anchor on its page
    assert f'id="{rule_address("cotton-1674", "game.target").partition("#")[2]}"' in markup
    assert seen(markup).count("Cite this rule:") == 60


# Cotton in Cotton's words ------------------------------------------------------------------------------------------

def generated_text(markup: str) -> str:
    """The page's own generated words: quotations, summaries of other works, notes and code left out."""
    from html.parser import HTMLParser

    from costly_variants.site.period_words import _KEEP

    class Words(HTMLParser):
        VOID = {"br", "img", "hr", "input", "meta", "link", "col", "wbr"}

        def __init__(self):
            super().__init__()
            self.stack, self.out = [], []

        def handle_starttag(self, tag, attrs):
            if tag in self.VOID:
                return
            classes = (dict(attrs).get("class") or "").split()
            kept = tag in ("code", "script", "style", "pre") or any(c in _KEEP or c.startswith("costly-badge")
                                                                     for c in classes)
            self.stack.append(kept or (self.stack[-1] if self.stack else False))

        def handle_endtag(self, tag):
            if tag not in self.VOID and self.stack:
                self.stack.pop()

        def handle_data(self, data):
            if not (self.stack and self.stack[-1]):
                self.out.append(data)

    parser = Words()
    parser.feed(markup[markup.index('<article'):] if '<article' in markup else markup)
    return " ".join(" ".join(parser.out).split())


def test_cottons_page_speaks_cottons_words(site):
    markup = page(site, "profile/cotton-1674.html")
    text = generated_text(markup)
    for later in ("trumps", "heels", "prial", "says go", "deck card", "Jack"):
        assert not re.search(rf"(?<![\w.-]){later}", text), (later, text[max(0, text.find(later) - 80):][:160])
    assert "Knave" in text and "Pair-Royal" in text and "cannot come in" in text and "the Card turned up" in text
    said = seen(markup)
    assert "This page gives the game in its source's words: the Card turned up (later: the deck card" in said
    # the glossary sets each of Cotton's words beside the later one
    glossary = seen(page(site, "index.html"))
    assert "Cotton 1674's words and the later ones" in glossary and "Knave laterJack passagesCotton 1674" in glossary
    # another profile's page keeps the later words
    assert "deck card" in generated_text(page(site, "profile/eddowes-burne-1874.html"))


# For scholars: the open questions ----------------------------------------------------------------------------------

def test_the_open_questions_page_says_what_would_settle_each_and_where(site):
    markup = page(site, "open-questions.html")
    holme = element_with_id(markup, "open-holme-text")
    text = seen(holme)
    assert "What is known:" in text and "aberrant additional comments" in text and "What would settle it:" in text
    assert 'href="https://rholme.taths.org.uk/"' in holme and "Harley MSS 2033-2035" in text
    assert 'href="source/holme-1688.html#src-holme-1688"' in holme
    for key in ("full-digest", "booklet-1805", "toldervy-page", "edition-18c", "webb-pages", "bracketed-year"):
        assert "Where the text is:" in seen(element_with_id(markup, f"open-{key}")), key
