import { Suspense, lazy, useCallback, useEffect, useId, useMemo, useReducer, useRef, useState } from 'react';
import { Value } from '@sinclair/typebox/value';
import { PricingRuleVersionSchema, formatCents, isDraftVersion, type PricingRuleVersion, type PricingVersionImpact } from '@cpq/domain';
import { Button, Modal } from '@cpq/ui';
import { ConfirmDialog, ErrorMessage, errorText } from '../common/index.ts';
import { canSave, draftDate, editorLook, editorMessage, editorReducer, initialEditorState, isChanged, savesOnKey, versionText, type KeyPress } from './editorState.ts';
import { ImpactDetails, ordersText, signed } from './ImpactFigures.tsx';
import { pricingRules } from './pricingApi.ts';
import { PublishDialog } from './PublishDialog.tsx';
import { pricingTimeUtc, type PricingRuleRow } from './rules.ts';
import { loadSaveImpact } from './saveImpact.ts';
import { TestBench } from './TestBench.tsx';
import styles from './pricing.module.css';

const MonacoField = lazy(() => import('./MonacoField.tsx'));

type Impact = { status: 'checking' } | { status: 'confirm'; impact: PricingVersionImpact; sent: string };

/** Tomorrow's date (UTC), the date the spec gives a new version. */
function tomorrow(): string {
  return new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
}

/**
 * One version of a pricing rule: its JSON in Monaco, the save state (border and message), Save
 * (also Ctrl/Cmd+S), the draft's date, delete, and the test bench. A draft is labelled as one and
 * saved without asking (it prices nothing); Publish shows what it would do to existing orders, then
 * asks. A save that would change orders a published version prices now first says how many and by
 * how much, and asks.
 */
