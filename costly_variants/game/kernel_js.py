"""The compiled kernel in the browser: under Pyodide (``sys.platform == "emscripten"``), ``game.kernel``
plays its games in the WebAssembly kernel that the page has loaded, through JavaScript.

The site ships the kernel's C units compiled to WebAssembly with their loader (``_static/kernel/``:
``costly_kernel.wasm`` and ``costly_kernel.mjs``, built by ``site/wasm_kernel.py``). A page's worker loads
it and sets the global ``costlyKernel`` (``KERNEL_GLOBAL``) before Python plays games::

    import { loadKernel } from "../kernel/costly_kernel.mjs";
    globalThis.costlyKernel = await loadKernel(new URL("../kernel/costly_kernel.wasm", import.meta.url));

``JsKernel`` then answers ``kernel.py``'s calls as the native module ``_kernel`` does (the same arrays in,
the same int64 records out, read by ``kernel.read_games`` and ``kernel.read_tally``): the global is looked
up at each call, so a Pyodide memory snapshot taken before the page set it still finds it, and
``kernel.available()`` is true only once it is there.
"""
from __future__ import annotations

from typing import Any

KERNEL_GLOBAL = "costlyKernel"


def _global() -> Any:
    import js  # type: ignore[import-not-found]  # Pyodide's own module: the page's globals

    return getattr(js, KERNEL_GLOBAL, None)


def _to_js(buffer: Any) -> Any:
    """A Python buffer's bytes as a JavaScript Uint8Array (a copy)."""
    import js

    data = memoryview(buffer).cast("B")
    out = js.Uint8Array.new(len(data))
    out.assign(data)
    return out


def _to_bytes(answer: Any) -> bytes | None:
    return None if answer is None else bytes(answer.to_bytes())


class JsKernel:
    """The page's WebAssembly kernel with the native module's calls (``_kernel``: layout, measures, play,
    tally, winners, win_table, FORMAT)."""

    @property
    def FORMAT(self) -> int | None:  # noqa: N802 - the native module's name
        found = _global()
        return None if found is None else int(found.format)

    def ready(self) -> bool:
        """Whether the page has loaded the kernel (set the global)."""
        return _global() is not None

    def _kernel(self) -> Any:
        found = _global()
        if found is None:
            raise RuntimeError(f"the page has not loaded the WebAssembly kernel (globalThis.{KERNEL_GLOBAL})")
        return found

    def _call(self, name: str, *args: Any) -> Any:
        from pyodide.ffi import JsException  # type: ignore[import-not-found]

        try:
            return getattr(self._kernel(), name)(*args)
        except JsException as exc:  # the kernel's "kernel: ..." messages: a bad array, as the native module says
            message = str(exc)
            raise (MemoryError if "out of memory" in message else ValueError)(message.split(": ", 1)[-1]) from None

    def layout(self) -> tuple[str, ...]:
        return tuple(str(name) for name in self._kernel().layout)

    def measures(self) -> tuple[str, ...]:
        return tuple(str(name) for name in self._kernel().measures)

    def play(self, rules: Any, bots: bytes, seeds: Any, eldest_counts: bool, trace: bool) -> bytes:
        answer = _to_bytes(self._call("playBytes", _to_js(rules), _to_js(bots), _to_js(seeds), eldest_counts, trace))
        assert answer is not None
        return answer

    def tally(self, rules: Any, bots: bytes, seeds: Any, eldest_counts: bool, slots: Any, n_slots: int, n_names: int,
              base: bytes | None, keep: bool) -> bytes | None:
        return _to_bytes(self._call("tallyBytes", _to_js(rules), _to_js(bots), _to_js(seeds), eldest_counts,
                                    _to_js(slots), n_slots, n_names, None if base is None else _to_js(base), keep))

    def winners(self, rules: Any, bots: bytes, seeds: Any) -> bytes:
        answer = _to_bytes(self._call("winnersBytes", _to_js(rules), _to_js(bots), _to_js(seeds)))
        assert answer is not None
        return answer

    def win_table(self, deals: Any, target: int, peg_out: bool, mirrored: bool) -> bytes:
        answer = _to_bytes(self._call("winTableBytes", _to_js(deals), target, peg_out, mirrored))
        assert answer is not None
        return answer


__all__ = ["JsKernel", "KERNEL_GLOBAL"]

