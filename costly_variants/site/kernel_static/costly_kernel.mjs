// costly_kernel.mjs: the compiled self-play kernel in WebAssembly, for a page, a Web Worker or Node.
//
// The same C units as the Python package's native kernel (costly_variants/game/_kernel_*.c, interface
// costly_kernel.h), compiled at the site's build by costly_variants/site/wasm_kernel.py to
// costly_kernel.wasm, shipped beside this file in the built site (_static/kernel/). Nothing is fetched
// but that file. It plays exactly the Python engine's games (tests/test_wasm_kernel.py holds it, the
// native kernel and the engine to the same games).
//
// Use:
//   import { loadKernel } from "./costly_kernel.mjs";
//   const kernel = await loadKernel();            // or loadKernel(url | path | bytes | WebAssembly.Module)
//   const games = kernel.play(rules, bots, seeds, { trace: true });
//   const sums = kernel.tally(rules, bots, seeds, { slots, nSlots, nNames });
//   const won = kernel.winners(rules, bots, seeds);
//   const chances = kernel.winTable(deals, target, { pegOut, mirrored });  // the win table's programme
//
// The arrays are those costly_variants/game/kernel.py builds for the native kernel:
//   rules  Int32Array (or numbers): kernel._rules_array(rules, bots), the compiled rules (their header named
//          by kernel.layout, in order), with the board search's win table after them where a seat plays
//          "search";
//   bots   Uint8Array (or numbers): kernel._seats(rules, bots), one bot code a seat (kernel.BOT_CODES:
//          0 random, 1 greedy, 2 expert, 3 search-points, 4 search);
//   seeds  BigUint64Array (or numbers / BigInts), one game a seed, each in 0..2**64-1;
//   slots  Int32Array: runs.tally.KernelLayout.slots(kinds), four a kind of score;
//   deals  Int32Array (or numbers): chances.board.flat(deals), the deals a win table is worked out from.
// A bad array throws an Error whose message is the kernel's ("kernel: ...").
//
// Python under Pyodide calls it as globalThis.costlyKernel (KERNEL_GLOBAL below): set that to a loaded
// kernel before Python plays games, e.g. in the Play page's worker
//   globalThis.costlyKernel = await loadKernel(new URL("../kernel/costly_kernel.wasm", import.meta.url));
// and costly_variants.game.kernel (through game/kernel_js.py) uses it: kernel.available() is then true
// and simulate and compare play in WebAssembly. Its *Bytes calls are what kernel_js.py calls.

export const KERNEL_GLOBAL = "costlyKernel";
// Must equal CK_FORMAT of costly_kernel.h and kernel.KERNEL_FORMAT.
export const FORMAT = 3;
const LEAD_POINTS = 11;
const EXPORTS = ["memory", "malloc", "free", "ck_out_new", "ck_out_free", "ck_out_data", "ck_out_length",
  "ck_message", "ck_format", "ck_layout_size", "ck_layout_name", "ck_measures_size", "ck_measure_name",
  "ck_play", "ck_tally", "ck_winners", "ck_win_table"];
const MAX_TARGET = 100000; // ck_win_table's

const isNode = typeof process !== "undefined" && process.versions != null && process.versions.node != null;

async function moduleOf(source) {
  if (source instanceof WebAssembly.Module) return source;
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) return WebAssembly.compile(source);
  const url = source === undefined ? new URL("./costly_kernel.wasm", import.meta.url)
    : source instanceof URL ? source : null;
  if (isNode && (url === null ? !/^[a-z]+:\/\//i.test(String(source)) : url.protocol === "file:")) {
    const { readFile } = await import("node:fs/promises");
    return WebAssembly.compile(await readFile(url ?? String(source)));
  }
  const response = await fetch(url ?? source);
  if (!response.ok) throw new Error(`kernel: ${response.url || source}: ${response.status} ${response.statusText}`);
  return WebAssembly.compile(await response.arrayBuffer());
}

// The kernel from `source` (a URL or its text, a file path under Node, the module's bytes, or a compiled
// WebAssembly.Module; by default costly_kernel.wasm beside this file).
export async function loadKernel(source) {
  const instance = await WebAssembly.instantiate(await moduleOf(source), {});
  return new Kernel(instance.exports);
}

function int32s(values) { return values instanceof Int32Array ? values : Int32Array.from(values); }
function uint8s(values) { return values instanceof Uint8Array ? values : Uint8Array.from(values); }
function seedsOf(values) {
  return values instanceof BigUint64Array ? values : BigUint64Array.from(values, (seed) => BigInt(seed));
}

