"""The WebAssembly kernel (site/wasm_kernel.py's build of the kernel's C units, loaded by costly_kernel.mjs)
plays the native kernel's games and the Python engine's, in Node: the same records byte for byte as the
native kernel for the same arrays, and the engine's games action by action (test_kernel.same_games with
the WebAssembly kernel in the native one's place), on every bundled profile and random house profiles."""
from __future__ import annotations

import base64
import hashlib
import json
import random
import shutil
import subprocess
import zlib
from array import array
from pathlib import Path
from typing import Any, Iterator

import pytest

from costly_variants import profiles
from costly_variants.chances import board as chances_board
from costly_variants.chances.deals import sample
from costly_variants.runs.runner import seeds_for
from costly_variants.runs.tally import KernelLayout
from costly_variants.game import kernel
from costly_variants.site import wasm_kernel

from .slow import few_and_many
from .test_kernel import same_games, same_games_on_house_profiles

NODE = shutil.which("node") or shutil.which("nodejs")
SERVER = Path(__file__).with_name("wasm_kernel_server.mjs")
pytestmark = [pytest.mark.skipif(NODE is None, reason="Node is not installed"),
              pytest.mark.skipif(not kernel.available(), reason="the native kernel was not built here")]


def _b64(buffer: Any) -> str | None:
    return None if buffer is None else base64.b64encode(memoryview(buffer).cast("B")).decode("ascii")


class NodeKernel:
    """The WebAssembly kernel in a Node process, with the native module's calls (as kernel_js.JsKernel has
    them in the browser): the same arrays in, the same bytes out, over costly_kernel.mjs's *Bytes calls."""

    FORMAT = kernel.KERNEL_FORMAT

    def __init__(self, loader: Path, module: Path) -> None:
        self.process = subprocess.Popen([NODE, str(SERVER), str(loader), str(module)], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True)

    def ask(self, call: str, *args: Any) -> Any:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps({"call": call, "args": list(args)}) + "\n")
        self.process.stdin.flush()
        answer = json.loads(self.process.stdout.readline())
        if "error" in answer:
            raise ValueError(answer["error"])
        return answer["ok"]

    def layout(self) -> tuple[str, ...]:
        return tuple(self.ask("layout"))

    def measures(self) -> tuple[str, ...]:
        return tuple(self.ask("measures"))

    def play(self, rules, bots, seeds, eldest_counts, trace) -> bytes:
        return base64.b64decode(self.ask("play", _b64(rules), _b64(bots), _b64(seeds), eldest_counts, trace))

    def tally(self, rules, bots, seeds, eldest_counts, slots, n_slots, n_names, base, keep) -> bytes | None:
        out = self.ask("tally", _b64(rules), _b64(bots), _b64(seeds), eldest_counts, _b64(slots), n_slots, n_names,
                       _b64(base), keep)
        return None if out is None else base64.b64decode(out)

    def winners(self, rules, bots, seeds) -> bytes:
        return base64.b64decode(self.ask("winners", _b64(rules), _b64(bots), _b64(seeds)))

    def win_table(self, deals, target, peg_out, mirrored) -> bytes:
        return base64.b64decode(self.ask("winTable", _b64(deals), target, peg_out, mirrored))

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait(timeout=60)


@pytest.fixture(scope="module")
def site_kernel(tmp_path_factory) -> Iterator[NodeKernel]:
    """The module and loader as the site's build ships them (``wasm_kernel.ship``), running in Node."""
    pytest.importorskip("ziglang")
    out = tmp_path_factory.mktemp("site")
    module, loader = wasm_kernel.ship(out)
    assert (module.parent, module.name, loader.name) == (out / "_static" / "kernel", "costly_kernel.wasm",
                                                         "costly_kernel.mjs")
    node = NodeKernel(loader, module)
    yield node
    node.close()


@pytest.fixture
def wasm(site_kernel, monkeypatch) -> NodeKernel:
    """kernel.py with the WebAssembly kernel in the native module's place."""
    monkeypatch.setattr(kernel, "KERNEL", site_kernel)
    return site_kernel


def native_and_wasm(monkeypatch, site_kernel, call):
    """``call()`` with the native kernel, then with the WebAssembly kernel."""
    native = call()
    with monkeypatch.context() as patch:
        patch.setattr(kernel, "KERNEL", site_kernel)
        return native, call()


def test_the_module_needs_no_imports_and_names_what_the_native_kernel_names(site_kernel, tmp_path):
    module = tmp_path / "k.wasm"
    wasm_kernel.build(module)
    assert wasm_kernel.imports(module.read_bytes()) == 0
    assert site_kernel.layout() == kernel.KERNEL.layout() and site_kernel.measures() == kernel.KERNEL.measures()
    # a module asking for one import (env.f: () -> ()) is seen as one
    asking = bytes.fromhex("0061736d01000000" "010401600000" "0209010365" "6e7601660000")
    assert wasm_kernel.imports(asking) == 1


