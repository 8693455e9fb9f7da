"""``costly advise``: what each mog choice is worth for a hand, exactly, and the best first lead."""
from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from .helptext import CardsAction, command
from .profiles import add_json

if TYPE_CHECKING:
    from ..game.advice import Lead, MogChoice
    from ..profiles import Profile

EXIT_OK = 0


def register(sub: argparse._SubParsersAction) -> None:
    p = command(sub, "advise", "what each mog choice is worth for a hand, exactly, and the best first lead",
                examples=["costly advise 5H 5D 10H --deck KH", "costly advise JH 2S 9C --deck 2H --variant cotton-1674",
                          "costly advise 5H 5D 10H --deck KH --as dealer --json"],
                details="Each choice's value is the count of the hand it leaves, on average over every card you "
                        "may receive (each card you have not seen, alike likely), with what the mog itself pays: "
                        "a Jack or Deuce pegged as it is given, a late claim, a refusal. Exact fractions; the "
                        "rules each rests on are named. The lead is weighed by what it scores less the best "
                        "reply on average over the cards the other player may hold.")
    p.add_argument("cards", nargs="+", metavar="CARD", action=CardsAction,
                   help="your hand, e.g. 5H 5D 10H (or 5h,5d,10h)")
    p.add_argument("--deck", metavar="CARD", required=True, help="the deck card (the turn-up), e.g. KH")
    p.add_argument("--variant", metavar="ID|PATH", default="parlett-121", help="the profile (default: %(default)s)")
    p.add_argument("--as", dest="role", choices=("eldest", "dealer"), default="eldest",
                   help="whose choice: the eldest, who asks, or the dealer, who answers (default: %(default)s)")
    add_json(p)
    p.set_defaults(handler=cmd_advise)


def _wrapped(lines: list[str], width: int) -> list[str]:
    """Each line wrapped to ``width``, its continuation indented under its own text."""
    import textwrap

    out = []
    for line in lines:
        indent = " " * (len(line) - len(line.lstrip()))
        out += textwrap.wrap(line, width, subsequent_indent=indent + "    ", break_long_words=False,
                             break_on_hyphens=False) or [""]
    return out


def _choice_text(choice: MogChoice, mog: str, keep: str) -> str:
    if choice.give is None:
        return keep
    return f"{mog} {choice.give.pretty()}" + (" and peg it first" if choice.peg else "")


def _fraction(value: Any) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def _as_data(profile: Profile, choices: list[MogChoice], leads: list[Lead], role: str) -> dict[str, Any]:
    from ..game.advice import lead_rules, procedure_words

    mog, keep = procedure_words(profile.rules, role)  # type: ignore[arg-type]
    return {
        "profile": profile.id, "role": role,
        "choices": [{"choice": _choice_text(c, mog, keep), "give": str(c.give) if c.give else None, "peg": c.peg,
                     "value": round(float(c.value), 4), "exact": _fraction(c.value),
                     "expected_count": round(float(c.expected_count), 4), "mog_points": c.mog_points,
                     "by_rule": [{"rule": s.rule, "points": round(float(s.points), 4),
                                  "cite": list(profile.rules.cite(s.rule))} for s in c.by_rule],
                     "rules": [{"rule": r, "cite": list(profile.rules.cite(r))} for r in c.rules]}
                    for c in choices],
        "leader": profile.rules.play_leader,
        "leads": [{"card": str(lead.card), "value": lead.value, "points": lead.points,
                   "reply": round(float(lead.reply), 4), "net": round(float(lead.net), 4), "exact": _fraction(lead.net)}
                  for lead in leads],
        "lead_rules": [{"rule": r, "cite": list(profile.rules.cite(r))} for r in lead_rules(leads)],
    }


def cmd_advise(args: argparse.Namespace) -> int:
    from .. import profiles
    from ..cards import parse_cards
    from ..game.advice import check_hand, lead_rules, leads_for, mog_choices, procedure_words
    from ..profiles.display import dumps
    from .plain import output_width

    profile = profiles.load(args.variant)
    *hand, deck = parse_cards([*args.cards, args.deck])
    check_hand(profile.rules, hand, deck)
    choices = mog_choices(profile.rules, hand, deck, role=args.role)
    first = leads_for(profile.rules, args.role, hand, deck)
    if args.json:
        print(dumps(_as_data(profile, choices, first, args.role)))
        return EXIT_OK
    width = output_width()
    mog, keep = procedure_words(profile.rules, args.role)
    rules = profile.rules
    lines = [f"{' '.join(c.pretty() for c in hand)} with {deck.pretty()} under {profile.id}, as the {args.role}:",
             "", "The mog: each choice's value, on average over the "
             f"{52 - len(hand) - 1} cards you may receive (points; best first)"]
    for choice in choices:
        extra = f" {choice.mog_points:+d} in the mog" if choice.mog_points else ""
        lines.append(f"  {float(choice.value):6.2f}  {_choice_text(choice, mog, keep)}"
                     f"  (count {float(choice.expected_count):.2f}{extra}; exactly {_fraction(choice.value)})")
    best = choices[0]
    lines += ["", f"Best: {_choice_text(best, mog, keep)}. Its count, rule by rule:"]
    titles = profiles.rule_titles()  # each rule as the schema names it for a reader, not its key
    for share in best.by_rule:
        cite = ", ".join(rules.cite(share.rule))
        lines.append(f"  {float(share.points):6.2f}  {titles.get(share.rule, share.rule)}" + (f"  [{cite}]" if cite else ""))
    for rule in best.rules:
        cite = ", ".join(rules.cite(rule))
        lines.append(f"  rests on the rule: {titles.get(rule, rule)}" + (f"  [{cite}]" if cite else ""))
    if not first:  # the other player leads: the first card is his to weigh, not this seat's
        cite = ", ".join(rules.cite("play.leader"))
        lines += ["", f"The first lead is the {rules.play_leader}'s under these rules (play.leader: "
                  f"{rules.play_leader}" + (f" [{cite}]" if cite else "") + f"): the {args.role} has no lead to weigh."]
    else:
        lines += ["", "The first lead: what it scores, less the best reply on average over the cards the other "
                  "player may hold"]
    for lead in first:
        shown = lead.card.pretty() + (f" as {lead.value}" if lead.value is not None else "")
        lines.append(f"  {float(lead.net):+6.2f}  {shown}  (scores {lead.points}, reply {float(lead.reply):.2f})")
    acting = lead_rules(first)
    if acting:
        lines.append(f"  by the rules: {'; '.join(titles.get(k, k) for k in acting)}  "
                     f"[{', '.join(sorted({c for k in acting for c in rules.cite(k)}))}]")
    print("\n".join(_wrapped(lines, width)))
    return EXIT_OK


__all__ = ["cmd_advise", "register"]