export class Kernel {
  constructor(exports) {
    for (const name of EXPORTS) {
      if (!(name in exports)) throw new Error(`kernel: the WebAssembly module has no ${name}`);
    }
    this.x = exports;
    if (typeof exports._initialize === "function") exports._initialize();
    this.format = exports.ck_format();
    if (this.format !== FORMAT) throw new Error(`kernel: the module's format is ${this.format}, not ${FORMAT}`);
    // The names of the rules array's header, in order, and of a game's whole-number measures.
    this.layout = Array.from({ length: exports.ck_layout_size() }, (_, i) => this.text(exports.ck_layout_name(i)));
    this.measures = Array.from({ length: exports.ck_measures_size() }, (_, i) => this.text(exports.ck_measure_name(i)));
  }

  text(pointer) {
    const bytes = new Uint8Array(this.x.memory.buffer, pointer);
    return new TextDecoder().decode(bytes.subarray(0, bytes.indexOf(0)));
  }

  // The typed arrays copied into the module's memory, `call` run on their addresses and lengths (in items),
  // everything freed after; a status below 0 thrown as the kernel's message.
  withArrays(arrays, call) {
    const pointers = [];
    try {
      for (const array of arrays) {
        if (array === null) { pointers.push(0); continue; }
        const pointer = this.x.malloc(Math.max(array.byteLength, 1));
        if (!pointer) throw new Error("kernel: out of memory");
        pointers.push(pointer);
        new Uint8Array(this.x.memory.buffer, pointer, array.byteLength)
          .set(new Uint8Array(array.buffer, array.byteOffset, array.byteLength));
      }
      return call(...pointers);
    } finally {
      for (const pointer of pointers) if (pointer) this.x.free(pointer);
    }
  }

  check(status) {
    if (status < 0) throw new Error(this.text(this.x.ck_message(status)));
    return status;
  }

  // A call appending to a fresh ck_out; its int64 (a copy), or null where the status is CK_ENGINE.
  withOut(call) {
    const out = this.x.ck_out_new();
    if (!out) throw new Error("kernel: out of memory");
    try {
      if (this.check(call(out)) === 1) return null;
      const length = this.x.ck_out_length(out);
      return new BigInt64Array(this.x.memory.buffer, this.x.ck_out_data(out), length).slice();
    } finally {
      this.x.ck_out_free(out);
    }
  }

  // ck_play's records (costly_kernel.h), int64.
  playRecords(rules, bots, seeds, { eldestCounts = false, trace = false } = {}) {
    const [r, b, s] = [int32s(rules), uint8s(bots), seedsOf(seeds)];
    return this.withArrays([r, b, s], (rp, bp, sp) => this.withOut((out) => this.x.ck_play(
      rp, r.length, bp, b.length, sp, s.length, eldestCounts ? 1 : 0, trace ? 1 : 0, out)));
  }

  // ck_tally's record (costly_kernel.h), int64; null where a game must go to the Python engine.
  tallyRecord(rules, bots, seeds, { eldestCounts = false, slots, nSlots, nNames, base = null, keep = false }) {
    const [r, b, s, k] = [int32s(rules), uint8s(bots), seedsOf(seeds), int32s(slots)];
    const bases = base === null ? null : base instanceof BigInt64Array ? base : BigInt64Array.from(base, BigInt);
    return this.withArrays([r, b, s, k, bases], (rp, bp, sp, kp, ap) => this.withOut((out) => this.x.ck_tally(
      rp, r.length, bp, b.length, sp, s.length, eldestCounts ? 1 : 0, kp, k.length, nSlots, nNames, ap,
      bases === null ? 0 : bases.length, keep ? 1 : 0, out)));
  }

  // Each game's winning side (0 or 1), or 255 where the Python engine must play it.
  winners(rules, bots, seeds) {
    const [r, b, s] = [int32s(rules), uint8s(bots), seedsOf(seeds)];
    const won = new Uint8Array(s.length);
    return this.withArrays([r, b, s, won], (rp, bp, sp, wp) => {
      this.check(this.x.ck_winners(rp, r.length, bp, b.length, sp, s.length, wp));
      return new Uint8Array(this.x.memory.buffer, wp, s.length).slice();
    });
  }

