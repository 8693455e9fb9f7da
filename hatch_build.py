"""Build hook: compile the optional C parts, each an accelerator of Python code that stays the reference:
the filler of batch scoring (``costly_variants/count/_fill.c``) and the self-play kernel
(``costly_variants/game/_kernel.c``).

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

# (module, source, what it does, what runs without it)
EXTENSIONS = (
    ("costly_variants.count._fill", "costly_variants/count/_fill.c", "the C filler for batch scoring",
     "batch scoring will run in pure Python"),
    ("costly_variants.game._kernel", "costly_variants/game/_kernel.c", "the compiled game kernel",
     "simulate and compare will play their games in pure Python"),
)


def compile_in_place(root: Path, module: str, source: str) -> Path:
    """Compile one extension beside its source; return the built file. Raises on any failure."""
    from setuptools import Distribution, Extension
    from setuptools.command.build_ext import build_ext

    extension = Extension(module, [source], extra_compile_args=[] if os.name == "nt" else ["-O2"])
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
        for module, source, what, without in EXTENSIONS:
            try:
                built = compile_in_place(root, module, source)
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
