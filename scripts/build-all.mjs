// `npm run build`: builds the shell, every micro-frontend and every organisation plugin, one after
// another, then the compiled server (api/dist, scripts/build-server.ts).
import { browserWorkspaces, ensureInstalled, log, runOrExit } from './lib.mjs';

await ensureInstalled();
for (const ws of browserWorkspaces()) {
  const started = Date.now();
  log(`Building ${ws}`);
  await runOrExit('npm', ['run', 'build', '--silent', '-w', ws]);
  console.log(`  ${ws} built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
log('Building the server');
await runOrExit(process.execPath, ['--import', 'tsx', 'scripts/build-server.ts']);
