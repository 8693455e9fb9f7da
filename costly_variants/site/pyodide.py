"""The docs build's Pyodide step: the ``pyodide`` package of the npm registry, at a pinned version, copied
into the built site, so that the Play page runs Python from the site itself (no CDN at run time: the site
works offline and from any static host).

``npm pack pyodide@VERSION`` fetches the package's tarball into a cache folder once; its SHA-512 is
checked against the pinned one before anything is unpacked, and only the files the core needs to start
(``CORE_FILES``: the loader, the WebAssembly module and its JavaScript, the standard library, the lock
file) are copied, to ``_static/pyodide/`` of the built site. The cache folder is
``$COSTLY_PYODIDE_CACHE``, else ``pyodide/`` in the user's cache (see ``costly_variants.cache``), else a
temporary folder.
"""
from __future__ import annotations

import base64
import hashlib
import json
import os
import shutil
import subprocess
import tarfile
import tempfile
from pathlib import Path

from ..cache import cache_dir
from ..errors import CostlyError

VERSION = "0.29.3"
# The npm registry's integrity of pyodide-0.29.3.tgz (npm view pyodide@0.29.3 dist.integrity).
INTEGRITY = "sha512-22UBuhOJawj7vKUnS7/F3xK+515LJdjiMAHoCfuS6/PbHiOrSQVnYwDe+2sbVwiOZ3sMMexdXICew6NqOMQGgA=="
# What loadPyodide({indexURL}) reads to start the interpreter with the standard library: no packages of
# Pyodide's own are loaded (the engine needs none), so none are shipped.
CORE_FILES = ("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json",
              "package.json")
TARGET = "_static/pyodide"


class PyodideError(CostlyError):
    """Pyodide could not be had for the site: npm missing, the registry unreachable, a damaged tarball."""


def _cache_folder() -> Path:
    chosen = os.environ.get("COSTLY_PYODIDE_CACHE")
    if chosen:
        return Path(chosen)
    base = cache_dir()
    return (base if base is not None else Path(tempfile.gettempdir()) / "costly-variants") / "pyodide"


def _integrity(path: Path) -> str:
    digest = hashlib.sha512(path.read_bytes()).digest()
    return "sha512-" + base64.b64encode(digest).decode("ascii")


def tarball(folder: Path | None = None) -> Path:
    """The pinned tarball, from the cache or fetched with ``npm pack``; its integrity checked."""
    folder = folder or _cache_folder()
    path = folder / f"pyodide-{VERSION}.tgz"
    if path.is_file() and _integrity(path) == INTEGRITY:
        return path
    npm = shutil.which("npm")
    if npm is None:
        raise PyodideError("the Play page needs Pyodide from the npm registry, and npm is not installed "
                           "(apt-get install npm)")
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=folder, prefix=".npm-pack-") as work:
        done = subprocess.run([npm, "pack", f"pyodide@{VERSION}", "--pack-destination", work, "--silent"],
                              capture_output=True, text=True, cwd=work, timeout=600)
        packed = Path(work) / path.name
        if done.returncode != 0 or not packed.is_file():
            why = (done.stderr.strip().splitlines() or ["no tarball written"])[-1]
            raise PyodideError(f"npm pack pyodide@{VERSION} failed: {why}")
        if _integrity(packed) != INTEGRITY:
            raise PyodideError(f"npm pack pyodide@{VERSION}: the tarball's SHA-512 is not the pinned one; "
                               "refusing to ship it")
        os.replace(packed, path)
    return path


def unpack(archive: Path, target: Path) -> list[Path]:
    """The core files of the tarball (``package/NAME``), written to ``target``; nothing else is read out."""
    target.mkdir(parents=True, exist_ok=True)
    written = []
    with tarfile.open(archive, "r:gz") as tar:
        members = {m.name: m for m in tar.getmembers() if m.isfile()}
        for name in CORE_FILES:
            member = members.get(f"package/{name}")
            if member is None:
                raise PyodideError(f"{archive.name} has no {name}")
            source = tar.extractfile(member)
            assert source is not None
            out = target / name
            with source, open(out, "wb") as sink:
                shutil.copyfileobj(source, sink)
            written.append(out)
    return written


def ship(outdir: Path) -> list[Path]:
    """Copy Pyodide's core into the built site at ``_static/pyodide/``."""
    return unpack(tarball(), outdir / TARGET)


def lock_info(folder: Path) -> dict[str, str]:
    """The ``info`` of the shipped lock file: with no packages, the whole lock file the page passes to
    ``loadPyodide`` (so that Pyodide neither fetches the lock file nor can load a package)."""
    return dict(json.loads((folder / "pyodide-lock.json").read_text(encoding="utf-8"))["info"])


__all__ = ["CORE_FILES", "INTEGRITY", "PyodideError", "TARGET", "VERSION", "lock_info", "ship", "tarball", "unpack"]
