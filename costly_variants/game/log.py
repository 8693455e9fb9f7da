"""Game logs: the format, writing one from a game, and reading one back without trusting it.

A log (``log.schema.json`` beside this module, published with the package) holds every action,
chance included, every score and the result, plus what is needed to check them anywhere: the
resolved rules the game was played under (every rule value and the passages each rule cites) and
their SHA-256, and, where the game was played by seeded code, the seed and the bot at each seat.

Reading is bounded and strict: a log larger than ``MAX_LOG_BYTES``, or a device, FIFO or folder, is
refused before it is read; every field is checked against the schema with integers that are whole
JSON numbers only (``2.0`` is not a score); a number too long to be one is refused without being
converted; every rule value is checked against the profile schema. Each problem is one line naming
the field (``$.events[3].points``). ``verify`` then re-runs the game.
"""
from __future__ import annotations

import enum
import hashlib
import json
import os
import stat
from dataclasses import asdict, dataclass, fields
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from ..errors import CostlyError
from ..profiles.rules import Category, ColourEntry, Rules, build_rules
from ..resources import schema_path

if TYPE_CHECKING:  # jsonschema is imported only when a log is read: writing one must stay cheap
    import jsonschema

    from .state import State

FORMAT = "costly-game-log"
# Version 3: "search" names the search that plays the board (``search.SearchBot``, valuing the end of a deal
# by the win table). Its logs are version 2's field for field, but a version 2 log's "search" was played by the
# search that values points, now "search-points": it is read so, and replays as it was played.
# Version 4: "search" plays the board in the four-hand game too (by the table's tangent, ``game.tangent``);
# a version 3 log of the four-hand game is read as a version 2 log is, its "search" as "search-points".
VERSION = 4
EARLIER_SEARCH = {"search": "search-points"}  # a bot's name in logs before it played the board -> its name now
MAX_LOG_BYTES = 16 << 20   # a long game's log is well under 1 MiB
MAX_DIGITS = 40            # a seed or a score longer than this is not one
SHOWN = 60                 # characters of a bad value quoted in a message

_RULE_FIELDS = tuple(f for f in fields(Rules) if "key" in f.metadata)


class LogError(CostlyError):
    """A game log that cannot be read, is not a game log, or does not replay; one line."""


def log_schema_path() -> Path:
    return Path(__file__).with_name("log.schema.json")


# -- writing ------------------------------------------------------------------------------------------

def _plain(value: Any) -> Any:
    """A typed rule value as the plain JSON value a profile gives for it."""
    if isinstance(value, frozenset):  # heels ranks
        return [rank.symbol for rank in sorted(value)]
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if isinstance(value, ColourEntry):
        return asdict(value)
    if isinstance(value, enum.Enum):
        return value.value
    return value


_DOCUMENTS: dict[int, tuple[Rules, dict[str, Any], str]] = {}


def rules_document(rules: Rules) -> tuple[dict[str, Any], str]:
    """The resolved rules as a log carries them, and their SHA-256 (computed once per Rules)."""
    cached = _DOCUMENTS.get(id(rules))
    if cached is not None and cached[0] is rules:
        return cached[1], cached[2]
    document = {"values": {f.metadata["key"]: _plain(getattr(rules, f.name)) for f in _RULE_FIELDS},
                "citations": {key: list(cite) for key, cite in sorted(rules.citations.items())}}
    digest = rules_sha256(document)
    if len(_DOCUMENTS) > 64:
        _DOCUMENTS.clear()
    _DOCUMENTS[id(rules)] = (rules, document, digest)
    return document, digest


