// `npm start`: installs what is missing, builds the browser apps when needed, then runs the portal
// (the server migrates and seeds the embedded database with demo data on first start).
import { ensureInstalled, isBuilt, log, root, run } from './lib.mjs';

await ensureInstalled();
if (!isBuilt() || process.argv.includes('--rebuild')) {
  log('Building the portal');
  const code = await run(process.execPath, ['scripts/build-all.mjs']);
  if (code !== 0) process.exit(code);
}
const port = process.env.PORT ?? '8080';
log(`Starting the portal on http://localhost:${port}`);
process.exit(await run(process.execPath, ['--import', 'tsx', 'api/src/main.ts'], { cwd: root, env: { PORT: port } }));
