import type { ComponentType } from 'react';
import { portalStore } from '@cpq/client';
import { createSpaLifecycles } from '@cpq/ui';
import styles from './shared.module.css';

/** single-spa lifecycles for one page of this micro-frontend. */
export function makeLifecycles(Page: ComponentType, page: string) {
  return createSpaLifecycles({ remote: 'mfe-configurator', page, store: portalStore, Page, className: styles.root });
}
