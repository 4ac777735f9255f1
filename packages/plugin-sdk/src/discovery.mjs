// Which organisation plugins are installed: the org-plugins/* workspace folders themselves.
// Plain JavaScript on purpose: the project scripts import it by path before anything is installed,
// and the API imports it as `@cpq/plugin-sdk/discovery`. Node only (reads the file system), so it is
// not part of the SDK's browser entry.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Folder, under a repository root, holding one workspace per organisation plugin. */
export const ORG_PLUGINS_FOLDER = 'org-plugins';

/** This repository's root (packages/plugin-sdk/src -> ../../..). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Federation name of an organisation's plugin build; the shell derives the same from remotes.json. */
export function federationName(orgId) {
  return `org_${orgId}`;
}

/** Reads and checks one plugin workspace (a folder with a package.json declaring `cpq.orgId`). */
export function readOrgPlugin(dir) {
  const file = path.join(dir, 'package.json');
  const pkg = JSON.parse(readFileSync(file, 'utf8'));
  const orgId = pkg.cpq?.orgId;
  if (!Number.isSafeInteger(orgId) || orgId <= 0) {
    throw new Error(`${file}: an organisation plugin declares its organisation as "cpq": { "orgId": <positive integer> }.`);
  }
  const exported = typeof pkg.exports === 'string' ? pkg.exports : pkg.exports?.['.'];
  if (typeof exported !== 'string') {
    throw new Error(`${file}: an organisation plugin names its rules module in "exports": { ".": "./src/index.ts" }.`);
  }
  const ui = pkg.cpq?.ui;
  if (ui !== undefined && typeof ui !== 'string') {
    throw new Error(`${file}: an organisation plugin names its browser-only UI module as "cpq": { "ui": "./src/ui/index.ts" }.`);
  }
  const folder = path.basename(dir);
  return {
    orgId,
    packageName: pkg.name,
    folder,
    workspace: `${ORG_PLUGINS_FOLDER}/${folder}`,
    dir,
    entry: exported,
    entryFile: path.resolve(dir, exported),
    federationName: federationName(orgId),
    ui: ui ?? null,
  };
}

/**
 * Every organisation plugin under `root`/org-plugins, ordered by organisation id. A folder without a
 * package.json (e.g. a leftover dist/) is not a plugin; two plugins for one organisation are refused.
 */
export function discoverOrgPlugins(root = REPO_ROOT) {
  const base = path.join(root, ORG_PLUGINS_FOLDER);
  if (!existsSync(base)) return [];
  const found = readdirSync(base, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(path.join(base, d.name, 'package.json')))
    .map((d) => readOrgPlugin(path.join(base, d.name)))
    .sort((a, b) => a.orgId - b.orgId);
  for (let i = 1; i < found.length; i++) {
    if (found[i].orgId === found[i - 1].orgId) {
      throw new Error(`Two organisation plugins for organisation ${found[i].orgId}: ${found[i - 1].workspace} and ${found[i].workspace}.`);
    }
  }
  return found;
}

/**
 * The `createMfConfig` options of a plugin's browser build: its rules module exposed as './plugin',
 * and its browser-only UI module (`cpq.ui`, when it has one) as './ui'.
 */
export function orgPluginMfOptions(dir) {
  const plugin = readOrgPlugin(dir);
  return { name: plugin.federationName, dir, exposes: { './plugin': plugin.entry, ...(plugin.ui ? { './ui': plugin.ui } : {}) } };
}
