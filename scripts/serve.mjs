// `npm run serve`: the compiled server (api/dist/main.js, made by `npm run build`) in production
// mode, in this process: no TypeScript compiler or tsx is loaded. `npm run migrate` (`--migrate`):
// the compiled migrate command. Settings: docs/operations.md.
import { existsSync } from 'node:fs';

const file = process.argv.includes('--migrate') ? 'migrate.js' : 'main.js';
const entry = new URL(`../api/dist/${file}`, import.meta.url);
if (!existsSync(entry)) {
  console.error(`Cannot start: api/dist/${file} is missing. Run npm run build first.`);
  process.exit(1);
}
process.env.NODE_ENV = 'production';
await import(entry.href);
