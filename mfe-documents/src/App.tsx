import { UnavailablePage } from '@cpq/ui';

/** Root of mfe-documents. The Documents area is a later issue: an honest page until then. */
export function App() {
  return (
    <div>
      <UnavailablePage title="Documents" />
    </div>
  );
}
