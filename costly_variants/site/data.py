"""What the site is built from: the bundled profiles (plus any folders the project adds), the sources,
the worked examples and the bibliography, loaded once per build."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any, Mapping

from sphinx.application import Sphinx
from sphinx.util import logging

from .. import profiles
from ..errors import CostlyError
from ..profiles import Profile
from ..profiles.display import plays_as
from ..profiles.sources import Library, library
from ..resources import data_dir
from ..worked_examples.replay import Example, load_examples
from .citations import Citer, citers

logger = logging.getLogger(__name__)


@dataclass
class SiteData:
    extra_folders: tuple[Path, ...]
    bibfile: Path
    problems: list[str] = field(default_factory=list)
    memo: dict[object, Any] = field(default_factory=dict)  # what a build works out once: the games played

    @cached_property
    def profiles(self) -> list[Profile]:
        """Every bundled profile, oldest first, then the profiles in the project's extra folders."""
        bundled = [p for p in (self._load(ref) for ref in profiles.bundled_ids()) if p is not None]
        found = sorted(bundled, key=lambda p: (p.year or 0, p.id))  # as profiles.load_all orders them
        for folder in self.extra_folders:
            for path in sorted(folder.glob("*.yaml")):
                profile = self._load(str(path))
                if profile is not None and any(p.id == profile.id for p in found):
                    self.problems.append(f"{path}: profile id {profile.id!r} is already taken; left out")
                elif profile is not None:
                    found.append(profile)
        return found

    def _load(self, ref: str) -> Profile | None:
        """A profile, or None with its one-line error noted: a broken file is a warning, not a crash."""
        try:
            return profiles.load(ref)
        except CostlyError as exc:
            self.problems.append(str(exc).splitlines()[0])
            return None

    def problems_found(self) -> list[str]:
        """The one-line errors of the extra profiles that could not be loaded (they are left out)."""
        self.profiles  # noqa: B018 - loading is what finds them
        return list(self.problems)

    @cached_property
    def by_id(self) -> Mapping[str, Profile]:
        return {p.id: p for p in self.profiles}

    @property
    def library(self) -> Library:
        return library()

    @cached_property
    def examples(self) -> list[Example]:
        return load_examples()

    @cached_property
    def cited_by(self) -> dict[str, list[Citer]]:
        return citers(self.profiles, self.examples)

    @cached_property
    def plays_as(self) -> Mapping[str, str]:
        """Each profile that plays exactly as an earlier one -> that one's id ("Holme 1688 plays as Cotton
        1674"): said once, on its page and in the rule table, and left out of the comparisons' rows,
        figures and plots, where it would only repeat the other's."""
        return plays_as(self.profiles)

    def readable_profiles(self) -> list[Profile]:
        """The profiles whose source has been read: a text that is unavailable (Holme's) gives no value
        of its own, and is never shown as a column of values or counted as if it did."""
        return [p for p in self.profiles if not unavailable(p)]

    def distinct_profiles(self) -> list[Profile]:
        """The profiles that play differently from every earlier one: the rows of a comparison."""
        return [p for p in self.profiles if p.id not in self.plays_as]

    @cached_property
    def rule_titles(self) -> Mapping[str, str]:
        return profiles.rule_titles()

    def data_files(self) -> list[Path]:
        """The files the generated pages depend on: a change to any of them rebuilds them."""
        folders = [data_dir("variants"), data_dir("sources"), data_dir("sources") / "worked-examples",
                   data_dir("sources") / "concordance", data_dir("sources") / "questions",
                   *self.extra_folders]
        return [p for folder in folders for p in sorted(folder.glob("*.yaml"))] + [self.bibfile]


def unavailable(profile: Profile) -> bool:
    """Whether the profile's source text has not been read (its values are another's, marked unavailable)."""
    return profile.source_status is not None and profile.source_status.status.value == "unavailable"


_BUILDS: dict[str, SiteData] = {}


def start_build(app: Sphinx) -> SiteData:
    """Load the data for a build (at builder-inited); directives find it by the source folder."""
    confdir = Path(app.confdir)
    extra = tuple((confdir / f).resolve() for f in app.config.costly_extra_variants)
    bibfiles = app.config.bibtex_bibfiles or [str(data_dir("sources") / "bibliography.bib")]
    data = _BUILDS[str(app.srcdir)] = SiteData(extra, (Path(app.srcdir) / bibfiles[0]).resolve())
    return data


def site_data(srcdir: object) -> SiteData:
    return _BUILDS[str(srcdir)]