def rules_sha256(document: Mapping[str, Any]) -> str:
    canonical = json.dumps(document, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def seat_bots(names: Sequence[str], players: int) -> list[str | None]:
    """The bot at each seat when ``names`` are dealt round the seats in turn (as ``play_game`` does)."""
    return [names[p % len(names)] for p in range(players)]


def game_log(state: "State", *, seed: int | None = None, bots: Sequence[str | None] | None = None,
             ) -> dict[str, Any]:
    """The self-contained log of ``state``. Give ``seed`` and ``bots`` (the bot at each seat, None for
    a person) when the game was played from ``random.Random(seed)`` as the schema describes: replay
    then checks every chance action and every bot's move against them."""
    if (seed is None) != (bots is None):
        raise ValueError("give both the seed and the bots, or neither")
    if bots is not None and len(bots) != state.n:
        raise ValueError(f"bots: one per seat ({state.n}), got {len(bots)}")
    document, digest = rules_document(state.rules)
    log: dict[str, Any] = {"format": FORMAT, "version": VERSION, "variant": state.game.variant,
                           "rules_sha256": digest, "players": state.n, "partnerships": state.rules.partnerships,
                           "finished": state.is_terminal()}
    if seed is not None and bots is not None:
        log["seed"] = seed
        log["bots"] = list(bots)
    log.update({
        "actions": [str(a) for a in state.history],
        "events": [e.as_dict() for e in state.events],
        "scores": list(state.scores),
        "winner": state.winner,
        "deals": state.deal_number,
        "rules": document,
    })
    return log


# -- reading ------------------------------------------------------------------------------------------

class _Unreadable:
    """Stands in, while the log is checked, for a number that cannot be a value in a log."""

    def __init__(self, text: str, why: str) -> None:
        self.text = text
        self.why = why

    def __repr__(self) -> str:
        return self.why


def _parse_int(text: str) -> int | _Unreadable:
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        return _Unreadable(text, f"a number of {digits:,} digits")
    return int(text)


def _parse_constant(text: str) -> _Unreadable:
    return _Unreadable(text, text)


def _is_integer(checker: Any, instance: Any) -> bool:
    return isinstance(instance, int) and not isinstance(instance, bool)


@cache
def _validator_class() -> Any:
    import jsonschema

    base = jsonschema.Draft202012Validator
    # Integers are whole JSON numbers: 2.0 is a float that happens to be whole, not a score.
    checker = base.TYPE_CHECKER.redefine("integer", _is_integer).redefine("number", _is_integer)
    return jsonschema.validators.extend(base, type_checker=checker)


@cache
def _log_validator() -> Any:
    schema = json.loads(log_schema_path().read_text(encoding="utf-8"))
    cls = _validator_class()
    cls.check_schema(schema)
    return cls(schema)


@cache
def _rule_value_validators() -> dict[str, Any]:
    """For every rule key, a validator of its value, from the profile schema."""
    schema = json.loads(schema_path().read_text(encoding="utf-8"))
    sections = schema["properties"]["rules"]["properties"]
    cls = _validator_class()
    out = {}
    for section, body in sections.items():
        for name, spec in body["properties"].items():
            value_schema = spec.get("properties", {}).get("value", {})
            out[f"{section}.{name}"] = cls({**value_schema, "$defs": schema.get("$defs", {})})
    return out


def shown(value: Any) -> str:
    """A value as JSON, cut to ``SHOWN`` characters."""
    if isinstance(value, _Unreadable):
        return repr(value)
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= SHOWN else text[:SHOWN] + "..."


def json_path(parts: Sequence[Any]) -> str:
    path = "$"
    for part in parts:
        if isinstance(part, int):
            path += f"[{part}]"
        elif str(part).isidentifier():
            path += f".{part}"
        else:
            path += f"[{json.dumps(str(part), ensure_ascii=False)}]"
    return path


def _message(error: "jsonschema.ValidationError") -> str:
    value: Any = error.instance
    kind = error.validator
    if kind == "type":
        wanted = error.validator_value
        wanted = " or ".join(wanted) if isinstance(wanted, list) else wanted
        article = "an" if str(wanted)[0] in "aeiou" else "a"
        return f"{shown(value)} is not {article} {wanted}"
    if kind in ("enum", "const"):
        allowed: Any = error.validator_value if kind == "enum" else [error.validator_value]
        return f"{shown(value)} is not one of {', '.join(shown(a) for a in allowed)}"
    if kind == "pattern":
        if list(error.absolute_path)[:1] == ["actions"]:
            return f"{shown(value)} is not an action such as play:AH=11, give:JH+peg or go"
        return f"{shown(value)} is not in the expected form"
    if kind == "oneOf":
        return f"{shown(value)} is neither a list of bots per seat nor a bot's name"
    if kind in ("minimum", "maximum"):
        return f"{shown(value)} is out of range ({kind} {error.validator_value})"
    if kind in ("minItems", "maxItems", "maxProperties"):
        return f"has {len(value):,} entries ({kind} {error.validator_value})"
    if kind == "maxLength":
        return f"{shown(value)} is longer than {error.validator_value} characters"
    text = error.message
    return text if len(text) <= 200 else text[:200] + "..."


def _problems(validator: Any, instance: Any, prefix: Sequence[Any] = ()) -> list[str]:
    errors = sorted(validator.iter_errors(instance), key=lambda e: (list(map(str, e.absolute_path)), e.validator))
    # One message per place: the deepest error at each path says most.
    seen: dict[str, str] = {}
    for error in errors:
        parts = [*prefix, *error.absolute_path]
        where = json_path(parts)
        if len(parts) >= 2 and parts[0] in ("actions", "events") and isinstance(parts[1], int):
            where += f" ({parts[0][:-1]} {parts[1] + 1})"  # as replay counts them, from 1
        seen.setdefault(where, _message(error))
    return [f"{where}: {message}" for where, message in seen.items()]


@dataclass(frozen=True)
class GameLog:
    """A log that has passed every check that needs no engine."""

    path: str
    variant: str
    rules: Rules | None           # None: a log from before version 2, or one that predates some rules
    rules_sha256: str | None
    players: int
    partnerships: bool
    finished: bool | None
    seed: int | None
    bots: tuple[str | None, ...] | None
    actions: tuple[str, ...]
    events: tuple[Mapping[str, Any], ...]
    scores: tuple[int, ...]
    winner: int | None
    deals: int
    recorded: Mapping[str, Any] | None = None  # the rules as recorded (values and citations)


def read_bounded(path: str | os.PathLike[str], *, limit: int = MAX_LOG_BYTES, what: str = "game log") -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes; anything else is a one-line LogError."""
    shown_path = str(path)
    try:
        # O_NONBLOCK: opening a FIFO must not wait for a writer; the file is refused below anyway.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise LogError(f"{shown_path}: cannot read: {exc.strerror or exc}") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise LogError(f"{shown_path}: is a folder, not a {what}")
        if not stat.S_ISREG(info.st_mode):
            raise LogError(f"{shown_path}: is a device, FIFO or socket, not a {what} file; refused unread")
        if info.st_size > limit:
            raise LogError(f"{shown_path}: {info.st_size:,} bytes is too large for a {what} "
                           f"(at most {limit:,}); refused unread")
        chunks, total = [], 0
        while True:
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:
                raise LogError(f"{shown_path}: grew past {limit:,} bytes while being read; refused")
        return b"".join(chunks)
    except OSError as exc:
        raise LogError(f"{shown_path}: cannot read: {exc.strerror or exc}") from None
    finally:
        os.close(fd)


def parse_log(data: bytes, name: str) -> GameLog:
    """Check a log's bytes (UTF-8 JSON, the schema, the rules) and return it typed."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise LogError(f"{name}:{line}: not UTF-8: byte 0x{data[exc.start]:02x} cannot be decoded") from None
    try:
        raw = json.loads(text, parse_int=_parse_int, parse_constant=_parse_constant)
    except json.JSONDecodeError as exc:
        if not text.strip():
            raise LogError(f"{name}: not a JSON game log: the file is empty") from None
        if exc.pos >= len(text.rstrip()) or exc.msg.startswith("Unterminated string"):
            # The JSON stops short, as a file cut off in the writing or the copying does: point at its end.
            body = text.rstrip()
            line, column = body.count("\n") + 1, len(body) - body.rfind("\n")
            why = (f"a string opened at {exc.lineno}:{exc.colno} is never closed"
                   if exc.msg.startswith("Unterminated string") else exc.msg[0].lower() + exc.msg[1:])
            raise LogError(f"{name}:{line}:{column}: the game log looks truncated: its JSON ends early "
                           f"({why})") from None
        raise LogError(f"{name}:{exc.lineno}:{exc.colno}: not a JSON game log: {exc.msg}") from None
    except RecursionError:
        raise LogError(f"{name}: not a game log: nested too deeply to read") from None
    if not isinstance(raw, dict):
        raise LogError(f"{name}: $: {shown(raw)} is not a game log (a JSON object)")
    try:
        problems = _problems(_log_validator(), raw)
        rules = None
        if not problems and "rules" in raw:
            rules, problems = _rules_from(raw)
            if not problems and raw["rules_sha256"] != rules_sha256(raw["rules"]):
                problems = ["$.rules_sha256: does not match the rules in the log (were the rules edited by hand?)"]
        if not problems:
            problems = _consistency(raw, rules)
    except RecursionError:
        raise LogError(f"{name}: not a game log: nested too deeply to check") from None
    if problems:
        more = f" (and {len(problems) - 1} more problem{'s' if len(problems) > 2 else ''})" if len(problems) > 1 else ""
        raise LogError(f"{name}: {problems[0]}{more}")
    bots = raw.get("bots")
    if isinstance(bots, str):  # before version 2, costly play wrote one name: a person at seat 0
        bots = [None] + [bots] * (raw["players"] - 1)
    elif isinstance(bots, list):  # one per seat, or names dealt round the seats in turn (as play_game does)
        bots = seat_bots(bots, raw["players"])
    if bots is not None and (raw.get("version", 1) < 3 or (raw.get("version") == 3 and raw["players"] == 4)):
        bots = [EARLIER_SEARCH.get(bot, bot) if bot is not None else None for bot in bots]
    return GameLog(
        path=name, variant=raw["variant"], rules=rules, rules_sha256=raw.get("rules_sha256"), recorded=raw.get("rules"),
        players=raw["players"], partnerships=raw["partnerships"], finished=raw.get("finished"),
        seed=raw.get("seed"), bots=tuple(bots) if bots is not None else None, actions=tuple(raw["actions"]),
        events=tuple(raw["events"]), scores=tuple(raw["scores"]), winner=raw["winner"], deals=raw["deals"])


def _rules_from(raw: dict[str, Any], fallback: Mapping[str, Any] | None = None,
                ) -> tuple[Rules | None, list[str]]:
    """The log's rules, typed. A rule the profile schema has but the log lacks (the log predates it) is
    taken from ``fallback`` (plain values by key) if given, else it is a problem."""
    values, citations = dict(raw["rules"]["values"]), raw["rules"]["citations"]
    validators = _rule_value_validators()
    problems = [f"{json_path(['rules', 'values', key])}: not a rule of the profile schema"
                for key in values if key not in validators]
    problems += [f"{json_path(['rules', 'citations', key])}: not a rule of the profile schema"
                 for key in citations if key not in validators]
    for key, value in values.items():
        if key in validators:
            problems += _problems(validators[key], value, ["rules", "values", key])
    if problems:
        return None, problems
    missing = [key for key in validators if key not in values]
    if missing:
        if fallback is None:
            return None, []  # complete_rules() decides, once it knows what may fill the gap
        values.update({key: fallback[key] for key in missing})
    order = values["count.declaration_order"]
    if sorted(order) != sorted(c.value for c in Category):
        return None, [f"{json_path(['rules', 'values', 'count.declaration_order'])}: must name every category once"]
    if values["players.partnerships"] and values["players.count"] != 4:
        return None, [f"{json_path(['rules', 'values', 'players.partnerships'])}: partnerships need 4 players"]
    try:
        return build_rules(values, {k: tuple(v) for k, v in citations.items()}), []
    except (ValueError, TypeError, KeyError) as exc:
        return None, [f"$.rules.values: not a usable rule set: {exc}"]


def missing_rules(log: "GameLog") -> list[str]:
    """Rules of today's profile schema that a log's recorded rules lack (it was written before them)."""
    if log.recorded is None:
        return []
    return [key for key in _rule_value_validators() if key not in log.recorded["values"]]


def complete_rules(log: "GameLog", fallback: Rules) -> Rules:
    """The log's rules with the rules it predates taken from ``fallback``."""
    rules, problems = _rules_from({"rules": log.recorded}, rules_document(fallback)[0]["values"])
    if rules is None:
        raise LogError(f"{log.path}: {problems[0] if problems else 'the rules cannot be completed'}")
    return rules


def _consistency(raw: dict[str, Any], rules: Rules | None) -> list[str]:
    """What the schema cannot say: fields that must agree with each other."""
    problems = []
    if rules is not None:
        if raw["players"] != rules.players:
            problems.append(f"$.players: {raw['players']}, but the log's rules are for {rules.players} players")
        if raw["partnerships"] != rules.partnerships:
            problems.append(f"$.partnerships: {shown(raw['partnerships'])}, but the log's rules say "
                            f"{shown(rules.partnerships)}")
    bots = raw.get("bots")
    if isinstance(bots, list) and raw["players"] % len(bots):
        problems.append(f"$.bots: {len(bots)} bots cannot be dealt round {raw['players']} seats")
    winner = raw["winner"]
    if raw.get("finished") is True and winner is None:
        problems.append("$.finished: true, but there is no winner")
    if raw.get("finished") is False and winner is not None:
        problems.append(f"$.finished: false, but player/side {winner} won")
    return problems


def read_log(path: str | os.PathLike[str]) -> GameLog:
    """Read and check a log file (bounded: see ``read_bounded``)."""
    return parse_log(read_bounded(path), str(path))


__all__ = ["FORMAT", "VERSION", "GameLog", "LogError", "complete_rules", "game_log", "missing_rules", "log_schema_path", "parse_log", "read_bounded",
           "read_log", "rules_document", "rules_sha256", "seat_bots"]
