"""The concordance's data file: checked like a profile, every problem located in its file."""
from __future__ import annotations

import pytest

from costly_variants.errors import ProfileError
from costly_variants.profiles import concordance

GOOD = """\
id: eddowes-burne-1874
title: t
reports:
- {source: parlett-web, name: Parlett}
- {source: wikipedia-en, name: Wikipedia}
games:
- id: two-hand
  title: two
  rules:
    game.target:
      parlett-web: {value: 121, cite: [parlett-web#game], words: The game is 121.}
      wikipedia-en: {silent: Not for Jackson., cite: [wikipedia-en#target]}
"""


def _load(tmp_path, text):
    path = tmp_path / "c.yaml"
    path.write_text(text, encoding="utf-8")
    return concordance.load(path)


def test_a_good_file_loads_with_its_verdicts(tmp_path):
    data = _load(tmp_path, GOOD)
    rule = data.game("two-hand").rules["game.target"]
    assert rule["parlett-web"].values == (121,) and not rule["wikipedia-en"].reported
    assert concordance.verdict(rule["parlett-web"], rule["wikipedia-en"]) is concordance.Verdict.ONE_SILENT


@pytest.mark.parametrize(("change", "message"), [
    (("value: 121", "value: sixty"), "not a value of game.target"),
    (("game.target:", "game.targets:"), "'game.targets' is not a rule of the profile schema"),
    (("cite: [parlett-web#game]", "cite: [wikipedia-en#target]"), "'wikipedia-en#target' is not a passage of parlett-web"),
    (("cite: [parlett-web#game]", "cite: [parlett-web#nowhere]"), "'parlett-web#nowhere' is not a passage in sources/"),
    (("{silent: Not for Jackson., cite", "{cite"), "a reading needs value, words and cite, or silent and cite"),
])
def test_a_bad_file_is_refused_at_its_line(tmp_path, change, message):
    with pytest.raises(ProfileError) as err:
        _load(tmp_path, GOOD.replace(*change))
    first = str(err.value).splitlines()[0]
    assert first.startswith(str(tmp_path / "c.yaml") + ":1") and message in first, first


def test_verdicts():
    R = concordance.Reading
    one, two, both = R("a", (1,), ("w",), ()), R("b", (2,), ("w",), ()), R("b", (1, 2), ("w", "v"), ())
    silent = R("b", (), (), (), "nothing")
    assert concordance.verdict(one, one) is concordance.Verdict.AGREE
    assert concordance.verdict(one, two) is concordance.Verdict.DIFFER
    assert concordance.verdict(one, both) is concordance.Verdict.IN_PART
    assert concordance.verdict(one, silent) is concordance.Verdict.ONE_SILENT
    assert concordance.verdict(silent, None) is concordance.Verdict.NEITHER


def test_the_bundled_concordance_covers_every_rule_in_one_game_or_both():
    from costly_variants import profiles
    data = concordance.bundled("eddowes-burne-1874")
    covered = {key for game in data.games for key in game.rules}
    assert covered == set(profiles.rule_titles())
    four = data.game("four-hand").rules
    assert four["mog.partners_exchange"]["parlett-web"].values == (True,)
    assert four["mog.dealer_mogs_stock"]["wikipedia-en"].values == (True,)
