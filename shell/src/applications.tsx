import { createRoot, type Root } from 'react-dom/client';
import { registerApplication, type AppProps, type LifeCycles } from 'single-spa';
import { loadRemote, preloadRemote } from '@module-federation/enhanced/runtime';
import { activeOrgAtom, portalStore } from '@cpq/client';
import { ErrorPanel } from '@cpq/ui';
import { useState } from 'react';
import { matchRoute, type Route } from './routes.ts';
import { refreshRemote } from './registry.ts';
import { removeFirstView } from './firstView.ts';

/** Role in force in the active organisation is owner (guest mode applied). */
export function isOwnerInForce(): boolean {
  return portalStore.get(activeOrgAtom)?.role === 'owner';
}

interface AppDefinition {
  remote: string;
  expose: string;
  when: (route: Route) => boolean;
}

/** One single-spa application per route (docs/frontend-contract.md; the route table: home, orders, order tabs, admin). */
const APPLICATIONS: AppDefinition[] = [
  { remote: 'mfe_configurator', expose: 'home', when: (r) => r.kind === 'home' },
  { remote: 'mfe_orders', expose: 'spa', when: (r) => r.kind === 'orders' },
  { remote: 'mfe_configurator', expose: 'order', when: (r) => r.kind === 'order' && r.tab === 'edit' },
  { remote: 'mfe_documents', expose: 'spa', when: (r) => r.kind === 'order' && r.tab === 'documents' },
  { remote: 'mfe_spatial', expose: 'spa', when: (r) => r.kind === 'order' && r.tab === 'drawings' },
  { remote: 'mfe_admin', expose: 'spa', when: (r) => r.kind === 'admin' && isOwnerInForce() },
];

type Props = AppProps & { domElement: HTMLElement };
type Lifecycle = (props: Props) => Promise<unknown>;

function runLifecycle(fn: LifeCycles<object>['mount'] | undefined, props: Props): Promise<unknown> {
  const list = (Array.isArray(fn) ? fn : fn ? [fn] : []) as Lifecycle[];
  return list.reduce<Promise<unknown>>((p, f) => p.then(() => f(props)), Promise.resolve());
}

function containerFor(appName: string): HTMLElement {
  const id = `app-${appName.replace(/[^a-z0-9_-]/gi, '-')}`;
  let el = document.getElementById(id);
  if (!el) {
    el = document.createElement('div');
    el.id = id;
    document.getElementById('cpq-main')!.appendChild(el);
  }
  return el;
}

function RemoteError({ error, onRetry }: { error: unknown; onRetry: () => Promise<void> }) {
  const [retrying, setRetrying] = useState(false);
  const technical = error instanceof Error ? error.message : String(error);
  return (
    <ErrorPanel
      heading="This part of the portal could not be loaded."
      detail="Its files did not arrive. The rest of the portal still works: check your connection and retry, or come back later."
      technicalDetail={technical}
      testId="remote-error"
      retrying={retrying}
      onRetry={() => {
        setRetrying(true);
        void onRetry().finally(() => setRetrying(false));
      }}
    />
  );
}

/**
 * Lifecycles that never reject: the remote loads at mount; if loading (manifest, network, script)
 * or mounting fails, the application's own area shows the error with a Retry button, and single-spa
 * keeps routing the rest of the portal normally.
 */
function resilientApplication(remote: string, expose: string): LifeCycles<object> {
  let inner: LifeCycles<object> | null = null;
  let innerMounted = false;
  let errorRoot: Root | null = null;
  let needsRefresh = false;
  /** Bumped on unmount: an attempt that finishes after the user left must not mount anything. */
  let visit = 0;

  async function loadInner(props: Props): Promise<LifeCycles<object>> {
    if (inner) return inner;
    if (needsRefresh) refreshRemote(remote);
    needsRefresh = true; // a later attempt starts from a clean registration
    const mod = await loadRemote<LifeCycles<object>>(`${remote}/${expose}`);
    if (!mod || typeof mod.mount !== 'function' && !Array.isArray(mod.mount)) {
      throw new Error(`${remote}/${expose} did not provide single-spa lifecycles.`);
    }
    await runLifecycle(mod.bootstrap, props);
    needsRefresh = false;
    inner = mod;
    return mod;
  }

  function clearError() {
    errorRoot?.unmount();
    errorRoot = null;
  }

  function showError(props: Props, error: unknown) {
    console.error(`${remote}/${expose} could not be loaded.`, error);
    // The page will not draw itself: the error must not stay under the first view.
    removeFirstView();
    clearError();
    errorRoot = createRoot(props.domElement);
    errorRoot.render(<RemoteError error={error} onRetry={() => attempt(props)} />);
  }

  async function attempt(props: Props): Promise<void> {
    const mine = visit;
    try {
      const app = await loadInner(props);
      if (mine !== visit) return;
      clearError();
      innerMounted = true;
      await runLifecycle(app.mount, props);
    } catch (error) {
      if (mine !== visit) return;
      if (innerMounted && inner) {
        // The mount failed half way: give the container back before showing the error in it.
        innerMounted = false;
        await runLifecycle(inner.unmount, props).catch(() => undefined);
      }
      showError(props, error);
    }
  }

  return {
    bootstrap: () => Promise.resolve(),
    mount: (props) => attempt(props as Props),
    unmount: async (props) => {
      visit++;
      clearError();
      if (inner && innerMounted) {
        innerMounted = false;
        await runLifecycle(inner.unmount, props as Props).catch((err: unknown) => console.error(err));
      }
    },
  };
}

/**
 * The home page's files (its manifest, remote entry and the exposed module's chunks) start
 * downloading while the organisation's plugin is still loading: its static first view is painted
 * meanwhile. Nothing runs until single-spa mounts it; a failure here is left to the real load, which
 * shows it. Other pages load their files when they mount, once the plugin is there: fetched earlier
 * they shared the connection with the plugin's files, which every page and the header wait for (in
 * Lighthouse's slow-phone model an order page's header showed 0.6–0.8 s later), while the page's data is
 * asked for ahead instead (boot.ts).
 */
export function preloadApplicationFor(pathname: string): void {
  const route = matchRoute(pathname);
  if (route.kind !== 'home') return;
  const def = APPLICATIONS.find((d) => d.when(route));
  if (!def) return;
  // Only its own files: its manifest lists the order page's chunks among its "async" ones (another
  // expose of the same remote), 55 KB the first view of `/` does not need.
  preloadRemote([{ nameOrAlias: def.remote, exposes: [def.expose], resourceCategory: 'sync' }]).catch(() => undefined);
}

/**
 * Registers every application. The admin application is registered only for a user who is owner
 * in one of their organisations, and is active only while the role in force is owner.
 */
export function registerApplications(userIsOwnerSomewhere: boolean): void {
  for (const def of APPLICATIONS) {
    if (def.remote === 'mfe_admin' && !userIsOwnerSomewhere) continue;
    const name = `${def.remote}/${def.expose}`;
    const lifecycles = resilientApplication(def.remote, def.expose);
    registerApplication({
      name,
      app: () => Promise.resolve(lifecycles),
      activeWhen: (location) => def.when(matchRoute(location.pathname)),
      customProps: () => ({ domElement: containerFor(name) }),
    });
  }
}
