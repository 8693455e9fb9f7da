"""Build hook: compile the optional C parts, each an accelerator of Python code that stays the reference:
the filler of batch scoring (``costly_variants/count/_fill.c``) and the self-play kernel
(``costly_variants/game/_kernel.c`` and its units ``_kernel_*.c``, one a module of the Python they mirror,
with their shared header ``_kernel.h``: compiled together as one extension).

Each is compiled in place, beside its source, so that a checkout, an editable install and a wheel all
find it where its Python module imports it from; the wheel then carries it and is tagged for this
platform. Where one cannot be compiled (no C compiler, no Python headers), the build says so and goes
on: the package is whole without it, and that part runs in pure Python with the same results.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

# (module, its C sources (globs, the first its module's own), what it does, what runs without it)
EXTENSIONS = (
    ("costly_variants.count._fill", ("costly_variants/count/_fill.c",), "the C filler for batch scoring",
     "batch scoring will run in pure Python"),
    ("costly_variants.game._kernel", ("costly_variants/game/_kernel.c", "costly_variants/game/_kernel_*.c"),
     "the compiled game kernel", "simulate and compare will play their games in pure Python"),
)


def sources(root: Path, patterns: tuple[str, ...]) -> list[str]:
    """The C files an extension is compiled from, relative to ``root``, in a fixed order."""
    found: list[str] = []
    for pattern in patterns:
        found += [path.relative_to(root).as_posix() for path in sorted(root.glob(pattern))
                  if path.relative_to(root).as_posix() not in found]
    if not found:
        raise FileNotFoundError(f"no C source matches {patterns}")
    return found


def compile_in_place(root: Path, module: str, patterns: tuple[str, ...], *, whole: bool = True) -> Path:
    """Compile one extension beside its sources; return the built file. Raises on any failure. ``whole``:
    optimised across its units at the link (``-flto``: the search's calls from one unit into another are
    inlined, some 2% fewer instructions)."""
    from setuptools import Distribution, Extension
    from setuptools.command.build_ext import build_ext

    # Its units share one header; only the module's init function is exported.
    flags = [] if os.name == "nt" else ["-O2", "-fvisibility=hidden"]
    link = ["-O2", "-flto"] if whole and os.name != "nt" else []
    headers = sorted({path.relative_to(root).as_posix() for pattern in patterns
                      for path in root.glob(pattern.rsplit("/", 1)[0] + "/*.h")})
    extension = Extension(module, sources(root, patterns), depends=headers, extra_compile_args=flags + link[1:],
                          extra_link_args=link)
    distribution = Distribution({"name": "costly-variants", "ext_modules": [extension], "script_args": []})
    distribution.package_dir = {"": "."}
    command = build_ext(distribution)
    command.inplace = True
    command.build_temp = str(root / "build" / ("temp-" + module.rsplit(".", 1)[-1].lstrip("_")))
    command.ensure_finalized()
    previous = os.getcwd()
    os.chdir(root)
    try:
        command.run()
        return root / command.get_ext_filename(module)
    finally:
        os.chdir(previous)


class FillBuildHook(BuildHookInterface):  # type: ignore[type-arg]
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if os.environ.get("COSTLY_PURE_PYTHON", "") not in ("", "0"):
            return
        root = Path(self.root)
        for module, patterns, what, without in EXTENSIONS:
            try:
                try:
                    built = compile_in_place(root, module, patterns)
                except Exception:  # a compiler without link-time optimisation: the same code, compiled unit by unit
                    built = compile_in_place(root, module, patterns, whole=False)
            except BaseException as exc:  # noqa: BLE001 - any failure leaves that part in pure Python
                if isinstance(exc, KeyboardInterrupt):
                    raise
                print(f"costly-variants: {what} was not built ({type(exc).__name__}: "
                      f"{str(exc).strip()[:300]}); {without}", file=sys.stderr)
                continue
            if version != "editable":  # an editable install imports the package, and so this part, from here
                build_data["force_include"][str(built)] = built.relative_to(root).as_posix()
            build_data["pure_python"] = False
            build_data["infer_tag"] = True
