/**
 * Benchmark runner: imports every src/*.bench.ts, runs its exported `benchmarks`, prints a table and
 * writes bench/results.json. Usage: tsx src/run.ts [name filter] [--strict]
 */
import { readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import os from 'node:os';
import { type Benchmark, checkTarget, type Figures } from './lib.ts';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const strict = args.includes('--strict');
const filter = args.find((a) => !a.startsWith('--'))?.toLowerCase();

interface Result {
  module: string;
  name: string;
  figures: Figures;
  targets: Array<{ figure: string; op: string; value: number; label?: string; actual: number | null; pass: boolean }>;
  error?: string;
}

const fmt = (n: number | null) => (n === null ? '—' : Math.abs(n) >= 100 ? n.toFixed(0) : Math.abs(n) >= 1 ? n.toFixed(2) : n.toPrecision(3));

const results: Result[] = [];
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .sort();
for (const file of files) {
  const mod = (await import(pathToFileURL(join(here, file)).href)) as { benchmarks?: Benchmark[] };
  for (const b of mod.benchmarks ?? []) {
    if (filter && !b.name.toLowerCase().includes(filter) && !file.toLowerCase().includes(filter)) continue;
    process.stdout.write(`running ${b.name} (${file}) …\n`);
    const r: Result = { module: file, name: b.name, figures: {}, targets: [] };
    try {
      r.figures = await b.run();
      r.targets = b.targets.map((t) => ({ ...t, ...checkTarget(t, r.figures) }));
    } catch (e) {
      r.error = e instanceof Error ? e.message : String(e);
      r.targets = b.targets.map((t) => ({ ...t, actual: null, pass: false }));
    }
    results.push(r);
  }
}

for (const r of results) {
  console.log(`\n${r.name}${r.error ? `  FAILED: ${r.error}` : ''}`);
  const rows = Object.entries(r.figures).map(([k, v]) => [k, fmt(v)]);
  const w = Math.max(10, ...rows.map(([k]) => k!.length));
  for (const [k, v] of rows) console.log(`  ${k!.padEnd(w)}  ${v!.padStart(12)}`);
  for (const t of r.targets) console.log(`  ${t.pass ? 'PASS' : 'MISS'}  ${t.figure} ${t.op} ${t.value}${t.label ? `  (${t.label})` : ''}: ${fmt(t.actual)}`);
}

const out = {
  date: new Date().toISOString(),
  node: process.version,
  cpu: os.cpus()[0]?.model ?? 'unknown',
  benchmarks: results,
};
writeFileSync(join(here, '..', 'results.json'), `${JSON.stringify(out, null, 2)}\n`);
const missed = results.flatMap((r) => r.targets.filter((t) => !t.pass));
console.log(`\n${results.length} benchmark(s), ${missed.length} target(s) missed; written to bench/results.json`);
if (results.some((r) => r.error) || (strict && missed.length > 0)) process.exitCode = 1;