export function VersionEditor({ rule, versionKey, version, onRuleChange }: { rule: PricingRuleRow; versionKey: string; version: PricingRuleVersion; onRuleChange(rule: PricingRuleRow): void }) {
  const [state, dispatch] = useReducer(editorReducer, version, initialEditorState);
  const stateRef = useRef(state);
  stateRef.current = state;
  const [impact, setImpact] = useState<Impact | null>(null);
  const [deleting, setDeleting] = useState<{ busy: boolean; error: string | null } | null>(null);
  const [benchOpen, setBenchOpen] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const dateId = useId();
  const messageId = useId();
  const statusId = useId();
  const isDraft = isDraftVersion(version);

  useEffect(() => dispatch({ type: 'serverChanged', saved: versionText(version) }), [version]);

  // The draft the bench and the save use: only a text that is a pricing version.
  const draft = useMemo(() => (state.parsed.ok && Value.Check(PricingRuleVersionSchema, state.parsed.value) ? (state.parsed.value as PricingRuleVersion) : null), [state.parsed]);

  const write = useCallback(
    async (sent: string, value: PricingRuleVersion) => {
      dispatch({ type: 'saveStarted' });
      try {
        const next = await pricingRules.saveVersion(rule.id, versionKey, value);
        dispatch({ type: 'saveSucceeded', saved: versionText(next.versions[versionKey]), sent });
        onRuleChange(next);
      } catch (e) {
        dispatch({ type: 'saveFailed', error: errorText(e) });
      }
    },
    [rule.id, versionKey, onRuleChange],
  );

  const save = useCallback(async () => {
    const s = stateRef.current;
    if (!canSave(s) || !s.parsed.ok || impact) return;
    const value = s.parsed.value as PricingRuleVersion;
    // A draft prices no order: saving it changes none, so nothing to ask.
    if (isDraft) return write(s.text, value);
    setImpact({ status: 'checking' });
    let found: PricingVersionImpact | null;
    try {
      // A text that is not a pricing version is left to the server to refuse (its message names the field).
      found = Value.Check(PricingRuleVersionSchema, value) ? await loadSaveImpact(rule, versionKey, value) : null;
    } catch (e) {
      setImpact(null);
      dispatch({ type: 'saveFailed', error: `could not check which orders this version prices: ${errorText(e)}` });
      return;
    }
    if (found) {
      setImpact({ status: 'confirm', impact: found, sent: s.text });
      return;
    }
    setImpact(null);
    await write(s.text, value);
  }, [impact, isDraft, rule, versionKey, write]);

  const onKey = useCallback(
    (press: KeyPress, focused: boolean) => {
      if (!savesOnKey(stateRef.current, press, focused)) return false;
      void save();
      return true;
    },
    [save],
  );

  const look = editorLook(state);
  const message = editorMessage(state);
  const created = draftDate(state);
  // Publishing publishes what the server has: unsaved or invalid text first has to be saved.
  const publishable = isDraft && state.parsed.ok && !isChanged(state) && !state.saving;

  return (
    <section
      className={`${styles.version} ${styles[look]}`}
      aria-label={`Version ${versionKey}${isDraft ? ' (draft)' : ''}`}
      data-testid={`version-${versionKey}`}
      data-look={look}
      data-draft={isDraft || undefined}
    >
      <header className={styles.versionHeader}>
        <h2 className={styles.versionTitle}>
          Version {versionKey}
          {isDraft ? <span className={styles.draftLabel}>Draft</span> : null}
        </h2>
        <label className={styles.dateField} htmlFor={dateId}>
          <span>Takes effect (UTC)</span>
          <input
            id={dateId}
            type="date"
            value={created}
            disabled={!state.parsed.ok}
            onChange={(e) => e.target.value && dispatch({ type: 'setCreated', created: `${e.target.value} 00:00:00` })}
          />
        </label>
        <div className={styles.versionActions}>
          <Button variant="quiet" onClick={() => setBenchOpen((o) => !o)} aria-expanded={benchOpen}>
            {benchOpen ? 'Hide test bench' : 'Test bench'}
          </Button>
          <Button variant="secondary" onClick={() => setDeleting({ busy: false, error: null })}>
            Delete
          </Button>
          <Button onClick={() => void save()} disabled={!canSave(state) || impact !== null} aria-busy={state.saving || impact?.status === 'checking' || undefined}>
            {state.saving ? 'Saving…' : impact?.status === 'checking' ? 'Checking orders…' : 'Save'}
          </Button>
          {isDraft ? (
            <Button variant="secondary" onClick={() => setPublishing(true)} disabled={!publishable} aria-describedby={statusId}>
              Publish
            </Button>
          ) : null}
        </div>
      </header>
      <p id={statusId} className={styles.versionStatus} data-testid="publication-status">
        {isDraft
          ? `Draft: prices no order until it is published.${publishable ? '' : ' Save your changes to publish it.'}`
          : version.publishedAt
            ? `Published ${pricingTimeUtc(version.publishedAt)} UTC.`
            : 'Published.'}
      </p>
      <div className={styles.editorFrame}>
        <Suspense fallback={<p className={styles.editorLoading}>Loading the editor…</p>}>
          <MonacoField
            uri={`inmemory://pricing-rules/${rule.id}/versions/${versionKey}.json`}
            value={state.text}
            onChange={(text) => dispatch({ type: 'edit', text })}
            onKey={onKey}
            label={`Version ${versionKey} JSON`}
            describedBy={messageId}
            orgId={rule.orgId}
          />
        </Suspense>
      </div>
      <p id={messageId} className={styles.editorMessage} role="status" data-testid="editor-message">
        {message ?? 'Saved'}
        {impact?.status === 'checking' ? ' · pricing existing orders' : ''}
      </p>
      <ErrorMessage error={state.saveError} prefix="Save failed: " className={styles.saveError} />
      {benchOpen ? <TestBench rule={rule} versionKey={versionKey} draft={draft} isDraft={isDraft} /> : null}
      {publishing ? <PublishDialog rule={rule} versionKey={versionKey} version={version} onPublished={onRuleChange} onClose={() => setPublishing(false)} /> : null}

      {impact?.status === 'confirm' ? (
        <Modal
          title="This version prices existing orders"
          onClose={() => setImpact(null)}
          width="wide"
          testId="save-impact"
          footer={
            <>
              <Button
                variant="secondary"
                onClick={() => {
                  setImpact(null);
                  dispatch({ type: 'setCreated', created: `${tomorrow()} 00:00:00` });
                }}
              >
                Date it tomorrow instead
              </Button>
              <Button variant="secondary" onClick={() => setImpact(null)} data-autofocus>
                Cancel
              </Button>
              <Button
                onClick={() => {
                  const { sent } = impact;
                  setImpact(null);
                  if (stateRef.current.text === sent && stateRef.current.parsed.ok) void write(sent, stateRef.current.parsed.value as PricingRuleVersion);
                }}
              >
                Save anyway
              </Button>
            </>
          }
        >
          <ImpactText impact={impact.impact} />
        </Modal>
      ) : null}

      {deleting ? (
        <ConfirmDialog
          destructive
          question="Are you sure you want to delete this pricing rule version?"
          busy={deleting.busy}
          error={deleting.error}
          onCancel={() => setDeleting(null)}
          onConfirm={async () => {
            setDeleting({ busy: true, error: null });
            try {
              const next = await pricingRules.deleteVersion(rule.id, versionKey);
              setDeleting(null);
              onRuleChange(next);
            } catch (e) {
              setDeleting({ busy: false, error: errorText(e) });
            }
          }}
        />
      ) : null}
    </section>
  );
}

function ImpactText({ impact }: { impact: PricingVersionImpact }) {
  const { orders, totalChangeInCents, changedOrders } = impact;
  return (
    <>
      <p>
        This version prices {ordersText(orders)} now. Saving the draft changes their items' total by{' '}
        <strong>{totalChangeInCents === 0 ? formatCents(0) : signed(totalChangeInCents)}</strong>; {changedOrders} of the priced orders change.
      </p>
      <ImpactDetails impact={impact} />
      <p>To keep existing orders at their price, put the new prices in a version dated in the future instead: orders move to it only when their effective pricing date reaches it.</p>
    </>
  );
}
