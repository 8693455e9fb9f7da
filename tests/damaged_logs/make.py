"""Rewrite the damaged game logs: python -m tests.damaged_logs.make

``intact.json`` is a whole game; every other file is that log with one thing damaged, as listed in
``CASES`` (a JSON edit, or a text edit where JSON cannot say it), and ``expectations.yaml`` says the
one-line error each must give. Rerun only when the engine changes the intact game; review the diff.
"""
from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any, Callable

from costly_variants import profiles
from costly_variants.game.log import rules_sha256, seat_bots
from costly_variants.game.playout import play_game
from costly_variants.game.state import Game

HERE = Path(__file__).parent
PROFILE, SEED, BOTS = "cotton-1674", 5, ["greedy", "expert"]


def intact() -> dict[str, Any]:
    rules = profiles.load(PROFILE).rules
    state = play_game(Game(rules, variant=PROFILE), BOTS, SEED)
    return state.log(seed=SEED, bots=seat_bots(BOTS, state.n))


def _set(path: list[Any], value: Any) -> Callable[[dict[str, Any]], None]:
    def edit(log: dict[str, Any]) -> None:
        target = log
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    return edit


def _bump_event(log: dict[str, Any]) -> None:
    log["events"][10]["points"] += 1


def _rules_edit(log: dict[str, Any]) -> None:
    log["rules"]["values"]["game.target"] = 31


def _rules_bad_value(log: dict[str, Any]) -> None:
    log["rules"]["values"]["game.target"] = "sixty-one"
    log["rules_sha256"] = rules_sha256(log["rules"])


def _rules_unknown_key(log: dict[str, Any]) -> None:
    log["rules"]["values"]["game.targett"] = 61
    log["rules_sha256"] = rules_sha256(log["rules"])


def _illegal_deal(log: dict[str, Any]) -> None:
    log["actions"][5] = log["actions"][4]  # the same card dealt twice
    del log["seed"], log["bots"]  # (with them, the seed's draw is checked first)


def _no_seed_bots(log: dict[str, Any]) -> None:
    del log["bots"]


def _extra_action(log: dict[str, Any]) -> None:
    log["actions"].append("go")


def _drop_last_event(log: dict[str, Any]) -> None:
    log["events"].pop()


def _extra_event(log: dict[str, Any]) -> None:
    log["events"].append(copy.deepcopy(log["events"][-1]))


def _first_bot_changed(log: dict[str, Any]) -> None:
    log["bots"][1] = "random"


def _unfinished_claim(log: dict[str, Any]) -> None:
    log["finished"] = False
    log["winner"] = None


def _extra_key(log: dict[str, Any]) -> None:
    log["comment"] = "hand-edited"


def _no_actions(log: dict[str, Any]) -> None:
    del log["actions"]


def _deep(text: str) -> str:
    return '{"variant": ' + "[" * 100_000 + "]" * 100_000 + "}"


EDITS: dict[str, Callable[[dict[str, Any]], None]] = {
    "action-not-a-string": _set(["actions", 3], 5),
    "variant-a-number": _set(["variant"], 5),
    "events-a-number": _set(["events"], 5),
    "players-changed": _set(["players"], 4),
    "partnerships-changed": _set(["partnerships"], True),
    "seed-changed": _set(["seed"], SEED + 1),
    "seed-a-string": _set(["seed"], "abc"),
    "seed-without-bots": _no_seed_bots,
    "bots-changed": _first_bot_changed,
    "bot-unknown": _set(["bots", 1], "genius"),
    "deals-changed": lambda log: _set(["deals"], log["deals"] + 1)(log),
    "finished-changed": _set(["finished"], False),
    "finished-and-winner-changed": _unfinished_claim,
    "winner-changed": lambda log: _set(["winner"], 1 - log["winner"])(log),
    "scores-changed": lambda log: _set(["scores", 0], log["scores"][0] + 1)(log),
    "points-a-float": _set(["events", 0, "points"], 2.0),
    "points-changed": _bump_event,
    "event-missing": _drop_last_event,
    "event-extra": _extra_event,
    "action-superscript-digit": _set(["actions", 20], "play:AH=¹"),
    "action-arabic-indic-digit": _set(["actions", 20], "play:AH=١١"),
    "action-bad-card": _set(["actions", 6], "deal:1X"),
    "action-illegal": _illegal_deal,
    "action-after-the-end": _extra_action,
    "rules-edited": _rules_edit,
    "rules-bad-value": _rules_bad_value,
    "rules-unknown-key": _rules_unknown_key,
    "extra-field": _extra_key,
    "no-actions": _no_actions,
}

# Damage JSON cannot express, done to the intact log's text.
TEXT_EDITS: dict[str, Callable[[str], str]] = {
    "number-of-5000-digits": lambda text: re.sub(r'"deals": \d+', '"deals": ' + "9" * 5000, text),
    "nan": lambda text: re.sub(r'"deals": \d+', '"deals": NaN', text),
    "truncated": lambda text: text[: text.index('"actions": [') + len('"actions": ["cut')],
    "not-an-object": lambda text: "[1, 2, 3]\n",
    "nested-too-deeply": _deep,
}


def main() -> None:
    log = intact()
    text = json.dumps(log, ensure_ascii=False) + "\n"
    (HERE / "intact.json").write_text(text, encoding="utf-8")
    for name, edit in EDITS.items():
        damaged = copy.deepcopy(log)
        edit(damaged)
        (HERE / f"{name}.json").write_text(json.dumps(damaged, ensure_ascii=False) + "\n", encoding="utf-8")
    for name, text_edit in TEXT_EDITS.items():
        (HERE / f"{name}.json").write_text(text_edit(text), encoding="utf-8")
    (HERE / "not-utf8.json").write_bytes(text.encode("utf-8").replace(b'"greedy"', b'"gr\xffedy"', 1))
    print(f"{len(EDITS) + len(TEXT_EDITS) + 1} damaged logs written")


if __name__ == "__main__":
    main()
