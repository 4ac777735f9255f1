import { useEffect, useId, useRef, useState } from 'react';
import { Button, Modal, useIsPhone } from '@cpq/ui';
import { isDotLarge, isDotLit, statusTitle, visibleStatuses, type ProductOrderStatus } from '@cpq/domain';
import { DONT_NOTIFY, statusLine } from './logic.ts';
import type { OrderStatusModel } from './useOrderStatus.ts';
import styles from './Status.module.css';

/**
 * The status dots: one per step the viewer may see, lit once reached, larger for milestones, with the
 * current step's description. Employees click a dot to move the order there.
 */
export function StatusHeader({ status }: { status: OrderStatusModel }) {
  const { statuses, facts, current, employee } = status;
  const [target, setTarget] = useState<ProductOrderStatus | null>(null);
  const list = useRef<HTMLOListElement>(null);
  // A phone shows one line, "Step 3 of 8: Deposit Due"; the steps open below it as a column.
  const phone = useIsPhone();
  const [stepsOpen, setStepsOpen] = useState(false);
  const listId = useId();
  // On a narrow screen the dots scroll sideways: keep the current one in view (without moving the page).
  useEffect(() => {
    const ol = list.current;
    const li = ol?.querySelector<HTMLElement>('[aria-current="step"]');
    if (ol && li && ol.scrollWidth > ol.clientWidth) ol.scrollLeft = li.offsetLeft - ol.offsetLeft - (ol.clientWidth - li.offsetWidth) / 2;
  }, [current?.key]);
  const shown = visibleStatuses(statuses, !employee);
  if (!shown.length) return null;
  const canSet = employee && status.allowed.has('setStatus');
  const description = current ? statusLine(current, facts.isStocked, employee) : '';

  return (
    <section className={styles.statusHeader} aria-label="Order status" data-testid="status-header" data-tour="status">
      {phone && <StepsToggle shown={shown} current={current} isStocked={facts.isStocked} open={stepsOpen} listId={listId} onToggle={() => setStepsOpen((o) => !o)} />}
      {/* A guest's dots are not buttons: the list itself takes focus, so a keyboard can scroll it on a narrow screen. */}
      <ol
        id={listId}
        className={`${styles.dots} ${phone ? styles.dotsColumn : ''}`}
        ref={list}
        hidden={phone && !stepsOpen}
        {...(employee ? {} : phone ? { 'aria-label': 'Order steps' } : { tabIndex: 0, 'aria-label': 'Order steps' })}
      >
        {shown.map((s) => {
          const lit = isDotLit(s, facts.statusData);
          const large = isDotLarge(s, facts.isStocked);
          const isCurrent = current?.key === s.key;
          const title = statusTitle(s, facts.isStocked);
          const body = (
            <>
              <span className={`${styles.dot} ${lit ? styles.dotLit : ''} ${large ? styles.dotLarge : ''}`} aria-hidden="true" />
              <span className={styles.dotTitle}>{title}</span>
              {lit && <span className={styles.srOnly}> (reached)</span>}
            </>
          );
          const common = { 'data-testid': `status-dot-${s.key}`, 'data-lit': lit ? '1' : '0', 'data-large': large ? '1' : '0', 'data-current': isCurrent ? '1' : '0' };
          return (
            <li key={s.key} className={`${styles.dotItem} ${isCurrent ? styles.dotCurrent : ''}`} {...(isCurrent ? { 'aria-current': 'step' as const } : {})}>
              {employee ? (
                <button type="button" className={styles.dotButton} onClick={() => setTarget(s)} disabled={!canSet || status.busy !== null} {...common}>
                  {body}
                </button>
              ) : (
                <span className={styles.dotStatic} {...common}>
                  {body}
                </span>
              )}
            </li>
          );
        })}
      </ol>
      {current && description && (
        <p className={styles.statusDescription} data-testid="status-description">
          {description}
        </p>
      )}
      {target && (
        <SetStatusDialog
          title={statusTitle(target, facts.isStocked)}
          busy={status.busy === 'setStatus'}
          onClose={() => setTarget(null)}
          onConfirm={async (skip) => {
            if (await status.setStatus(target.key, skip)) setTarget(null);
          }}
        />
      )}
    </section>
  );
}

/** The phone's one line for the steps: where the order is, and a button that shows or hides every step. */
function StepsToggle(p: { shown: readonly ProductOrderStatus[]; current: ProductOrderStatus | null | undefined; isStocked: 0 | 1 | boolean; open: boolean; listId: string; onToggle: () => void }) {
  const at = p.current ? p.shown.findIndex((s) => s.key === p.current!.key) : -1;
  return (
    <button type="button" className={styles.stepsToggle} aria-expanded={p.open} aria-controls={p.listId} onClick={p.onToggle} data-testid="status-steps-toggle">
      <span className={styles.stepsWhere}>
        {at >= 0 ? (
          <>
            Step {at + 1} of {p.shown.length}: <strong>{statusTitle(p.current!, p.isStocked)}</strong>
          </>
        ) : (
          <>Order steps ({p.shown.length})</>
        )}
      </span>
      <span className={styles.stepsAction}>{p.open ? 'Hide steps' : 'All steps'}</span>
    </button>
  );
}

function SetStatusDialog({ title, busy, onClose, onConfirm }: { title: string; busy: boolean; onClose: () => void; onConfirm: (skipNotifyingGuest: boolean) => void }) {
  const [skip, setSkip] = useState(false);
  const id = useId();
  return (
    <Modal title="Change status" onClose={onClose} testId="set-status-dialog">
      <p className={styles.dialogText}>
        Move this order to <strong>{title}</strong>?
      </p>
      <label className={styles.check} htmlFor={id}>
        <input id={id} type="checkbox" checked={skip} onChange={(e) => setSkip(e.target.checked)} data-testid="skip-notify" />
        {DONT_NOTIFY}
      </label>
      <div className={styles.dialogActions}>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        {/* Enter moves the order, as asked (decision 0093); the checkbox is one Shift+Tab away. */}
        <Button onClick={() => onConfirm(skip)} disabled={busy} aria-busy={busy} data-testid="set-status-confirm" data-autofocus>
          {busy ? 'Changing…' : 'Change status'}
        </Button>
      </div>
    </Modal>
  );
}