  // The win table's dynamic programme over sampled deals (ck_win_table, costly_kernel.h): a Float64Array of
  // side A's chance at (a * target + b) * 2 + dealer, then its chance from equal scores past the target, by
  // who deals next.
  winTable(deals, target, { pegOut = true, mirrored = true } = {}) {
    if (!Number.isInteger(target) || target < 1 || target > MAX_TARGET) {
      throw new Error(`kernel: the target ${target} is out of range`);
    }
    const d = int32s(deals);
    const n = 2 * target * target + 2;
    const chances = new Float64Array(n);
    return this.withArrays([d, chances], (dp, cp) => {
      this.check(this.x.ck_win_table(dp, d.length, target, pegOut ? 1 : 0, mirrored ? 1 : 0, cp));
      return new Float64Array(this.x.memory.buffer, cp, n).slice();
    });
  }

  // One game a seed: null where the Python engine must play it, else what kernel.KernelGame holds (its
  // field names), numbers.
  play(rules, bots, seeds, options = {}) {
    const v = this.playRecords(rules, bots, seeds, options);
    const count = seedsOf(seeds).length;
    const games = [];
    let at = 0;
    const next = () => Number(v[at++]);
    const ints = () => { const n = next(); const out = Array.from(v.subarray(at, at + n), Number); at += n; return out; };
    for (let i = 0; i < count; i++) {
      if (!next()) { games.push(null); continue; }
      const [winner, first, deals, score0, score1, edge, decided, changes, drama, decisive] =
        Array.from({ length: 10 }, next);
      const game = { winner, first_dealer_won: first === 1, deals, scores: [score0, score1], dealer_edge: edge,
        decided_by: decided, lead_changes: changes, drama, decisive_deal: decisive,
        gaps: ints(), kinds: ints(), eldest_counts: ints() };
      if (options.trace) { game.actions = ints(); game.events = ints(); }
      games.push(game);
    }
    return games;
  }

  // A chunk's sums as kernel.read_tally gives them (numbers; the kept games as a BigInt64Array or null),
  // or null where a game must go to the Python engine.
  tally(rules, bots, seeds, options) {
    const v = this.tallyRecord(rules, bots, seeds, options);
    if (v === null) return null;
    const { nSlots, nNames, keep = false } = options;
    let at = 1;
    const take = (n) => { const out = Array.from(v.subarray(at, at + n), Number); at += n; return out; };
    const out = { games: Number(v[0]) };
    for (const name of ["total", "squares", "by_deals", "cross_ab", "cross_ad", "cross_da"]) out[name] = take(nSlots);
    out.eldest_pair = take(3);
    out.lead = take(LEAD_POINTS);
    out.wins = take(2);
    out.names = take(nNames);
    out.named = take(nNames);
    for (const [name, parts] of [["deals", 1], ["decisive", 2], ["decisive_cross", 4]]) {
      const n = Number(v[at++]);
      out[name] = Array.from({ length: n }, () => take(parts + 1));
    }
    out.vectors = keep ? v.slice(at) : null;
    return out;
  }

  // For Python under Pyodide (game/kernel_js.py): the same calls over bytes (Uint8Arrays of the native
  // arrays' bytes, little-endian as WebAssembly is), answering bytes (the int64 records) or null.
  playBytes(rules, bots, seeds, eldestCounts, trace) {
    return bytesOf(this.playRecords(view(rules, Int32Array), bots, view(seeds, BigUint64Array),
      { eldestCounts, trace }));
  }

  tallyBytes(rules, bots, seeds, eldestCounts, slots, nSlots, nNames, base, keep) {
    return bytesOf(this.tallyRecord(view(rules, Int32Array), bots, view(seeds, BigUint64Array), {
      eldestCounts, slots: view(slots, Int32Array), nSlots, nNames,
      base: base == null ? null : view(base, BigInt64Array), keep }));
  }

  winnersBytes(rules, bots, seeds) {
    return this.winners(view(rules, Int32Array), bots, view(seeds, BigUint64Array));
  }

  winTableBytes(deals, target, pegOut, mirrored) {
    return bytesOf(this.winTable(view(deals, Int32Array), target, { pegOut, mirrored }));
  }
}

function view(bytes, Type) {
  const copy = bytes.slice(); // aligned, and the caller's buffer left alone
  return new Type(copy.buffer, copy.byteOffset, copy.byteLength / Type.BYTES_PER_ELEMENT);
}

function bytesOf(values) {
  return values === null ? null : new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
}
