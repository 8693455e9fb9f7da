"""Build hook: compile the optional C filler of batch scoring (``costly_variants/count/_fill.c``).

It is compiled in place, beside its source, so that a checkout, an editable install and a wheel all
find it where ``batch_scorer`` imports it from; the wheel then carries it and is tagged for this
platform. Where it cannot be compiled (no C compiler, no Python headers), the build says so and goes
on: the package is whole without it, and batch scoring runs in pure Python with the same output.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

SOURCE = "costly_variants/count/_fill.c"
MODULE = "costly_variants.count._fill"


def compile_in_place(root: Path) -> Path:
    """Compile the filler beside its source; return the built file. Raises on any failure."""
    from setuptools import Distribution, Extension
    from setuptools.command.build_ext import build_ext

    extension = Extension(MODULE, [SOURCE], extra_compile_args=[] if os.name == "nt" else ["-O2"])
    distribution = Distribution({"name": "costly-variants", "ext_modules": [extension], "script_args": []})
    distribution.package_dir = {"": "."}
    command = build_ext(distribution)
    command.inplace = True
    command.build_temp = str(root / "build" / "temp-fill")
    command.ensure_finalized()
    previous = os.getcwd()
    os.chdir(root)
    try:
        command.run()
        return root / command.get_ext_filename(MODULE)
    finally:
        os.chdir(previous)


class FillBuildHook(BuildHookInterface):  # type: ignore[type-arg]
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if os.environ.get("COSTLY_PURE_PYTHON", "") not in ("", "0"):
            return
        root = Path(self.root)
        try:
            built = compile_in_place(root)
        except BaseException as exc:  # noqa: BLE001 - any failure leaves the pure Python package
            if isinstance(exc, KeyboardInterrupt):
                raise
            print(f"costly-variants: the C filler for batch scoring was not built ({type(exc).__name__}: "
                  f"{str(exc).strip()[:300]}); batch scoring will run in pure Python", file=sys.stderr)
            return
        if version != "editable":  # an editable install imports the package, and so the filler, from here
            build_data["force_include"][str(built)] = built.relative_to(root).as_posix()
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
