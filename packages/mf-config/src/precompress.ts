import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Compiler, RspackPluginInstance } from '@rspack/core';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text files worth compressing (images and fonts are compressed already). */
export const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|txt|map|xml|ico)$/;
/** Below this size the headers outweigh what compression saves. */
export const MIN_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await filesUnder(p)));
    else out.push(p);
  }
  return out;
}

/** Writes `x.br` (brotli, quality 11) and `x.gz` (gzip, level 9) beside every compressible file of `dir`. */
export async function precompressFolder(dir: string): Promise<number> {
  let written = 0;
  for (const file of await filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const data = await readFile(file);
    if (data.length < MIN_BYTES) continue;
    const [br, gz] = await Promise.all([
      brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
      gzip(data, { level: 9 }),
    ]);
    await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
    written++;
  }
  return written;
}

/**
 * Compresses the build once, when everything (manifests and the page included) has been written: the
 * server then sends the compressed copy the browser accepts as it is, at no cost per request.
 */
export class PrecompressPlugin implements RspackPluginInstance {
  name = 'CpqPrecompressPlugin';

  apply(compiler: Compiler): void {
    compiler.hooks.afterEmit.tapPromise(this.name, async (compilation) => {
      const dir = compilation.outputOptions.path;
      if (dir) await precompressFolder(dir);
    });
  }
}
