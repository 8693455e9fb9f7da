"""A source's pages in the source's own words: Cotton's game is told with his "Knave", "Pair-Royal",
"the Card turned up" and "cannot come in", not the later Jack, prial, deck card and go, and has no
trumps. The site's generated sentences are worded once for every profile, in the later terms; on the
page of a profile whose source has words of its own here, the generated text (never a quotation, a
summary of another work, or a profile's own note) is put in that source's words, and the page says so.
The glossary lists each of the source's words with the later one beside it.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from docutils import nodes
from sphinx.application import Sphinx

from . import nodes as n
from .data import site_data


@dataclass(frozen=True)
class PeriodWord:
    """One of a source's words, the later word for it, where the source uses it, and the phrases of the
    site's generated text put in the source's word (longest first)."""

    word: str
    later: str
    cite: tuple[str, ...]
    phrases: tuple[tuple[str, str], ...]


PERIOD_WORDS: dict[str, tuple[PeriodWord, ...]] = {
    "cotton-1674": (
        PeriodWord("the Card turned up", "the deck card (or turn-up), which later also names trumps: Cotton has no "
                   "trumps", ("cotton-1674#p125-deal", "cotton-1674#p126-show-thirtyone"),
                   (("a deck card turned up for trumps", "the next Card turned up"),
                    ("The next card is turned up as the deck card;", "The next Card is turned up;"),
                    ("turned up as the deck card (heels)", "turned up"), ("The deck card is turned up:", "The Card turned up is:"), ("the deck card's", "the turned-up Card's"),
                    ("The deck card", "The Card turned up"), ("the deck card", "the Card turned up"),
                    ("a deck card", "a Card turned up"), ("deck card", "Card turned up"))),
        PeriodWord("Knave", "Jack", ("cotton-1674#p126-show-knaves", "cotton-1674#p127-turnup"),
                   (("Jacks", "Knaves"), ("Jack", "Knave"), ("jacks", "knaves"))),
        PeriodWord("Pair-Royal", "prial; four alike, a double prial, has no name or score in Cotton",
                   ("cotton-1674#p126-pair-royal",),
                   (("Double prial, four alike", "Four of a sort"), ("a double prial (four alike)", "four of a sort"),
                    ("double prial (four alike)", "four of a sort"),
                    ("double prial (four)", "four of a sort"), ("double prials", "fours of a sort"),
                    ("prial (three alike)", "Pair-Royal (three of a sort)"), ("prials", "Pair-Royals"),
                    ("prial", "Pair-Royal"))),
        PeriodWord("cannot come in", "go (the player says go)", ("cotton-1674#p127-example-play",),
                   (("A player who cannot play says go, and", "When a player cannot come in (cannot play without "
                     "passing 31),"), ("when a player says go", "when a player cannot come in"),
                    ("both the go and the latter", "both for not coming in and for the latter"))),
        PeriodWord("set up four for it", "heels (four for his heels)", ("cotton-1674#p127-turnup",),
                   (("scores 4 points for heels", "sets up 4 points for it"), ("for the dealer (heels)", "for the dealer"),
                    ("Heels are pegged", "The four for it is set up"))),
    ),
}

# What is not the generated text: quotations, summaries of other works, a profile's notes and readings,
# code, and the glossary's own links (added after this runs).
_KEEP = ("costly-quote", "costly-words", "costly-paraphrase", "costly-our-words", "costly-note", "costly-alternative",
         "costly-running", "costly-passage", "costly-cites", "costly-cite", "costly-sentence-cites", "costly-badge",
         "costly-site-stamp", "costly-cite-rule", "costly-period-words")


def _kept(node: nodes.Node) -> bool:
    parent = node.parent
    while parent is not None:
        if isinstance(parent, (nodes.literal, nodes.literal_block, nodes.raw)) or any(
                c in _KEEP or c.startswith("costly-badge") for c in parent.get("classes", ())):
            return True
        parent = parent.parent
    return False


def reword(text: str, words: tuple[PeriodWord, ...]) -> str:
    """The text with every later phrase put in the source's words."""
    phrases = sorted((p for w in words for p in w.phrases), key=lambda p: len(p[0]), reverse=True)
    pattern = re.compile("|".join(rf"(?<![\w-]){re.escape(later)}(?![\w-])" for later, _ in phrases))
    table = dict(phrases)
    return pattern.sub(lambda m: table[m.group(0)], text)


def profile_of(docname: str) -> str | None:
    return docname.partition("/")[2] if docname.startswith("profile/") else None


def apply(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """On the page of a profile whose source has its own words here, the generated text in them."""
    profile_id = profile_of(docname)
    data = site_data(app.srcdir)
    profile = data.by_id.get(profile_id or "")
    words = PERIOD_WORDS.get(profile.main_source or "") if profile is not None else None
    if not words or profile is None or data.plays_as.get(profile.id):
        return
    for text in list(doctree.findall(nodes.Text)):
        if _kept(text):
            continue
        changed = reword(str(text), words)
        if changed != str(text):
            text.parent.replace(text, nodes.Text(changed))
    section = next(iter(doctree.findall(nodes.section)), None)
    if section is not None:
        said = n.para("This page gives the game in its source's words: ",
                      *n.joined([n.inline(f"{w.word} (later: {w.later.partition(';')[0].partition(',')[0]})")
                                 for w in words], "; "),
                      ". The later words are in the glossary beside them.", classes=["costly-period-words"])
        section.insert(1, said)


def setup(app: Sphinx) -> None:
    app.connect("doctree-resolved", apply, priority=400)  # before the glossary links its terms
