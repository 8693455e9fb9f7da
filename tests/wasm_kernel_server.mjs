// The WebAssembly kernel answering calls over stdin/stdout, one JSON line each way, for
// tests/test_wasm_kernel.py: node wasm_kernel_server.mjs LOADER MODULE.
// A call: {"call": "play" | "tally" | "winners" | "winTable" | "layout" | "measures" | "playGames" | "tallySums", "args": [...]}
// (byte arrays in base64, as kernel_js.py passes them to the *Bytes calls); the answer {"ok": ...} or {"error": message}.
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";

const [loader, module] = process.argv.slice(2);
const { loadKernel } = await import(pathToFileURL(loader).href);
const kernel = await loadKernel(module);
const bytes = (text) => (text === null ? null : new Uint8Array(Buffer.from(text, "base64")));
const text = (array) => (array === null ? null : Buffer.from(array.buffer, array.byteOffset, array.byteLength).toString("base64"));
const asInts = (text, Type) => { const b = bytes(text).slice(); return new Type(b.buffer); };

const calls = {
  layout: () => kernel.layout,
  measures: () => kernel.measures,
  play: (rules, bots, seeds, eldest, trace) => text(kernel.playBytes(bytes(rules), bytes(bots), bytes(seeds), eldest, trace)),
  tally: (rules, bots, seeds, eldest, slots, nSlots, nNames, base, keep) =>
    text(kernel.tallyBytes(bytes(rules), bytes(bots), bytes(seeds), eldest, bytes(slots), nSlots, nNames, bytes(base), keep)),
  winners: (rules, bots, seeds) => text(kernel.winnersBytes(bytes(rules), bytes(bots), bytes(seeds))),
  winTable: (deals, target, pegOut, mirrored) => text(kernel.winTableBytes(bytes(deals), target, pegOut, mirrored)),
  // the typed calls, over plain arrays: what a page's script calls
  playGames: (rules, bots, seeds, trace) => kernel.play(asInts(rules, Int32Array), Array.from(bytes(bots)),
    Array.from(asInts(seeds, BigUint64Array)), { eldestCounts: true, trace }),
  tallySums: (rules, bots, seeds, slots, nSlots, nNames) => {
    const sums = kernel.tally(asInts(rules, Int32Array), bytes(bots), asInts(seeds, BigUint64Array),
      { slots: Array.from(asInts(slots, Int32Array)), nSlots, nNames, keep: true });
    return sums === null ? null : { ...sums, vectors: text(sums.vectors) };
  },
};

for await (const line of createInterface({ input: process.stdin })) {
  let answer;
  try {
    const { call, args } = JSON.parse(line);
    answer = { ok: calls[call](...args) };
  } catch (error) {
    answer = { error: String(error.message ?? error) };
  }
  process.stdout.write(JSON.stringify(answer) + "\n");
}
