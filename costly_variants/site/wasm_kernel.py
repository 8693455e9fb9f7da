"""The docs build's WebAssembly kernel: the game kernel's C units compiled to ``costly_kernel.wasm`` with the
C compiler of the ``ziglang`` package (a docs extra), shipped with its loader ``costly_kernel.mjs`` in
``_static/kernel/`` of the built site, so that a page (the Play and Try pages, in a Web Worker) plays
games at the native kernel's pace without Python, and Python under Pyodide through it
(``game/kernel_js.py``). Nothing is fetched at run time.

The units are those of the native kernel except its CPython binding (``_kernel.c``): ``_kernel_*.c`` and
their headers (``costly_kernel.h`` the interface). They are compiled for ``wasm32-wasi`` as a *reactor*
(no ``main``; ``_initialize`` sets up its libc): the module needs no imports at all (checked: a module
that would ask the page for anything is refused), and exports its memory, ``malloc``/``free`` and the calls
of ``costly_kernel.h``. The module is kept in the user's cache, named by the hash of its sources, the flags
and the compiler's version, so a rebuild of the site compiles it again only when they change.
Add ``costly_variants.site.wasm_kernel`` to ``extensions``.
"""
from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from ..cache import cache_dir
from ..errors import CostlyError

GAME = Path(__file__).resolve().parents[1] / "game"
STATIC = Path(__file__).with_name("kernel_static")
LOADER = "costly_kernel.mjs"
MODULE = "costly_kernel.wasm"
TARGET = "_static/kernel"
# What the module exports beside its memory: costly_kernel.h's calls, and the allocator the loader copies
# the arrays in with.
EXPORTS = ("malloc", "free", "ck_out_new", "ck_out_free", "ck_out_data", "ck_out_length", "ck_out_clear",
           "ck_message", "ck_format", "ck_layout_size", "ck_layout_name", "ck_measures_size", "ck_measure_name",
           "ck_play", "ck_tally", "ck_winners", "ck_win_table")
FLAGS = ("--target=wasm32-wasi", "-mexec-model=reactor", "-O2", "-std=c11", "-s", "-fvisibility=hidden")


class WasmKernelError(CostlyError):
    """The WebAssembly kernel could not be built: no ``ziglang``, the compiler failed, or the module asks
    for imports."""


def units() -> list[Path]:
    """The kernel's C units without Python (every ``_kernel_*.c``), in a fixed order."""
    return sorted(GAME.glob("_kernel_*.c"))


def _zig() -> list[str]:
    """The command of the ``ziglang`` package's C compiler (``python -m ziglang cc``)."""
    try:
        import ziglang  # type: ignore[import-not-found]  # noqa: F401
    except ImportError:
        raise WasmKernelError("the WebAssembly kernel needs the ziglang package (pip install "
                              "'costly-variants[docs]')") from None
    return [sys.executable, "-m", "ziglang"]


def _key(zig: list[str]) -> str:
    version = subprocess.run([*zig, "version"], capture_output=True, text=True, timeout=120).stdout.strip()
    digest = hashlib.sha256("\0".join((version, *FLAGS, *EXPORTS)).encode())
    for path in [*units(), *sorted(GAME.glob("*.h"))]:
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:20]


def imports(module: bytes) -> int:
    """How many imports a WebAssembly module declares (its import section's count; 0 without one)."""
    if module[:8] != b"\0asm\x01\0\0\0":
        raise WasmKernelError("not a WebAssembly module")

    def leb(at: int) -> tuple[int, int]:
        value = shift = 0
        while True:
            byte = module[at]
            value |= (byte & 0x7F) << shift
            at, shift = at + 1, shift + 7
            if byte < 0x80:
                return value, at

    at = 8
    while at < len(module):
        section, at = module[at], at + 1
        size, at = leb(at)
        if section == 2:
            return leb(at)[0]
        at += size
    return 0


def build(out: Path, *, cache: Path | None = None) -> Path:
    """``costly_kernel.wasm`` written to ``out`` (a file), from the cache where its sources were compiled
    before; raises WasmKernelError where it cannot be built."""
    zig = _zig()
    key = _key(zig)
    base = cache_dir() if cache is None else cache
    folder = (base if base is not None else Path(tempfile.gettempdir()) / "costly-variants") / "wasm-kernel"
    kept = folder / f"costly_kernel-{key}.wasm"
    if not kept.is_file():
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=folder, prefix=".build-") as work:
            made = Path(work) / MODULE
            command = [*zig, "cc", *FLAGS, *(f"-Wl,--export={name}" for name in EXPORTS), "-o", str(made),
                       *(str(path) for path in units())]
            try:
                done = subprocess.run(command, capture_output=True, text=True, timeout=1800)
            except subprocess.TimeoutExpired:
                raise WasmKernelError("compiling the WebAssembly kernel took more than 30 minutes") from None
            if done.returncode != 0 or not made.is_file():
                lines = [line for line in (done.stderr or done.stdout).splitlines() if line.strip()]
                raise WasmKernelError(f"compiling the WebAssembly kernel failed: {(lines or ['no module'])[0]}")
            count = imports(made.read_bytes())
            if count:
                raise WasmKernelError(f"the WebAssembly kernel asks for {count} imports; it must need none")
            os.replace(made, kept)
    out.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(kept, out)
    return out


def ship(outdir: Path) -> list[Path]:
    """The module and its loader, in ``_static/kernel/`` of the built site ``outdir``."""
    target = outdir / TARGET
    module = build(target / MODULE)
    loader = target / LOADER
    shutil.copyfile(STATIC / LOADER, loader)
    return [module, loader]


def _write(app: Any, exception: Exception | None) -> None:
    from sphinx.util import logging

    if exception is not None or app.builder.format != "html":
        return
    try:
        ship(Path(app.outdir))
    except WasmKernelError as exc:
        logging.getLogger(__name__).warning("costly: the site has no WebAssembly kernel: %s", exc)


def setup(app: Any) -> dict[str, Any]:
    from .._version import __version__

    app.connect("build-finished", _write)
    return {"version": __version__, "parallel_read_safe": True, "parallel_write_safe": True}


__all__ = ["EXPORTS", "FLAGS", "LOADER", "MODULE", "TARGET", "WasmKernelError", "build", "imports", "ship", "units"]
