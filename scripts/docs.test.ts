/**
 * Checks on the repository's own documents: every relative link in a markdown file, every repository
 * path a document names in code (`packages/domain/src/...`), and every `docs/....md` a source comment
 * cites points at a file that exists, so a renamed or moved file breaks a test instead of a reader; and
 * the README's folder map lists every workspace (each with a README of its own) and nothing that is gone.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** Generated, installed or local-only folders: not the project's documents. */
const SKIP = new Set(['node_modules', '.git', 'dist', 'data', 'test-results', 'playwright-report']);

function filesEndingWith(extensions: readonly string[], dir = ROOT, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIP.has(entry.name) && !entry.name.startsWith('.')) filesEndingWith(extensions, join(dir, entry.name), out);
    } else if (extensions.some((e) => entry.name.endsWith(e))) out.push(join(dir, entry.name));
  }
  return out;
}

/** Top-level folders whose paths documents name; build output and local data are not checked (not in a clone). */
const REPO_PATH = /^(?:api|bench|docs|e2e|org-plugins|packages|scripts|shell|mfe-[a-z]+)\/[\w./-]+\.(?:md|ts|tsx|mjs|json|css)$/;
const LOCAL_ONLY = /(?:^|\/)dist\/|^bench\/results\.json$/;

/** Repository paths written in code spans of a markdown text, e.g. `packages/domain/src/pricing/price.ts`. */
export function repoPathsInCode(markdown: string): string[] {
  const paths: string[] = [];
  for (const m of markdown.matchAll(/`([^`\n]+)`/g)) {
    const p = m[1]!.trim();
    if (REPO_PATH.test(p) && !LOCAL_ONLY.test(p) && !/[*<>]/.test(p)) paths.push(p);
  }
  return paths;
}

/** Relative link targets of a markdown text: inline `[x](target)` and reference `[x]: target`, code left out. */
export function relativeLinks(markdown: string): string[] {
  const text = markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  const targets: string[] = [];
  for (const m of text.matchAll(/\]\(\s*(?:<([^>\n]+)>|([^)\s]+))(?:\s+"[^"]*")?\s*\)/g)) targets.push((m[1] ?? m[2])!);
  for (const m of text.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)) targets.push(m[1]!);
  // Absolute URLs, other schemes, site paths and in-page anchors are not files of this repository.
  return targets.filter((t) => !/^[a-z][a-z0-9+.-]*:/i.test(t) && !t.startsWith('/') && !t.startsWith('#'));
}

describe('relativeLinks', () => {
  it('finds inline and reference links, and skips URLs, anchors and code', () => {
    const md = '[a](docs/a.md) [b](https://x.test) [c](#top) `[d](no.md)`\n```\n[e](no.md)\n```\n[f]: ../f.md\n[g](<g h.md> "title")';
    expect(relativeLinks(md)).toEqual(['docs/a.md', 'g h.md', '../f.md']);
  });
});

describe('markdown links', () => {
  const files = filesEndingWith(['.md']);
  it('finds the documents', () => {
    expect(files.map((f) => relative(ROOT, f))).toContain('README.md');
  });
  it.each(files.map((f) => [relative(ROOT, f), f]))('%s: every relative link resolves to an existing file', (_name, file) => {
    const broken = relativeLinks(readFileSync(file, 'utf8'))
      .map((target) => decodeURI(target.replace(/[#?].*$/, '')))
      .filter((target) => target !== '' && !existsSync(resolve(dirname(file), target)));
    expect(broken).toEqual([]);
  });
});

describe('paths named in documents and comments', () => {
  it('repository paths in code spans of markdown files exist (from the root, or beside the document)', () => {
    const missing: string[] = [];
    for (const file of filesEndingWith(['.md'])) {
      for (const p of repoPathsInCode(readFileSync(file, 'utf8'))) {
        if (!existsSync(join(ROOT, p)) && !existsSync(resolve(dirname(file), p))) missing.push(`${relative(ROOT, file)}: ${p}`);
      }
    }
    expect(missing).toEqual([]);
  });
  it('docs/....md files cited in source files exist', () => {
    const missing: string[] = [];
    for (const file of filesEndingWith(['.ts', '.tsx', '.mjs', '.css'])) {
      if (file === fileURLToPath(import.meta.url)) continue; // its own examples are not citations
      for (const m of readFileSync(file, 'utf8').matchAll(/\bdocs\/[\w./-]+?\.md\b/g)) {
        if (!existsSync(join(ROOT, m[0]))) missing.push(`${relative(ROOT, file)}: ${m[0]}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

/**
 * Workspace folders as npm reads the root package.json: a plain entry is that folder, `folder/*` every
 * folder there with a package.json. Other glob forms are refused rather than half understood.
 */
export function workspaceFolders(root = ROOT): string[] {
  const { workspaces } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { workspaces: string[] };
  return workspaces
    .flatMap((pattern) => {
      if (!pattern.includes('*')) return [pattern.replace(/\/$/, '')];
      const base = /^([\w.-]+(?:\/[\w.-]+)*)\/\*$/.exec(pattern)?.[1];
      if (!base) throw new Error(`workspace pattern "${pattern}": only "folder/*" is understood here`);
      return readdirSync(join(root, base), { withFileTypes: true })
        .filter((d) => d.isDirectory() && existsSync(join(root, base, d.name, 'package.json')))
        .map((d) => `${base}/${d.name}`);
    })
    .sort();
}

/** Folders named by the README's folder map: the code span that opens each row of the table under "## Folder map". */
export function folderMapEntries(readme: string): string[] {
  const lines = readme.split('\n');
  const start = lines.findIndex((l) => /^## Folder map\s*$/.test(l));
  if (start < 0) return [];
  const entries: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (/^#{1,2} /.test(line)) break;
    const m = /^\|\s*`([^`]+)`\s*\|/.exec(line);
    if (m) entries.push(m[1]!.trim().replace(/\/$/, ''));
  }
  return entries;
}

describe('folderMapEntries', () => {
  it('reads the first cell of each row under the heading, up to the next section', () => {
    const md = '## Folder map\n\n| folder | owns |\n| --- | --- |\n| `shell/` | x `y/` |\n| `packages/ui` | z |\n\n## Next\n| `api/` | no |';
    expect(folderMapEntries(md)).toEqual(['shell', 'packages/ui']);
  });
});

describe("the README's folder map", () => {
  // A newcomer finds their way by this table: a workspace added without a row, or a row left behind
  // by a folder that moved, would make it lie quietly.
  const entries = folderMapEntries(readFileSync(join(ROOT, 'README.md'), 'utf8'));
  const workspaces = workspaceFolders();
  it('has a row for every workspace folder of the root package.json', () => {
    expect(workspaces.length).toBeGreaterThan(0);
    expect(workspaces.filter((w) => !entries.includes(w))).toEqual([]);
  });
  it('names only folders that exist', () => {
    expect(entries.filter((e) => !existsSync(join(ROOT, e)) || !statSync(join(ROOT, e)).isDirectory())).toEqual([]);
  });
  it('every workspace folder has a README.md', () => {
    expect(workspaces.filter((w) => !existsSync(join(ROOT, w, 'README.md')))).toEqual([]);
  });
});

describe('references to documents outside the repository', () => {
  // The requirement documents live outside the repository, so "ordering <section sign>5" means nothing
  // to a reader of the code: state the rule itself. Every file git knows (or would add) is checked.
  const SECTION_SIGN = '\u00a7';
  it('no file cites a section with the section sign', () => {
    const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    const offenders: string[] = [];
    for (const name of new Set(listed.split('\0').filter(Boolean))) {
      const file = join(ROOT, name);
      if (!existsSync(file)) continue; // deleted in the work tree, not yet committed
      const bytes = readFileSync(file);
      if (bytes.includes(0)) continue; // binary
      const lines = bytes.toString('utf8').split('\n');
      lines.forEach((line, i) => {
        if (line.includes(SECTION_SIGN)) offenders.push(`${name}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(offenders).toEqual([]);
  });
});
