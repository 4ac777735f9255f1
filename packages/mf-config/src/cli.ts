import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { rspack, type Configuration } from '@rspack/core';

/** `cpq-mf-build`: builds the workspace in the current folder from its rspack.config.ts, once. */
async function main(): Promise<number> {
  const file = join(process.cwd(), 'rspack.config.ts');
  if (!existsSync(file)) {
    console.error(`cpq-mf-build: no rspack.config.ts in ${process.cwd()}`);
    return 1;
  }
  const mod = (await import(pathToFileURL(file).href)) as { default: Configuration | (() => Configuration) };
  const config = typeof mod.default === 'function' ? mod.default() : mod.default;
  const started = Date.now();
  const compiler = rspack(config);
  const stats = await new Promise<import('@rspack/core').Stats | undefined>((resolve, reject) => {
    compiler.run((err, result) => (err ? reject(err) : resolve(result)));
  });
  await new Promise<void>((resolve) => compiler.close(() => resolve()));
  if (!stats) return 1;
  const info = stats.toJson({ all: false, errors: true, warnings: true });
  for (const w of info.warnings ?? []) console.warn(`warning: ${w.message}`);
  for (const e of info.errors ?? []) console.error(`error: ${e.message}`);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (stats.hasErrors()) {
    console.error(`cpq-mf-build: ${config.output?.uniqueName ?? process.cwd()} failed in ${seconds}s`);
    return 1;
  }
  console.log(`cpq-mf-build: ${config.output?.uniqueName ?? process.cwd()} built in ${seconds}s -> ${config.output?.path}`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
