"""The README's promises hold: two Quick-start commands, and the walkthrough's house rule does what
the walkthrough says it does."""
from __future__ import annotations

import json
import re
from pathlib import Path

README = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")


def _section(title: str) -> str:
    start = README.index(f"## {title}")
    end = README.find("\n## ", start + 1)
    return README[start:end if end > 0 else None]


def test_quick_start_has_exactly_two_commands():
    blocks = re.findall(r"```sh\n(.*?)```", _section("Quick start"), flags=re.S)
    commands = [line for block in blocks for line in block.splitlines() if line.strip()]
    assert len(commands) == 2
    assert commands[0].endswith(".venv/bin/costly compare")
    assert commands[1].endswith(".venv/bin/python -m pytest -q")


def test_the_walkthrough_house_rule_does_what_it_says(tmp_path, cli):
    house = re.search(r"```yaml\n(id: my-house.*?)```", README, flags=re.S)
    assert house is not None
    path = tmp_path / "my-house.yaml"
    path.write_text(house.group(1), encoding="utf-8")
    code, out, err = cli("compare", "parlett-121", str(path), "--games", "200", "--skill-games", "0", "--json",
                         "--jobs", "1")
    assert code == 0, err
    figures = {f["key"]: f for f in json.loads(out)["figures"]}
    go = figures["points.play.go_points"]["differences"]["my-house"]
    latter = figures["points.play.latter_points"]["differences"]["my-house"]
    assert go["starred"] and 0.6 < go["value"] < 0.85
    assert latter["starred"] and -0.85 < latter["value"] < -0.55
