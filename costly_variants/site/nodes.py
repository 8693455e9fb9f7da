"""Docutils node building for the site: profile and source text goes in as Text nodes, never as markup.

Nothing here parses a string as reStructuredText or emits HTML built from data: a note that reads
``.. include:: /etc/passwd`` or ``javascript:alert(1)`` ends up as those characters on the page.
"""
from __future__ import annotations

from typing import Any, Iterable, Sequence, TypeAlias

from docutils import nodes
from sphinx import addnodes
from sphinx.util.docutils import SphinxTranslator

from ..cards import Card

Child: TypeAlias = "nodes.Node | str"


def _children(parts: Iterable[Child]) -> list[nodes.Node]:
    return [nodes.Text(p) if isinstance(p, str) else p for p in parts]


def squash(text: object) -> str:
    """Runs of white space (YAML folding, line breaks) as single spaces."""
    return " ".join(str(text).split())


def para(*parts: Child, classes: Sequence[str] = ()) -> nodes.paragraph:
    return nodes.paragraph("", "", *_children(parts), classes=list(classes))


def inline(*parts: Child, classes: Sequence[str] = ()) -> nodes.inline:
    return nodes.inline("", "", *_children(parts), classes=list(classes))


def strong(text: str) -> nodes.strong:
    return nodes.strong("", "", nodes.Text(text))


def emph(text: str) -> nodes.emphasis:
    return nodes.emphasis("", "", nodes.Text(text))


def literal(text: str) -> nodes.literal:
    return nodes.literal("", "", nodes.Text(text))


def badge(status: str, text: str | None = None) -> nodes.inline:
    """A small status badge: its class names the status, its text says it."""
    return inline(text or status, classes=["costly-badge", f"costly-badge-{status}"])


def joined(items: Sequence[nodes.Node], sep: str = ", ") -> list[nodes.Node]:
    out: list[nodes.Node] = []
    for i, item in enumerate(items):
        if i:
            out.append(nodes.Text(sep))
        out.append(item)
    return out


def xref(target: str, *parts: Child, classes: Sequence[str] = ()) -> nodes.Node:
    """A link to a label anywhere in the project; Sphinx resolves it and warns when it is missing.

    Sphinx rebuilds a resolved link's text as a plain inline, so ``classes`` go on a span around it.
    """
    ref = addnodes.pending_xref("", refdomain="std", reftype="ref", reftarget=target, refexplicit=True,
                                refwarn=True)
    ref += inline(*parts)
    return inline(ref, classes=classes) if classes else ref


def anchor(node: nodes.Element, name: str, document: nodes.document) -> nodes.Element:
    """Make ``node`` a link target called ``name`` (resolvable by :ref: with an explicit title)."""
    node["names"].append(name)
    document.note_explicit_target(node, node)
    return node


def section(title: str, name: str, document: nodes.document, *body: nodes.Node) -> nodes.section:
    """A section with its title, a link target called ``name``."""
    sec = nodes.section()
    anchor(sec, name, document)
    sec += nodes.title("", "", nodes.Text(title))
    sec += body
    return sec


def target(name: str, document: nodes.document) -> nodes.target:
    return anchor(nodes.target("", ""), name, document)  # type: ignore[return-value]


class details(nodes.General, nodes.Element):
    """An HTML ``<details>`` element; its first child is a :class:`summary`."""


class summary(nodes.General, nodes.TextElement):
    """The always-visible line of a :class:`details`."""


class wbr(nodes.General, nodes.Element):
    """A place a long word may break (HTML ``<wbr>``), adding no character to what is copied."""


def rule_key(key: str) -> nodes.literal:
    """A rule key in code type that breaks only after its dots and underscores, never mid-word."""
    out = nodes.literal(classes=["costly-rule-key"])
    part = ""
    for ch in key:
        part += ch
        if ch in "._":
            out += [nodes.Text(part), wbr()]
            part = ""
    if part:
        out += nodes.Text(part)
    return out


def disclosure(summary_parts: Sequence[Child], body: Sequence[nodes.Node],
               classes: Sequence[str] = ()) -> details:
    node = details("", classes=list(classes))
    node += summary("", "", *_children(summary_parts))
    node += body
    return node


def _visit_details(self: SphinxTranslator, node: details) -> None:
    self.body.append(self.starttag(node, "details"))  # type: ignore[attr-defined]


def _depart_details(self: SphinxTranslator, node: details) -> None:
    self.body.append("</details>\n")  # type: ignore[attr-defined]


def _visit_summary(self: SphinxTranslator, node: summary) -> None:
    self.body.append(self.starttag(node, "summary", ""))  # type: ignore[attr-defined]


def _depart_summary(self: SphinxTranslator, node: summary) -> None:
    self.body.append("</summary>")  # type: ignore[attr-defined]


