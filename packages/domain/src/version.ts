/**
 * The engine's version, `<package.json version>+<12 hex digits of a SHA-256 over the package's source
 * files>`, so two builds of different engine source never claim the same version (the shell warns
 * when a remote was built against another engine; the API reports its own in the session).
 *
 * Browser builds get the value from @cpq/mf-config at build time (`__CPQ_DOMAIN_VERSION__`); under
 * Node (API, tests) it is computed here from the same files with the same function.
 */
declare const __CPQ_DOMAIN_VERSION__: string | undefined;

type NodeFs = typeof import('node:fs');
type NodePath = typeof import('node:path');
type NodeCrypto = typeof import('node:crypto');
type NodeUrl = typeof import('node:url');

/** Files that make up the package: sources and styles, not tests nor editors' leftovers. */
const SHIPPED = /\.(ts|tsx|mts|js|mjs|css|json)$/;
const NOT_SHIPPED = /\.test(-d)?\.tsx?$|\.test-utils\.tsx?$/;

function nodeModules(): { fs: NodeFs; path: NodePath; crypto: NodeCrypto; url: NodeUrl } | null {
  // process.getBuiltinModule keeps node: imports out of the browser bundle (Node ≥ 20.16).
  const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  if (typeof proc?.getBuiltinModule !== 'function') return null;
  return {
    fs: proc.getBuiltinModule('node:fs') as NodeFs,
    path: proc.getBuiltinModule('node:path') as NodePath,
    crypto: proc.getBuiltinModule('node:crypto') as NodeCrypto,
    url: proc.getBuiltinModule('node:url') as NodeUrl,
  };
}

/**
 * `<version>+<hash>` of a workspace package folder: the hash covers the relative path and content of
 * every shipped file under `src/`, in code-unit order, so it is the same on every machine. Node only.
 */
export function sourceVersion(packageDir: string): string {
  const node = nodeModules();
  if (!node) throw new Error('sourceVersion needs Node (it reads the source files).');
  const { fs, path, crypto } = node;
  const version = (JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version?: string }).version ?? '0.0.0';
  const src = path.join(packageDir, 'src');
  const files: string[] = [];
  const walk = (dir: string, prefix: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const rel = prefix + entry.name;
      if (entry.isDirectory()) walk(path.join(dir, entry.name), `${rel}/`);
      else if (entry.isFile() && SHIPPED.test(rel) && !NOT_SHIPPED.test(rel)) files.push(rel);
    }
  };
  walk(src, '');
  files.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const hash = crypto.createHash('sha256');
  for (const rel of files) hash.update(rel).update('\0').update(fs.readFileSync(path.join(src, rel))).update('\0');
  return `${version}+${hash.digest('hex').slice(0, 12)}`;
}

function engineVersion(): string {
  if (typeof __CPQ_DOMAIN_VERSION__ === 'string') return __CPQ_DOMAIN_VERSION__;
  const node = nodeModules();
  // A bundle made without @cpq/mf-config: say so rather than guess.
  if (!node) return 'unknown';
  return sourceVersion(node.path.dirname(node.path.dirname(node.url.fileURLToPath(import.meta.url))));
}

/** The version of the engine this code is (see the module comment). */
export const ENGINE_VERSION: string = engineVersion();