PAIRINGS = [("greedy",), ("expert",), ("random", "greedy"), ("expert", "random"), ("search", "expert")]


@pytest.mark.parametrize("bots", PAIRINGS, ids="-".join)
@pytest.mark.parametrize("profile_id", profiles.bundled_ids())
def test_the_wasm_kernel_plays_the_native_kernels_and_the_engines_games(profile_id, bots, site_kernel, monkeypatch):
    rules = profiles.load(profile_id).rules
    seeds = seeds_for(zlib.crc32(profile_id.encode()) % 1000 + len(bots), 2 if "search" in bots else 8)
    table, seats = kernel._rules_array(rules, bots), kernel._seats(rules, bots)
    inside = array("Q", seeds)
    native = kernel.KERNEL.play(table, seats, inside, True, True)
    assert site_kernel.play(table, seats, inside, True, True) == native  # the records, byte for byte
    assert site_kernel.winners(table, seats, inside) == kernel.KERNEL.winners(table, seats, inside)
    with monkeypatch.context() as patch:
        patch.setattr(kernel, "KERNEL", site_kernel)
        assert same_games(rules, bots, seeds) == 0  # the engine's games, action by action


@pytest.mark.parametrize("profile_id", ["cotton-1674", "eddowes-burne-1874", "parlett-121"])
def test_the_wasm_kernels_tally_is_the_native_kernels(profile_id, site_kernel, monkeypatch):
    """The sums compare adds, and the cross sums against a first rule set's kept games."""
    first, rules = profiles.load("cotton-1674").rules, profiles.load(profile_id).rules
    layout = KernelLayout([kernel.compiled(first).kinds, kernel.compiled(rules).kinds])
    seeds = seeds_for(11, 200)

    def both() -> tuple[Any, Any]:
        base = kernel.tally(first, ("greedy",), seeds, layout, eldest_counts=True, keep=True)
        assert base is not None
        return base, kernel.tally(rules, ("greedy", "expert"), seeds, layout, eldest_counts=True,
                                  base=base["vectors"], keep=True)

    native, wasm = native_and_wasm(monkeypatch, site_kernel, both)
    assert wasm == native and native[1]["games"] == 200 and native[1]["decisive_cross"]


def test_the_wasm_kernel_refuses_bad_arrays_with_the_native_kernels_words(wasm):
    rules = profiles.load("cotton-1674").rules
    table = kernel.compiled(rules).table
    with pytest.raises(ValueError, match="kernel: one bot a seat"):
        wasm.play(table, bytes([1, 1, 1]), array("Q", [1]), False, False)
    with pytest.raises(ValueError, match="win table"):
        wasm.play(table, bytes([4, 4]), array("Q", [1]), False, False)
    with pytest.raises(ValueError, match="not one kernel.py made"):
        wasm.play(table[:-1], bytes([1, 1]), array("Q", [1]), False, False)


def test_the_loaders_typed_calls_read_the_records_as_kernel_py_does(site_kernel):
    """What a page's script gets from kernel.play and kernel.tally: kernel.py's reading of the same games."""
    rules = profiles.load("eddowes-burne-1874").rules
    bots, seeds = ("expert", "greedy"), seeds_for(4, 12)
    table, seats = kernel._rules_array(rules, bots), kernel._seats(rules, bots)
    games = site_kernel.ask("playGames", _b64(table), _b64(seats), _b64(array("Q", seeds)), True)
    python = kernel.play(rules, bots, seeds, eldest_counts=True, trace=True)
    assert games == [None if game is None else {
        **game._asdict(), "scores": list(game.scores), **{k: list(getattr(game, k)) for k in
                                                           ("gaps", "kinds", "eldest_counts", "actions", "events")}}
        for game in python]
    layout = KernelLayout([kernel.compiled(rules).kinds])
    slots = layout.slots(kernel.compiled(rules).kinds)
    sums = site_kernel.ask("tallySums", _b64(table), _b64(seats), _b64(array("Q", seeds)), _b64(slots),
                           len(layout.keys), len(layout.names))
    native = kernel.tally(rules, bots, seeds, layout, keep=True)
    assert native is not None
    assert sums == {**{k: [list(t) for t in v] if k in ("deals", "decisive", "decisive_cross") else v
                       for k, v in native.items()}, "vectors": _b64(native["vectors"])}


@pytest.mark.parametrize("profile_id", ["cotton-1674", "eddowes-burne-1874-partners"])
def test_the_wasm_kernel_works_out_the_native_kernels_win_table(profile_id, site_kernel, monkeypatch):
    """The board search's table worked out as the Play page works it out under house rules (chances.board:
    the deals sampled and the dynamic programme, in WebAssembly): the native kernel's, to the bit."""
    rules = profiles.load(profile_id).rules
    deals = chances_board.flat(sample(rules, chances_board.BOARD_BOTS, 2000, 3))
    for peg_out, mirrored in ((True, True), (False, False)):
        native, wasm = native_and_wasm(monkeypatch, site_kernel, lambda: kernel.win_table(
            deals, rules.target, peg_out=peg_out, mirrored=mirrored))
        assert wasm == native
    native_board, wasm_board = native_and_wasm(monkeypatch, site_kernel, lambda: chances_board.board(rules))
    assert wasm_board == native_board
    with pytest.raises(ValueError, match="kernel: the deals array is not one kernel.py made"):
        site_kernel.win_table(array("i", [0, 2, 0, 3]), 10, True, True)
    with pytest.raises(ValueError, match="kernel: the target 0 is out of range"):
        site_kernel.win_table(array("i", [0, 1, 0, 3]), 0, True, True)


