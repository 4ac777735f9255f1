import { UnavailablePage } from '@cpq/ui';

/** Root of mfe-spatial. The Drawings area is a later issue: an honest page until then. */
export function App() {
  return (
    <div>
      <UnavailablePage title="Drawings" />
    </div>
  );
}
