"""Game logs at the command line: ``costly replay``, and the log ``costly play`` leaves however it ends."""
from __future__ import annotations

from typing import Callable

from ..chances import store as _chances_store  # noqa: F401  (it works out the win tables the board-playing search reads)
from .. import profiles
from ..game.log import GameLog, LogError, complete_rules, missing_rules, read_log
from ..game.state import State
from ..game.verify import replay_log, rule_differences
from ..outputs import write_text
from ..profiles.display import dumps
from ..profiles.rules import Rules
from .signals import signals_deferred


def write_play_log(path: str, state: State, *, seed: int, bot: str, say: Callable[[str], None]) -> None:
    """The log of a game of ``costly play``: a person at seat 0, ``bot`` at every other seat."""
    log = state.log(seed=seed, bots=[None] + [bot] * (state.n - 1))
    with signals_deferred():
        write_text(path, dumps(log) + "\n", what="log")
        say(f"Log written to {path}.")


def _listed(names: list[str]) -> str:
    return f"{', '.join(names[:6])}{', ...' if len(names) > 6 else ''}"


def _rules_for(log: GameLog, variant: str | None) -> tuple[Rules, str, list[str]]:
    """The rules to replay under, the name to show for them, and notes for the user."""
    notes = []
    if variant:
        profile = profiles.load(variant)
        if log.rules is not None:
            differ = rule_differences(log.rules, profile.rules)
            if differ:
                notes.append(f"replaying under {profile.id}, whose rules differ from those the log records "
                             f"({_listed(differ)})")
        return profile.rules, profile.id, notes
    missing = missing_rules(log)
    if missing:  # the log predates some rules: today's bundled profile may say what they were
        shown = f"{', '.join(missing[:6])}{', ...' if len(missing) > 6 else ''}"
        if log.variant not in profiles.bundled_ids():
            raise LogError(f"{log.path}: the log records no value for {shown} (it predates them) and "
                           f"{log.variant!r} is not a bundled profile: give the profile with --variant ID|PATH")
        notes.append(f"the log predates the rules {shown}: their values are taken from today's bundled "
                     f"{log.variant}")
        return complete_rules(log, profiles.load(log.variant).rules), log.variant, notes
    if log.rules is None:
        if log.variant not in profiles.bundled_ids():
            raise LogError(f"{log.path}: an older log that does not record its rules, for {log.variant!r}, which is "
                           "not a bundled profile: give the profile with --variant ID|PATH")
        notes.append(f"an older log that does not record its rules: replayed under the bundled {log.variant} "
                     "as it is now")
        return profiles.load(log.variant).rules, log.variant, notes
    if log.variant in profiles.bundled_ids():
        differ = rule_differences(log.rules, profiles.load(log.variant).rules)
        if differ:
            notes.append(f"the bundled profile {log.variant} has changed since this log was written "
                         f"({', '.join(differ[:6])}{', ...' if len(differ) > 6 else ''}); replayed under the "
                         "rules the log records")
    return log.rules, log.variant, notes


def replay_command(path: str, variant: str | None) -> int:
    log = read_log(path)
    rules, name, notes = _rules_for(log, variant)
    try:
        result = replay_log(log, rules, variant=name)
    except LogError as exc:
        differ = rule_differences(log.rules, rules) if variant and log.rules is not None else []
        if not differ:
            raise
        # Under other rules the game is bound to go otherwise: say so first, then where it first did.
        where = str(exc).removeprefix(f"{log.path}: ")
        raise LogError(f"{log.path}: the rules of {name} differ from the log's ({_listed(differ)}), so the game "
                       f"goes otherwise: {where}") from None
    for note in notes:
        print(f"note: {note}")
    state = result.state
    source = f"the rules the log records ({log.variant})" if log.recorded is not None and not variant else name
    checked = (f"every chance action and bot move matches seed {log.seed}" if result.checked_seed
               else "no seed recorded, so chance actions are taken as logged")
    ending = (f"the result ({state.scores[0]} to {state.scores[1]})" if state.is_terminal()
              else f"the unfinished game's scores ({state.scores[0]} to {state.scores[1]})")
    # A line each, so that all but the path's fit in 80 columns.
    print(f"{path}: replayed under {source}")
    actions, scores = len(log.actions), len(state.events)
    print(f"  {actions} action{'s' * (actions != 1)}; {scores} score{'s' * (scores != 1)} and {ending} reproduced")
    print(f"  {checked}")
    return 0


__all__ = ["replay_command", "write_play_log"]
