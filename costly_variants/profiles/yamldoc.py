"""Safe YAML loading that remembers where every value came from.

The document is composed into nodes by PyYAML's safe loader and built into plain Python values here,
so that each value's line and column can be looked up by its JSON path, unknown tags are refused before
anything is constructed, and alias expansion is bounded.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

from ..errors import Location, Problem, ProfileError
from .document import Document, PathKey, json_path

# A document that expands to more nodes than this is refused (an alias-expansion "billion laughs").
MAX_NODES = 200_000

_PLAIN_TAGS = {
    "tag:yaml.org,2002:str", "tag:yaml.org,2002:int", "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool", "tag:yaml.org,2002:null",
}
# The longest whole number a profile may hold: far beyond any rule value, far short of Python's limit on
# converting digits (a 5,000-digit number is refused here rather than failing later).
MAX_DIGITS = 18


class _CoreLoader(yaml.SafeLoader):
    """PyYAML's safe loader with the plain scalars of YAML 1.2's core schema instead of YAML 1.1's.

    YAML 1.1 reads ``1:01`` and ``0x3d`` as 61, ``010`` as 8, ``yes``/``on`` as true and ``2001-01-01`` as
    a date. Here only ``true``/``false`` are booleans, only decimal digits are integers, and every
    other plain scalar (sexagesimal, hexadecimal, octal, dates) is a string, which the schema then
    refuses where a number belongs.
    """


_CoreLoader.yaml_implicit_resolvers = {}
for _tag, _pattern, _first in (
        ("bool", r"^(?:true|True|TRUE|false|False|FALSE)$", "tTfF"),
        ("int", r"^[-+]?[0-9]+$", "-+0123456789"),
        ("float", r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?"
                  r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$", "-+0123456789."),
        ("null", r"^(?:~|null|Null|NULL|)$", ["~", "n", "N", ""])):
    _CoreLoader.add_implicit_resolver(f"tag:yaml.org,2002:{_tag}", re.compile(_pattern), list(_first))

# libyaml's parser, where PyYAML was built with it: the same nodes and marks, several times faster.
HAVE_LIBYAML: bool = getattr(yaml, "__with_libyaml__", False)

if HAVE_LIBYAML:
    from yaml._yaml import CParser  # type: ignore[import-not-found, unused-ignore]

    class _FastCoreLoader(CParser, yaml.constructor.SafeConstructor, yaml.resolver.Resolver):
        """_CoreLoader with libyaml's parser (as PyYAML's CSafeLoader is SafeLoader with it)."""

        yaml_implicit_resolvers = _CoreLoader.yaml_implicit_resolvers

        def __init__(self, stream: str) -> None:
            CParser.__init__(self, stream)
            yaml.constructor.SafeConstructor.__init__(self)
            yaml.resolver.Resolver.__init__(self)



class _PureOnly(Exception):
    """A document to read with the pure parser after all (see ``load_text``)."""


_DECIMAL = re.compile(r"^[-+]?[0-9]+$")
_SURROGATE = re.compile("[\ud800-\udfff]")

def _fail(file: str, mark: Any, message: str, path: PathKey = ()) -> ProfileError:
    line, col = (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)
    return ProfileError([Problem(Location(file, line, col, json_path(path)), message)])


def _within(text: str, mark: Any) -> Any:
    """``mark``, or where the parser ran into the end of the text (an unclosed ``{``, say), the end of
    the last line that has anything on it: not a line after the last, which no editor shows."""
    body = text.rstrip()
    if mark is None or mark.index < len(body):
        return mark
    return yaml.Mark(mark.name, len(body), body.count("\n"), len(body) - (body.rfind("\n") + 1), None, 0)


def _reader_failure(file: str, text: str, exc: yaml.reader.ReaderError) -> ProfileError:
    """A character YAML does not allow, located by line and column."""
    before = text[: exc.position]
    line = before.count("\n") + 1
    column = exc.position - (before.rfind("\n") + 1) + 1
    what = f"character U+{exc.character:04X}" if isinstance(exc.character, int) else "character"
    return ProfileError([Problem(Location(file, line, column), f"malformed YAML: {what} is not allowed")])


def _one_line(text: str) -> str:
    return " ".join(str(text).split())


def load_text(text: str, file: str) -> Document:
    """Parse ``text`` as one YAML document; raise ProfileError with a located problem on failure.

    A document is read with libyaml's parser where there is one. Anything it cannot read (or any text
    the pure reader would refuse a character of) is read again by the pure parser, so that every error
    is the pure parser's, with its wording and its line and column, whichever parser is installed, and
    what both read comes out the same (tests/test_yaml_loaders.py). libyaml is the more lenient in a
    few corners (a comment straight after a block scalar's "|"); such a text is still checked as a
    profile like any other.
    """
    # libyaml accepts tabs where PyYAML refuses them, and some characters its reader refuses: such texts
    # (the commonest slips in a hand-edited profile) go to the pure parser alone, for its verdict.
    if HAVE_LIBYAML and "\t" not in text and not yaml.reader.Reader.NON_PRINTABLE.search(text):
        try:
            return _load_with(_FastCoreLoader, text, file)
        except (ProfileError, yaml.YAMLError, RecursionError, _PureOnly):
            pass
    return _load_with(_CoreLoader, text, file)


def _load_with(loader_class: Any, text: str, file: str) -> Document:
    try:
        loader = loader_class(text)
    except yaml.reader.ReaderError as exc:
        raise _reader_failure(file, text, exc) from None
    try:
        try:
            node = loader.get_single_node()
        except yaml.MarkedYAMLError as exc:
            mark = _within(text, exc.problem_mark or exc.context_mark)
            raise _fail(file, mark, "malformed YAML: " + _one_line(exc.problem or exc.context or "")) from None
        except yaml.reader.ReaderError as exc:
            raise _reader_failure(file, text, exc) from None
        except yaml.YAMLError as exc:
            raise _fail(file, None, "malformed YAML: " + _one_line(str(exc))) from None
        except RecursionError:
            raise _fail(file, None, "nested too deeply to be a profile; refused") from None
        if node is None:
            raise _fail(file, None, "empty file: expected a mapping")
        doc = Document(file, None)
        budget = [MAX_NODES]
        try:
            doc.data = _build(loader, node, (), doc, budget)
        except RecursionError:
            raise _fail(file, node.start_mark, "nested too deeply to be a profile; refused") from None
        return doc
    finally:
        loader.dispose()


def _scalar(node: yaml.ScalarNode, path: PathKey, doc: Document) -> Any:
    """A plain scalar's value by the YAML 1.2 core schema; anything a profile cannot hold is refused."""
    text, tag = node.value, node.tag
    if tag == "tag:yaml.org,2002:str":
        bad = _SURROGATE.search(text)
        if bad:
            raise _fail(doc.file, node.start_mark, f"U+{ord(bad.group()):04X} is a lone surrogate, not a "
                                                   f"character; refused", path)
        return text
    if tag == "tag:yaml.org,2002:int":
        if not _DECIMAL.match(text):
            raise _fail(doc.file, node.start_mark, f"{text!r} is not a whole number in decimal digits", path)
        if len(text.lstrip("+-")) > MAX_DIGITS:
            raise _fail(doc.file, node.start_mark, f"a number of {len(text.lstrip('+-'))} digits is too large "
                                                   f"for a profile (at most {MAX_DIGITS})", path)
        return int(text, 10)
    if tag == "tag:yaml.org,2002:float":
        raise _fail(doc.file, node.start_mark, f"{text!r} is not allowed: a profile holds whole numbers only "
                                               f"(write 2, not 2.0)", path)
    if tag == "tag:yaml.org,2002:bool":
        if text.lower() not in ("true", "false"):
            raise _fail(doc.file, node.start_mark, f"{text!r} is not a boolean: write true or false", path)
        return text.lower() == "true"
    if text not in ("~", "null", "Null", "NULL", ""):
        raise _fail(doc.file, node.start_mark, f"{text!r} is not null", path)
    return None


def _build(loader: yaml.SafeLoader, node: yaml.Node, path: PathKey, doc: Document, budget: list[int]) -> Any:
    budget[0] -= 1
    if budget[0] < 0:
        raise _fail(doc.file, node.start_mark,
                    f"document expands to more than {MAX_NODES} values (alias bomb?); refused", path)
    doc.positions.setdefault(path, (node.start_mark.line + 1, node.start_mark.column + 1))
    if isinstance(node, yaml.ScalarNode):
        if not node.value and not node.style and HAVE_LIBYAML and isinstance(loader, _FastCoreLoader):
            raise _PureOnly  # libyaml may place an empty value elsewhere than the pure parser does
        if node.tag not in _PLAIN_TAGS:
            raise _fail(doc.file, node.start_mark, f"tag {node.tag!r} is not allowed (plain data only)", path)
        return _scalar(node, path, doc)
    if isinstance(node, yaml.SequenceNode):
        if node.tag != "tag:yaml.org,2002:seq":
            raise _fail(doc.file, node.start_mark, f"tag {node.tag!r} is not allowed (plain data only)", path)
        return [_build(loader, item, path + (i,), doc, budget) for i, item in enumerate(node.value)]
    if not isinstance(node, yaml.MappingNode) or node.tag != "tag:yaml.org,2002:map":
        raise _fail(doc.file, node.start_mark, f"tag {node.tag!r} is not allowed (plain data only)", path)
    try:
        loader.flatten_mapping(node)
    except yaml.constructor.ConstructorError as exc:
        raise _fail(doc.file, node.start_mark, _one_line(exc.problem or str(exc)), path) from None
    out: dict[Any, Any] = {}
    for key_node, value_node in node.value:
        if not isinstance(key_node, yaml.ScalarNode):
            raise _fail(doc.file, key_node.start_mark, "a mapping key must be a plain scalar", path)
        key = _build(loader, key_node, path + ("<key>",), doc, budget)
        doc.positions.pop(path + ("<key>",), None)
        if not isinstance(key, str):
            key = str(key) if not isinstance(key, bool) else str(key).lower()
        if key in out:
            raise _fail(doc.file, key_node.start_mark, f"duplicate key {key!r}", path + (key,))
        doc.key_positions[path + (key,)] = (key_node.start_mark.line + 1, key_node.start_mark.column + 1)
        out[key] = _build(loader, value_node, path + (key,), doc, budget)
    return out


def load_file(path: Path | str, *, display: str | None = None) -> Document:
    """Read ``path`` as UTF-8 YAML. Errors name the file, line and column."""
    name = display or str(path)
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        raise ProfileError([Problem(Location(name), f"cannot read file: {exc.strerror or exc}")]) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = raw[: exc.start]
        line = before.count(b"\n") + 1
        col = exc.start - (before.rfind(b"\n") + 1) + 1
        raise ProfileError([Problem(Location(name, line, col),
                                    f"not UTF-8: byte 0x{raw[exc.start]:02x} cannot be decoded")]) from None
    return load_text(text, name)
