import { useState } from 'react';
import { Button } from '@cpq/ui';

/** ARCHIVE / UNARCHIVE of a detail page: flips the row's archived (or a pricing rule's deleted) flag. */
export function ArchiveButton({ archived, onChange }: { archived: boolean; onChange(archived: boolean): Promise<unknown> }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <Button
        variant="secondary"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          setError(null);
          try {
            await onChange(!archived);
          } catch (e) {
            setError(e instanceof Error ? e.message : String(e));
          } finally {
            setBusy(false);
          }
        }}
      >
        {archived ? 'UNARCHIVE' : 'ARCHIVE'}
      </Button>
      {error ? <span role="alert">{error}</span> : null}
    </>
  );
}
