import '@cpq/ui/tokens.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'jotai';
import { start } from 'single-spa';
import { registerPlugins } from '@module-federation/enhanced/runtime';
import { portalStore, sessionAtom } from '@cpq/client';
import { registerApplications } from './applications.tsx';
import { boot, bootStateAtom } from './boot.ts';
import { Chrome } from './chrome/Chrome.tsx';
import { handOverFirstView } from './firstView.ts';
import { matchRoute } from './routes.ts';
import { apiEngineSkewCheck, versionSkewPlugin } from './versionSkew.ts';
import { installUiModuleLoader } from './uiModules.ts';
import { installPortalPartLoader } from './portalParts.ts';

// Before any remote loads: log remotes built against other @cpq/* sources, and an API on another engine.
registerPlugins([versionSkewPlugin()]);
installUiModuleLoader();
installPortalPartLoader();
const checkApiEngine = apiEngineSkewCheck();
portalStore.sub(sessionAtom, () => checkApiEngine(portalStore.get(sessionAtom)?.engineVersion));

/** /orders/:id/quote -> documents, /admin -> /admin/products (history.replaceState, query kept). */
function applyRedirect(): void {
  const route = matchRoute(window.location.pathname);
  if (route.kind === 'redirect') {
    window.history.replaceState(window.history.state, '', route.to + window.location.search + window.location.hash);
  }
}

let started = false;

/** Runs once, after the session, plugin and theme have loaded: only then may micro-frontends mount. */
function startApplications(): void {
  if (started) return;
  started = true;
  const organisations = portalStore.get(sessionAtom)?.organisations ?? [];
  registerApplications(organisations.some((o) => o.role === 'owner'));
  applyRedirect();
  window.addEventListener('single-spa:routing-event', applyRedirect);
  start({ urlRerouteOnly: true });
}

// <main> shows only while the portal is loaded (hidden during loading, sign-in and org switches).
const main = document.getElementById('cpq-main')!;
portalStore.sub(bootStateAtom, () => {
  main.hidden = portalStore.get(bootStateAtom).status !== 'ready';
});

// The static first view of `/` (when the page has one) stays over the portal until the home page has drawn.
handOverFirstView({ get: () => portalStore.get(bootStateAtom), sub: (listener) => portalStore.sub(bootStateAtom, listener) });

createRoot(document.getElementById('cpq-chrome')!).render(
  <StrictMode>
    <Provider store={portalStore}>
      <Chrome onReady={startApplications} />
    </Provider>
  </StrictMode>,
);

void boot(startApplications);
