"""Build hook: compile the optional C parts, each an accelerator of Python code that stays the reference:
the filler of batch scoring (``costly_variants/count/_fill.c``) and the self-play kernel
(``costly_variants/game/_kernel.c`` and its units ``_kernel_*.c``, one a module of the Python they mirror,
with their shared header ``_kernel.h``: compiled together as one extension).

Each is compiled in place, beside its source, so that a checkout, an editable install and a wheel all
find it where its Python module imports it from; the wheel then carries it and is tagged for this
platform.

The compiler is the one setuptools would use (``CC``, ``LDSHARED`` and ``CFLAGS`` honoured). Before the
build, the hook tries it on a tiny file (``compiler_works``); where it cannot compile and link one (no C
compiler, as on many fresh machines), the hook asks for the ``ziglang`` package as a build
dependency (``dependencies``: pip installs it, a wheel for every platform, into the build's environment)
and compiles the same units with its C compiler (``python -m ziglang cc``). Where neither works (no Python
headers, no wheel of ziglang for the platform, Windows without Visual C++: see ``_without_zig``), the
build says so and goes on: the package is whole
without them, and each part runs in pure Python with the same results, more slowly (``SLOWER``).
"""
from __future__ import annotations

import contextlib
import os
import shlex
import sys
import tempfile
from pathlib import Path
from typing import Any, Iterator

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

# (module, its C sources (globs, the first its module's own), what it does, what runs without it)
EXTENSIONS = (
    ("costly_variants.count._fill", ("costly_variants/count/_fill.c",), "the C filler for batch scoring",
     "batch scoring will run in pure Python"),
    ("costly_variants.game._kernel", ("costly_variants/game/_kernel.c", "costly_variants/game/_kernel_*.c"),
     "the compiled game kernel", "simulate and compare will play their games in pure Python, some 150 to 200 "
     "times more slowly with the greedy bot, 90 to 130 with the expert (games a CPU-second through the costly "
     "command)"),
)
# The build dependency that brings a C compiler where there is none (``python -m ziglang cc``).
ZIG = "ziglang"


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


@contextlib.contextmanager
def _quiet() -> Iterator[None]:
    """Standard output and error (the compiler's too) silenced: a probe's failure is expected, not news."""
    saved = [os.dup(1), os.dup(2)]
    try:
        with open(os.devnull, "wb") as null:
            sys.stdout.flush()
            sys.stderr.flush()
            os.dup2(null.fileno(), 1)
            os.dup2(null.fileno(), 2)
            yield
    finally:
        os.dup2(saved[0], 1)
        os.dup2(saved[1], 2)
        for fd in saved:
            os.close(fd)


@contextlib.contextmanager
def _compiler(environment: dict[str, str]) -> Iterator[None]:
    """The compiler setuptools uses switched by ``environment`` (CC, LDSHARED) for the block."""
    saved = {name: os.environ.get(name) for name in environment}
    os.environ.update(environment)
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def compiler_works(environment: dict[str, str] | None = None) -> bool:
    """Whether the C compiler setuptools would use (``CC`` and the rest honoured; switched by
    ``environment``) compiles and links a tiny file as an extension."""
    with tempfile.TemporaryDirectory(prefix="costly-probe-") as work, _compiler(environment or {}):
        (Path(work) / "costly_probe.c").write_text("int costly_probe(void) { return 42; }\n", encoding="utf-8")
        try:
            with _quiet():
                compile_in_place(Path(work), "costly_probe", ("costly_probe.c",), whole=False)
        except Exception:  # noqa: BLE001 - any failure: no working compiler
            return False
    return True


def zig_compiler() -> dict[str, str] | None:
    """The environment that makes setuptools compile with the ziglang package's C compiler, where that
    package is installed; else None."""
    try:
        import ziglang  # noqa: F401
    except ImportError:
        return None
    command = f"{shlex.quote(sys.executable)} -m ziglang cc"
    return {"CC": command, "LDSHARED": f"{command} -shared"}


def build_one(root: Path, module: str, patterns: tuple[str, ...]) -> Path:
    """One extension compiled in place, optimised across its units where the compiler can; raises on failure."""
    try:
        return compile_in_place(root, module, patterns)
    except Exception:  # a compiler without link-time optimisation: the same code, compiled unit by unit
        return compile_in_place(root, module, patterns, whole=False)


def _without_zig() -> bool:
    """``COSTLY_NO_ZIG=1``: no ziglang fallback, as where no wheel of it exists for the platform (the
    build then leaves the compiled parts out and says so: what the slow tests check of that case). On
    Windows too: setuptools compiles there with Visual C++ alone, whatever ``CC`` says, so ziglang's
    compiler cannot be switched in this way (not done yet, and not downloaded for nothing)."""
    return os.environ.get("COSTLY_NO_ZIG", "") not in ("", "0") or os.name == "nt"


class FillBuildHook(BuildHookInterface):  # type: ignore[type-arg]
    PLUGIN_NAME = "custom"

    def dependencies(self) -> list[str]:
        """``ziglang`` where the C compiler setuptools would use does not work (none is installed, or
        ``CC`` names one that fails): its C compiler builds the same units (``initialize``)."""
        if os.environ.get("COSTLY_PURE_PYTHON", "") not in ("", "0") or _without_zig() or compiler_works():
            return []
        return [ZIG]

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if os.environ.get("COSTLY_PURE_PYTHON", "") not in ("", "0"):
            return
        root = Path(self.root)
        # The compiler setuptools would use; where it does not work, ziglang's (a build dependency then).
        environment: dict[str, str] | None = {}
        if not compiler_works():
            environment = None if _without_zig() else zig_compiler()
            if environment is not None:
                print("costly-variants: no working C compiler; compiling with the ziglang package's "
                      "(python -m ziglang cc)", file=sys.stderr)
        for module, patterns, what, without in EXTENSIONS:
            try:
                if environment is None:
                    raise RuntimeError("no working C compiler, and the ziglang package is not installed")
                with _compiler(environment):
                    built = build_one(root, module, patterns)
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
