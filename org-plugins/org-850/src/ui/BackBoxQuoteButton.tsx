import { useMemo, useState } from 'react';
import { Button } from '@cpq/ui';
import type { UiSlotComponent } from '@cpq/plugin-sdk/ui';
import { backBoxLines, backBoxQuoteBody } from '../backBoxes.ts';
import styles from './BackBoxQuoteButton.module.css';

export const BACK_BOX_BUTTON_LABEL = 'Generate Back Box Quote';

/**
 * "Generate Back Box Quote": shown when items of the order chose a back box; creates a stocked quote
 * of those back boxes (quantities summed per back-box product, the order's contact fields copied) and
 * opens it.
 */
const BackBoxQuoteButton: UiSlotComponent<'orderPage.actions'> = ({ context }) => {
  const { order, items, catalogue, actions } = context;
  const lines = useMemo(() => backBoxLines(items, catalogue.productOptions, catalogue.products), [items, catalogue]);
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  if (lines.length === 0) return null;

  const generate = async () => {
    setState({ busy: true, error: null });
    try {
      const created = await actions.createProductOrderWithItems(backBoxQuoteBody(order, lines));
      actions.navigate(`/orders/${created.orgSpecificId}`);
    } catch (err) {
      setState({ busy: false, error: `The back box quote could not be created: ${err instanceof Error ? err.message : String(err)}` });
    }
  };

  const count = lines.reduce((n, l) => n + l.quantity, 0);
  return (
    <span className={styles.wrap}>
      <Button variant="secondary" onClick={generate} disabled={state.busy} aria-busy={state.busy} data-testid="back-box-quote" title={`${count} back box${count === 1 ? '' : 'es'} in this quote`}>
        {state.busy ? 'Generating…' : BACK_BOX_BUTTON_LABEL}
      </Button>
      {state.error && (
        <p role="alert" className={styles.error}>
          {state.error}
        </p>
      )}
    </span>
  );
};

export default BackBoxQuoteButton;