@pytest.mark.parametrize("examples", few_and_many(40, few=6))
def test_the_wasm_kernel_plays_the_engines_games_on_random_house_profiles(examples, tmp_path, wasm):
    same_games_on_house_profiles(examples, tmp_path,
                                 lambda values: [random.Random(str(values)).getrandbits(64) for _ in range(2)])


PYODIDE_CODE = """
import hashlib
import json
from costly_variants.runs.tally import KernelLayout
from costly_variants.game import kernel
from costly_variants.profiles.resolved import profile_from_json

assert kernel.available() and type(kernel.KERNEL).__name__ == "JsKernel"
jobs = json.loads({jobs!r})
out = []
for job in jobs:
    rules = profile_from_json(job["profile"]).rules
    bots, seeds = tuple(job["bots"]), job["seeds"]
    games = kernel.play(rules, bots, seeds, eldest_counts=True, trace=True)
    layout = KernelLayout([kernel.compiled(rules).kinds])
    sums = kernel.tally(rules, bots, seeds, layout, keep=True)
    out.append({{"games": [None if g is None else list(g._asdict().values()) for g in games],
                "sums": {{k: (v.hex() if isinstance(v, bytes) else v) for k, v in sums.items()}},
                "winners": list(kernel.winners(rules, bots, seeds))}})
# The board search's table as the Play page works it out under house rules (no numpy here), as a digest
from costly_variants.chances.board import board
table = board(profile_from_json(jobs[0]["profile"]).rules)
out.append(hashlib.sha256(repr((table.flat(), table.peg_out)).encode()).hexdigest())
json.dumps(out)
"""


@pytest.mark.slow
def test_python_under_pyodide_plays_its_games_in_the_wasm_kernel(site_kernel, tmp_path):
    """In the browser's Python (the Pyodide the site ships, in Node), kernel.available() is true once the page
    has set globalThis.costlyKernel (even for a kernel module imported before), and kernel.play, tally and
    winners give what the native kernel gives for the same rules and seeds; the board search's table worked
    out there without numpy (chances.board, as the Play page does under house rules) is the terminal's."""
    from costly_variants.profiles.display import profile_json
    from costly_variants.site import play, pyodide

    try:
        folder = tmp_path / "pyodide"
        pyodide.unpack(pyodide.tarball(), folder)
    except pyodide.PyodideError as exc:
        pytest.skip(f"no Pyodide here: {exc}")
    engine = play.package_document(tmp_path / "engine.json")
    out = tmp_path / "site"
    module, loader = wasm_kernel.ship(out)
    cases = [("cotton-1674", ("greedy",)), ("eddowes-burne-1874-partners", ("expert", "random")),
             ("parlett-121", ("search-points", "greedy"))]
    jobs, expected = [], []
    for profile_id, bots in cases:
        profile = profiles.load(profile_id)
        seeds = seeds_for(9, 3 if "search-points" in bots else 30)
        jobs.append({"profile": json.loads(json.dumps(profile_json(profile))), "bots": list(bots), "seeds": seeds})
        rules = profile.rules
        games = kernel.play(rules, bots, seeds, eldest_counts=True, trace=True)
        sums = kernel.tally(rules, bots, seeds, KernelLayout([kernel.compiled(rules).kinds]), keep=True)
        assert sums is not None
        expected.append({"games": [None if g is None else json.loads(json.dumps(list(g._asdict().values())))
                                   for g in games],
                         "sums": json.loads(json.dumps({k: (v.hex() if isinstance(v, bytes) else v)
                                                        for k, v in sums.items()})),
                         "winners": list(kernel.winners(rules, bots, seeds) or b"")})
    from costly_variants.chances.store import board_table

    table = board_table(profiles.load(cases[0][0]).rules)  # the terminal's (numpy's), in the browser's Python
    expected.append(hashlib.sha256(repr((table.flat(), table.peg_out)).encode()).hexdigest())
    code = tmp_path / "check.py"  # a file, not an argument: the profiles' evidence outgrows one argument's limit
    code.write_text(PYODIDE_CODE.format(jobs=json.dumps(jobs)), encoding="utf-8")
    done = subprocess.run([NODE, str(Path(__file__).with_name("pyodide_kernel_check.mjs")), str(folder), str(engine),
                           str(loader), str(module), str(code)],
                          capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr[-3000:]
    assert json.loads(done.stdout) == expected
