import { makeLifecycles } from '../shared/lifecycles.tsx';
import { HomePage } from './HomePage.tsx';

/** single-spa lifecycles of the configurator home page (route `/`). */
export const { bootstrap, mount, unmount, update } = makeLifecycles(HomePage, 'home');
