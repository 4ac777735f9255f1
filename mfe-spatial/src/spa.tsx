import { portalStore } from '@cpq/client';
import { createSpaLifecycles } from '@cpq/ui';
import { App } from './App.tsx';

/** single-spa lifecycles of mfe-spatial (exposed as ./spa). */
export const { bootstrap, mount, unmount } = createSpaLifecycles({ remote: 'mfe-spatial', store: portalStore, Page: App });