def _visit_wbr(self: SphinxTranslator, node: wbr) -> None:
    self.body.append("<wbr>")  # type: ignore[attr-defined]
    raise nodes.SkipNode


def _pass(self: SphinxTranslator, node: nodes.Element) -> None:
    """Other builders show a disclosure's summary and body as plain content."""


def add_nodes(app: Any) -> None:
    plain = (_pass, _pass)
    app.add_node(details, html=(_visit_details, _depart_details), latex=plain, text=plain, man=plain,
                 texinfo=plain)
    app.add_node(summary, html=(_visit_summary, _depart_summary), latex=plain, text=plain, man=plain,
                 texinfo=plain)
    app.add_node(wbr, html=(_visit_wbr, None), latex=plain, text=plain, man=plain, texinfo=plain)


def table(header: Sequence[Any] | nodes.row, rows: Iterable[nodes.row | Sequence[Any]], *,
          widths: Sequence[int] | None = None, classes: Sequence[str] = ()) -> nodes.table:
    """A table from cells: each cell a node, a string or a list of them (a list becomes one paragraph).
    The header is a list of cells or a ready row."""
    tab = nodes.table(classes=list(classes))
    group = nodes.tgroup(cols=len(header))
    tab += group
    for w in widths or [1] * len(header):
        group += nodes.colspec(colwidth=w)
    if widths:
        tab["classes"].append("colwidths-given")  # docutils writes the widths above only for this class
    head = nodes.thead()
    head += header if isinstance(header, nodes.row) else row(header)
    group += head
    body = nodes.tbody()
    for r in rows:
        body += r if isinstance(r, nodes.row) else row(r)
    group += body
    return tab


def label_cells(row_node: nodes.row, header: Sequence[str], numeric: Sequence[int] = ()) -> nodes.row:
    """Give each cell of a row its column's name, shown only where the table stacks (a phone), and mark
    the numeric columns (right-aligned where the table is a grid)."""
    for index, (name, cell) in enumerate(zip(header, row_node.children)):
        if not isinstance(cell, nodes.entry):
            continue
        if index in numeric:
            cell["classes"].append("costly-num")
        if not cell.astext().strip():
            cell["classes"].append("costly-empty")
        label = inline(name, classes=["costly-col-label"]) if name else None
        if label is None:
            continue
        first = cell.children[0] if cell.children else None
        if isinstance(first, nodes.paragraph):
            first.insert(0, label)
        else:
            cell.insert(0, para(label))
    return row_node


def data_table(header: Sequence[Any], rows: Iterable[nodes.row | Sequence[Any]], *,
               widths: Sequence[int] | None = None, numeric: Sequence[int] = (),
               labels: Sequence[str] | None = None, classes: Sequence[str] = (),
               stack: bool = True) -> nodes.container:
    """A table that fits its column at any width: a grid where there is room, and on a phone (``stack``)
    one block a row, each cell named by its column (``labels``, else the header's words). Nothing in it
    scrolls or is cut."""
    names = list(labels) if labels is not None else [h if isinstance(h, str) else "" for h in header]
    made = [r if isinstance(r, nodes.row) else row(r) for r in rows]
    box = nodes.container(classes=["costly-fit", *(["costly-stack"] if stack else []), *classes])
    box += table(list(header), [label_cells(r, names, numeric) for r in made], widths=widths)
    head = box.children[0].children[0].children[-2]  # table > tgroup > thead
    for index, cell in enumerate(head.findall(nodes.entry)):
        if index in numeric:
            cell["classes"].append("costly-num")
    return box


def row(cells: Sequence[Any], *, classes: Sequence[str] = ()) -> nodes.row:
    out = nodes.row(classes=list(classes))
    for cell in cells:
        out += entry(cell)
    return out


def entry(cell: Any, *, classes: Sequence[str] = ()) -> nodes.entry:
    if isinstance(cell, nodes.entry):
        return cell
    out = nodes.entry(classes=list(classes))
    if isinstance(cell, (str, nodes.Inline, nodes.Text)):
        out += para(cell)
    elif isinstance(cell, nodes.Node):
        out += cell
    else:
        items = list(cell)
        if items and all(isinstance(i, (str, nodes.Inline, nodes.Text)) for i in items):
            out += para(*items)
        else:
            out += _children(items)
    return out


SUITS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def card(c: Card) -> nodes.inline:
    """A card with its suit symbol (``5H`` -> ``5♥``), red suits marked for the style sheet."""
    suit = c.suit.value
    colour = "red" if suit in "HD" else "black"
    return inline(c.rank.symbol + SUITS[suit], classes=["costly-card", f"costly-card-{colour}"])


def cards(cs: Iterable[Card]) -> list[nodes.Node]:
    return joined([card(c) for c in cs], " ")
