import { submitButtonLabel } from '@cpq/domain';
import { Button } from '@cpq/ui';
import { CANCEL_ORDER } from './logic.ts';
import type { OrderStatusModel } from './useOrderStatus.ts';

/** Submit (stocked orders: "Continue to Payment") and Cancel Order, among the page's controls, when the flow allows them. */
export function StatusActions({ status }: { status: OrderStatusModel }) {
  const { allowed, busy, stocked } = status;
  const label = submitButtonLabel(stocked);
  return (
    <>
      {allowed.has('cancel') && (
        <Button variant="secondary" onClick={() => void status.cancel()} disabled={busy !== null} aria-busy={busy === 'cancel'} data-testid="cancel-order">
          {busy === 'cancel' ? 'Cancelling…' : CANCEL_ORDER}
        </Button>
      )}
      {allowed.has('submit') && (
        <Button onClick={() => void status.submit()} disabled={busy !== null} aria-busy={busy === 'submit'} data-testid="submit-order" data-tour="submit">
          {busy === 'submit' ? 'Submitting…' : label}
        </Button>
      )}
    </>
  );
}
