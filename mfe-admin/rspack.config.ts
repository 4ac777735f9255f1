import { createMfConfig } from '@cpq/mf-config';

const config = createMfConfig({
  name: 'mfe_admin',
  dir: import.meta.dirname,
  exposes: { './spa': './src/spa.tsx' },
});

// Monaco's prebuilt worker scripts (pricing rule editor) are emitted as they are, as files of this
// remote: bundled as worker chunks they would carry the federation runtime, which fails in a worker.
config.module!.rules!.push({ test: /[\\/]monaco-editor[\\/]min[\\/]vs[\\/]assets[\\/][^\\/]+\.worker-[^\\/]+\.js$/, type: 'asset/resource' });

// Monaco's icon font travels inside its CSS (the CSP allows data: fonts): the CSS is injected as a
// style tag, so a file URL in it would resolve against the page's address, not this remote's.
config.module!.rules!.push({ test: /[\\/]monaco-editor[\\/].+\.ttf$/, type: 'asset/inline' });

export default config;
