import { portalStore } from '@cpq/client';
import { createSpaLifecycles } from '@cpq/ui';
import { App } from './App.tsx';

/** single-spa lifecycles of mfe-admin (exposed as ./spa). */
export const { bootstrap, mount, unmount } = createSpaLifecycles({ remote: 'mfe-admin', store: portalStore, Page: App });
