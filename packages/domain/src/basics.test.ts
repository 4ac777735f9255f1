import { readFileSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as basics from './basics.ts';
import * as domain from './index.ts';

/** Libraries the portal's start-up must not load through this entry (decision 0113). */
const HEAVY = ['@sinclair/typebox', 'xstate'];

/** Every module `file` reaches through value imports and re-exports (type-only ones load nothing). */
function reachable(file: string, seen = new Map<string, string[]>()): Map<string, string[]> {
  if (seen.has(file)) return seen;
  const specifiers: string[] = [];
  seen.set(file, specifiers);
  const source = readFileSync(file, 'utf8');
  for (const m of source.matchAll(/^(?:import|export)\s+(type\s+)?(?:[^'";]*?\bfrom\s*)?['"]([^'"]+)['"]/gm)) {
    if (m[1]) continue;
    specifiers.push(m[2]!);
    if (m[2]!.startsWith('.')) {
      const target = resolve(dirname(file), m[2]!);
      if (existsSync(target)) reachable(target, seen);
    }
  }
  return seen;
}

describe('@cpq/domain/basics', () => {
  it('reaches neither the schema library nor the state machines', () => {
    const entry = join(import.meta.dirname, 'basics.ts');
    const offenders = [...reachable(entry)].flatMap(([file, specifiers]) =>
      specifiers.filter((s) => HEAVY.some((h) => s === h || s.startsWith(`${h}/`))).map((s) => `${relative(import.meta.dirname, file)} imports ${s}`),
    );
    expect(offenders).toEqual([]);
  });

  it('re-exports what @cpq/domain exports, the same values', () => {
    const names = Object.keys(basics);
    expect(names.length).toBeGreaterThan(20);
    for (const name of names) expect((domain as Record<string, unknown>)[name], name).toBe((basics as Record<string, unknown>)[name]);
  });
});
