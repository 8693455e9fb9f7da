"""Issue 31, point 2: ``costly validate`` checks a file as written. A clone's own ``variants/`` (after
``pip install .`` its files are not the installed package's, which ``resources.data_dir`` finds under
``costly_variants/data``) validates as it does after ``pip install -e .``; an id that is a bundled
profile's is refused only where both would be loaded together."""
from __future__ import annotations

import shutil

import pytest

from costly_variants import profiles
from costly_variants.resources import data_dir


@pytest.fixture
def clone(tmp_path):
    """A copy of the bundled profiles somewhere else: what the clone's variants/ is to an installed package."""
    folder = tmp_path / "variants"
    shutil.copytree(data_dir("variants"), folder)
    assert not any(p.resolve() in {b.resolve() for b in profiles.bundled_paths().values()} for p in folder.iterdir())
    return folder


def test_a_clones_own_profiles_validate(cli, clone):
    code, out, err = cli("validate", str(clone))
    assert code == 0, out + err
    assert out.count("ok: ") == len(profiles.bundled_ids())


def test_a_corrected_copy_of_a_bundled_profile_validates_as_written(cli, clone):
    path = clone / "cotton-1674.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("value: 61", "value: 31", 1), encoding="utf-8")
    code, out, err = cli("validate", str(path))
    assert code == 0, out + err
    assert profiles.load(str(path)).rules.target == 31


@pytest.mark.parametrize("command", [("diff",), ("readings", "--games", "10"), ("compare", "--games", "10")])
def test_the_copy_beside_the_bundled_one_is_refused_saying_so(cli, clone, command):
    code, out, err = cli(command[0], "cotton-1674", str(clone / "cotton-1674.yaml"), *command[1:])
    assert code == 2, out + err
    assert "are both profile 'cotton-1674'" in err and len(err.strip().splitlines()) == 1


def test_a_profile_extending_one_of_its_own_id_is_refused(cli, tmp_path):
    path = tmp_path / "parlett-121.yaml"
    path.write_text("id: parlett-121\ntitle: T\nextends: parlett-121\n", encoding="utf-8")
    code, out, err = cli("validate", str(path))
    assert code == 1 and "is the id of a bundled profile that this one extends" in out + err
