// Times the WebAssembly kernel in Node on arrays bench_wasm_kernel.py wrote: node bench_wasm_kernel.mjs LOADER
// MODULE JOB.json -> one JSON line: the CPU seconds of each call (process.cpuUsage) and its winners (base64).
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [loader, module, job] = process.argv.slice(2);
const { loadKernel } = await import(pathToFileURL(loader).href);
const kernel = await loadKernel(module);
const bytes = (text) => new Uint8Array(Buffer.from(text, "base64"));
const out = [];
for (const call of JSON.parse(readFileSync(job, "utf8"))) {
  const rules = new Int32Array(bytes(call.rules).buffer);
  const seeds = new BigUint64Array(bytes(call.seeds).buffer);
  const bots = bytes(call.bots);
  kernel.winners(rules, bots, seeds.subarray(0, 10)); // warm: compiled, memory grown
  const before = process.cpuUsage();
  const won = kernel.winners(rules, bots, seeds);
  const used = process.cpuUsage(before);
  out.push({ seconds: (used.user + used.system) / 1e6, won: Buffer.from(won).toString("base64") });
}
process.stdout.write(JSON.stringify(out) + "\n");
