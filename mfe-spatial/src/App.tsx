import { DrawingsScreen } from './drawings/DrawingsScreen.tsx';

/** Root of mfe-spatial: the drawings screen (the shell mounts it for /orders/:id/drawings). */
export function App() {
  return <DrawingsScreen />;
}
