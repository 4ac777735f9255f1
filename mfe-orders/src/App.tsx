import { UnavailablePage } from '@cpq/ui';

/** Root of mfe-orders. The Orders area is a later issue: an honest page until then. */
export function App() {
  return (
    <div>
      <UnavailablePage title="Orders" />
    </div>
  );
}
