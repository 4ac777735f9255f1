import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createMfConfig } from '@cpq/mf-config';

const dir = import.meta.dirname;
const read = (file: string) => readFileSync(join(dir, file), 'utf8');

export default createMfConfig({
  name: 'shell',
  dir,
  kind: 'host',
  html: {
    title: 'Configurator',
    template: 'index.html',
    favicon: 'favicon.svg',
    parameters: { firstViewStyle: '', firstView: '' },
    // What src/index.ts loads before the shell's code runs (react-dom first, then ./bootstrap.tsx with
    // the libraries it imports; not @cpq/domain, decision 0113): preloaded from the pages (decision 0114).
    startup: {
      imports: ['./bootstrap.tsx'],
      shared: ['react', 'react-dom', 'react-dom/client', 'react/jsx-runtime', 'jotai', 'single-spa', '@cpq/client', '@cpq/ui', '@cpq/plugin-sdk'],
    },
    // home.html: the page of `/` for a browser with a session cookie, with the home page's first view
    // painted before any script (docs/decisions/0104-static-first-view.md). Its styles are the
    // portal's design tokens and the first view's own, inline: no request before the first paint.
    pages: [
      {
        filename: 'home.html',
        parameters: {
          firstViewStyle: `<style>${read('../packages/ui/src/tokens.css')}\n${read('first-view.css')}</style>`,
          firstView: read('first-view.html'),
        },
      },
    ],
  },
});
