import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { ENGINE_VERSION, sourceVersion } from './version.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A throw-away package folder with the given files (paths relative to the folder). */
function pkg(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'cpq-version-'));
  dirs.push(dir);
  for (const [rel, text] of Object.entries({ 'package.json': '{"version":"0.1.0"}', ...files })) {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  return dir;
}

describe('sourceVersion', () => {
  it('is the package version plus 12 hex digits of the source hash', () => {
    expect(sourceVersion(pkg({ 'src/index.ts': 'export const a = 1;' }))).toMatch(/^0\.1\.0\+[0-9a-f]{12}$/);
  });

  it('changes when a source file changes, is added or renamed', () => {
    const base = { 'src/index.ts': 'export const a = 1;', 'src/pricing/price.ts': 'export const p = 1;' };
    const v = sourceVersion(pkg(base));
    expect(sourceVersion(pkg(base))).toBe(v);
    expect(sourceVersion(pkg({ ...base, 'src/pricing/price.ts': 'export const p = 2;' }))).not.toBe(v);
    expect(sourceVersion(pkg({ ...base, 'src/costs/costs.ts': '' }))).not.toBe(v);
    expect(sourceVersion(pkg({ 'src/index.ts': base['src/index.ts'], 'src/pricing/prices.ts': base['src/pricing/price.ts'] }))).not.toBe(v);
    expect(sourceVersion(pkg({ ...base, 'package.json': '{"version":"0.2.0"}' }))).toMatch(/^0\.2\.0\+/);
  });

  it('ignores tests and files that do not ship', () => {
    const base = { 'src/index.ts': 'export const a = 1;' };
    const v = sourceVersion(pkg(base));
    expect(sourceVersion(pkg({ ...base, 'src/index.test.ts': 'test', 'src/types.test-d.ts': 'x', 'src/fixtures.test-utils.ts': 'x', 'src/render.test-utils.tsx': 'x', 'src/.index.ts.swp': 'x', 'README.md': 'x' }))).toBe(v);
  });
});

describe('ENGINE_VERSION', () => {
  it('is the source version of packages/domain (what @cpq/mf-config gives the browser builds)', () => {
    const domainDir = dirname(dirname(fileURLToPath(import.meta.url)));
    expect(ENGINE_VERSION).toBe(sourceVersion(domainDir));
  });
});
