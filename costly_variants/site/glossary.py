"""The glossary's own entries (the bots and the statistics' terms, beside the game's words that the
profiles record) and the link from each term's first use on a page to its entry.

Linking runs at ``doctree-resolved`` over the Text of paragraphs and list items only: never inside a
link, code, a title or a caption, and a term once a page. The text stays Text: a link is wrapped around
the words found, nothing is parsed.
"""
from __future__ import annotations

import re
from typing import Iterable

from docutils import nodes
from sphinx.application import Sphinx

GLOSSARY_DOC = "glossary"

# The site's words that are not the game's: the bots and the statistics, in a reader's words.
SITE_TERMS: dict[str, str] = {
    "random bot": "plays any legal card or choice at random: the floor a skill figure is measured from.",
    "greedy bot": "takes the most points it can at once; in the mog it always asks and always agrees, and gives "
                  "the card that keeps its hand counting most now. The site's games are greedy against greedy.",
    "expert bot": "mogs for the best expected count over the cards it cannot see, weighs whether a mog pays, and "
                  "looks one card ahead in the play.",
    "search bot": "searches the play to the end of the deal (minimax), with the expert's mog; the strongest and "
                  "slowest of the bots.",
    "95% interval": "the range the true figure lies in, nineteen times in twenty, given the games played; more "
                    "games make it narrower.",
    "clear of zero": "said of a difference whose 95% interval does not include zero: the games tell it from "
                     "chance. Marked * in the tables when it stays so after allowing for every difference the "
                     "table's comparison tests (at most a 5% chance that any star of it is false).",
    "detectable but small": "a difference clear of zero but smaller than the size that matters for its kind of "
                            "figure (1 percentage point, 0.1 deal per game, 0.1 point per deal ...).",
    "half-width": "half the width of a 95% interval: the ± after a figure.",
    "percentage point": "the unit of a difference between two shares: from 50% to 52% is 2 percentage points "
                        "(pp).",
    "paired difference": "a difference between two rule sets that played the same seeds, taken game by game, "
                         "so that the luck of the deal largely cancels.",
    "dealer's edge": "the dealer's side's points in a deal less the other side's, on average.",
    "lead change": "a deal after which the other side leads the game.",
    "drama": "the most points the eventual winner was ever behind in a game.",
    "decisiveness": "the share of a game's deals after which the winner led for good.",
    "Wilson score interval": "the interval given for a share: sound near 0% and 100%.",
    "delta method": "how a per-deal figure's interval is made: from each game's sums, so that the deals of one "
                    "game are not counted as independent.",
}

# The game's words linked at first use (the glossary's vocabulary, less words too common to link).
GAME_TERMS = ("mog", "prial", "pair-royal", "double prial", "heels", "nob", "hitter", "latter", "eldest", "Jenkin",
              "cock's nest", "chalk and hole", "deck card", "coat-cards")


def anchor_of(term: str) -> str:
    return "glossary-" + re.sub(r"[^a-z0-9]+", "-", term.lower()).strip("-")


def _pattern(terms: Iterable[str]) -> re.Pattern[str]:
    alternatives = sorted(terms, key=len, reverse=True)
    # a term's plural or possessive is a use of it too (bots, mogs, prials)
    return re.compile(r"(?<![\w-])(" + "|".join(re.escape(t) for t in alternatives) + r")(s|'s)?(?![\w-])")


_TERMS = {t.lower(): t for t in (*SITE_TERMS, *GAME_TERMS)}
_FIND = _pattern(_TERMS.values())
_SKIP = (nodes.reference, nodes.literal, nodes.title, nodes.caption, nodes.FixedTextElement, nodes.term,
         nodes.rubric, nodes.raw)


def _skipped(node: nodes.Node) -> bool:
    parent = node.parent
    while parent is not None:
        if isinstance(parent, _SKIP) or "costly-badge" in parent.get("classes", ()):
            return True
        parent = parent.parent
    return False


def link_terms(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Each glossary term's first use on a page, linked to its entry (not on the glossary itself)."""
    glossary = app.config.costly_glossary_doc
    if docname == glossary or glossary not in app.env.found_docs:
        return
    base = app.builder.get_relative_uri(docname, glossary)
    seen: set[str] = set()
    for para in list(doctree.findall(nodes.paragraph)):
        if _skipped(para):
            continue
        for text in list(para.findall(nodes.Text)):
            if _skipped(text) or len(seen) == len(_TERMS):
                continue
            value = str(text)
            found = [m for m in _FIND.finditer(value)]
            pieces: list[nodes.Node] = []
            at = 0
            for match in found:
                key = match.group(1)
                term = _TERMS.get(key.lower())
                if term is None or term in seen:
                    continue
                seen.add(term)
                pieces.append(nodes.Text(value[at:match.start()]))
                link = nodes.reference("", "", internal=True, refuri=f"{base}#{anchor_of(term)}",
                                       classes=["costly-term"], reftitle=f"{term}: in the glossary")
                link += nodes.Text(match.group(0))
                pieces.append(link)
                at = match.end()
            if pieces:
                pieces.append(nodes.Text(value[at:]))
                text.parent.replace(text, pieces)


def setup(app: Sphinx) -> None:
    app.add_config_value("costly_glossary_doc", GLOSSARY_DOC, "env", [str])  # the page with the glossary
    app.connect("doctree-resolved", link_terms)


__all__ = ["GAME_TERMS", "SITE_TERMS", "anchor_of", "link_terms", "setup"]
