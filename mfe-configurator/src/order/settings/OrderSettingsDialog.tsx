import { useId, useMemo, useState } from 'react';
import { useAtomValue } from 'jotai';
import { api, sessionAtom } from '@cpq/client';
import { Button, Modal } from '@cpq/ui';
import { errorMessage } from '../../shared/errors.ts';
import {
  changeRefusal,
  checkOrderTitle,
  formatCents,
  isEmployee,
  sanitiseOrderTitle,
  submitDetailMissing,
  type GuestTerms,
  type OrderDataProductOrder,
  type OrgMembership,
  type ProductOrderWritable,
  type StatusData,
  type SubmitProblemField,
} from '@cpq/domain';
import type { PluginRules } from '@cpq/plugin-sdk';
import { FieldNote, ReadOnlyValue, TextInput, useDraft } from './fields.tsx';
import {
  ADDRESS_FIELDS,
  addressToSave,
  addressValue,
  blankToNull,
  centsToDollars,
  dollarsToCents,
  parsePercent,
  phoneDigits,
  settingsView,
  showsShippingField,
  taxRateMissing,
  textOf,
  type AddressValue,
  type OrderTextField,
  type SettingsView,
} from './logic.ts';
import { OrderActions, OwnerPicker } from './OrderActions.tsx';
import { useOrderSaver, type OrderSaver } from './useOrderSaver.ts';
import styles from './OrderSettingsDialog.module.css';

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The order settings popup: the order's fields (saved one by one as they are left), the owner picker,
 * pricing, notes and command data for the users the organisation's rules allow, and the export,
 * duplicate and archive actions. Guests see only the fields they may change.
 */
export function OrderSettingsDialog(props: {
  open: boolean;
  onClose(): void;
  order: OrderDataProductOrder;
  org: OrgMembership;
  rules: PluginRules;
  pricingHidden: boolean;
  /** The order owner's guest terms (null: the owner is no guest), so the pricing fields can say what they add. */
  ownerTerms?: GuestTerms | null;
  onOrderChanged(order: OrderDataProductOrder): void;
  /** Open at this field with this message under it, shown until the field passes its check. */
  focus?: { field: SubmitProblemField; message: string } | null;
}) {
  const { open, onClose, org, rules, pricingHidden } = props;
  const saver = useOrderSaver(props.order, props.onOrderChanged);
  const view = useMemo(() => settingsView(org, rules, pricingHidden), [org, rules, pricingHidden]);
  const userId = useAtomValue(sessionAtom)?.user.id ?? null;
  const word = capitalise(rules.wording.order);
  const order = saver.order;
  // Costs are locked once the order is approved or paid (the same table the server enforces).
  const costsLocked = changeRefusal(
    org.appData.designEngine?.productOrderStatuses ?? [],
    { statusData: (order.statusData ?? {}) as StatusData, isProcessingPayment: order.isProcessingPayment ? 1 : 0 },
    isEmployee(org) ? 'employee' : 'guest',
    'costs',
  );
  // A submit check sent the person here: the field it names takes the focus and shows why.
  const focus = props.focus && view.writable.has(props.focus.field) ? props.focus : null;
  const problem: Problem | null = focus && submitDetailMissing(focus.field, order) ? focus : null;
  const unreachable = props.focus && !focus && submitDetailMissing(props.focus.field, order) ? props.focus.message : null;

  return (
    <Modal
      open={open}
      onClose={onClose}
      width="wide"
      title={`${word} Details`}
      subtitle={<SaveSummary saver={saver} word={word} orgSpecificId={order.orgSpecificId} />}
      testId="order-settings"
      footer={<OrderActions order={order} org={org} rules={rules} view={view} pricingHidden={pricingHidden} userId={userId} saver={saver} onClose={onClose} />}
    >
      <form className={styles.form} onSubmit={(e) => e.preventDefault()} noValidate aria-label={`${word} details`}>
        {unreachable && (
          <p className={styles.summaryError} role="alert" data-testid="settings-problem">
            {unreachable}
          </p>
        )}
        <OrderFields saver={saver} view={view} rules={rules} focusField={focus?.field ?? null} problem={problem} />
        <AddressSection saver={saver} view={view} field="deliveryAddress" title="Delivery address" focused={focus?.field === 'deliveryAddress'} problem={problem?.field === 'deliveryAddress' ? problem.message : null} />
        <AddressSection saver={saver} view={view} field="billingAddress" title="Billing address" />
        {view.showOwner && <OwnerPicker order={order} org={org} saver={saver} />}
        {(view.showAdvancedPricing || view.showTaxToggle) && (
          <fieldset className={styles.lockable} disabled={costsLocked !== null} aria-describedby={costsLocked ? 'cfg-costs-locked' : undefined}>
            {costsLocked && (
              <p id="cfg-costs-locked" className={styles.lockNote} role="note" data-testid="settings-costs-locked">
                {costsLocked}
              </p>
            )}
            <PricingSection saver={saver} view={view} ownerTerms={props.ownerTerms ?? null} />
          </fieldset>
        )}
        {view.showAdvancedPricing && <NotesSection saver={saver} />}
        {view.showAdvancedPricing && (
          <fieldset className={styles.lockable} disabled={costsLocked !== null}>
            <CommandSection saver={saver} />
          </fieldset>
        )}
      </form>
    </Modal>
  );
}

function SaveSummary({ saver, word, orgSpecificId }: { saver: OrderSaver; word: string; orgSpecificId: number }) {
  const text = { idle: 'Changes are saved as you leave each field.', saving: 'Saving…', saved: 'All changes saved.', error: 'Some changes could not be saved: see the fields marked below.' }[saver.summary];
  return (
    <p className={saver.summary === 'error' ? styles.summaryError : styles.summary} role="status" data-testid="settings-save-state" data-state={saver.summary}>
      {word} #{orgSpecificId} · {text}
    </p>
  );
}

const TEXT_FIELDS: ReadonlyArray<{ field: OrderTextField; label: string; type?: 'text' | 'email' | 'tel' | 'url' | 'date'; autoComplete?: string; inputMode?: 'tel' | 'email' | 'url'; maxLength: number; wide?: boolean }> = [
  { field: 'projectName', label: 'Project', maxLength: 255 },
  { field: 'firmName', label: 'Company', autoComplete: 'organization', maxLength: 255 },
  { field: 'contactName', label: 'Contact name', autoComplete: 'name', maxLength: 255 },
  { field: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel', inputMode: 'tel', maxLength: 64 },
  { field: 'email', label: 'Email', type: 'email', autoComplete: 'email', inputMode: 'email', maxLength: 254 },
  { field: 'clientEmails', label: 'Client emails', inputMode: 'email', maxLength: 2000, wide: true },
  { field: 'purchaseOrderNumber', label: 'PO number', maxLength: 128 },
  { field: 'estimateNumber', label: 'Estimate number', maxLength: 128 },
  { field: 'externalLink1', label: 'External link', type: 'url', inputMode: 'url', maxLength: 1000, wide: true },
];

type Problem = { field: SubmitProblemField; message: string };

function OrderFields({ saver, view, rules, focusField, problem }: { saver: OrderSaver; view: SettingsView; rules: PluginRules; focusField: SubmitProblemField | null; problem: Problem | null }) {
  const { order } = saver;
  const headingId = useId();
  const saveText = (field: OrderTextField) => (draft: string) => {
    saver.save(field, { [field]: blankToNull(draft) } as ProductOrderWritable);
  };
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.sectionTitle}>
        {capitalise(rules.wording.order)}
      </h3>
      <div className={styles.grid}>
        <TextInput
          label="Name"
          stored={order.title}
          state={saver.fields.title}
          filter={sanitiseOrderTitle}
          maxLength={255}
          wide
          autoFocus={focusField === null}
          testId="settings-title"
          onCommit={(draft) => {
            const c = checkOrderTitle(draft);
            if (!c.ok) saver.reject('title', c.message);
            else void saver.save('title', { title: c.title });
          }}
        />
        {TEXT_FIELDS.filter((f) => view.writable.has(f.field)).map((f) => (
          <TextInput
            key={f.field}
            label={f.label}
            stored={textOf(order, f.field)}
            state={saver.fields[f.field]}
            type={f.type}
            autoComplete={f.autoComplete}
            inputMode={f.inputMode}
            maxLength={f.maxLength}
            wide={f.wide}
            testId={`settings-${f.field}`}
            placeholder={f.field === 'clientEmails' ? 'name@example.com, other@example.com' : undefined}
            hint={f.field === 'phone' ? phoneHint(textOf(order, 'phone')) : undefined}
            autoFocus={focusField === f.field}
            problem={problem?.field === f.field ? problem.message : undefined}
            onCommit={saveText(f.field)}
          />
        ))}
        <ShippingInfo saver={saver} view={view} rules={rules} />
      </div>
    </section>
  );
}

/** The submit check wants 10 digits: say so before the user gets there. */
function phoneHint(stored: string): string | undefined {
  return stored && phoneDigits(stored) !== 10 ? 'A 10-digit phone number is needed to submit.' : undefined;
}

function ShippingInfo({ saver, view, rules }: { saver: OrderSaver; view: SettingsView; rules: PluginRules }) {
  const { order } = saver;
  const fields = [
    { field: 'trackingNumber' as const, label: 'Tracking number', type: 'text' as const },
    { field: 'estimatedShippingDate' as const, label: 'Estimated shipping date', type: 'date' as const },
  ].filter((f) => showsShippingField(view, rules, f.field));
  return (
    <>
      {fields.map((f) =>
        view.writable.has(f.field) ? (
          <TextInput
            key={f.field}
            label={f.label}
            type={f.type}
            stored={textOf(order, f.field).slice(0, f.type === 'date' ? 10 : undefined)}
            state={saver.fields[f.field]}
            maxLength={f.type === 'date' ? 10 : 255}
            testId={`settings-${f.field}`}
            onCommit={(draft) => void saver.save(f.field, { [f.field]: blankToNull(draft) })}
          />
        ) : (
          <ReadOnlyValue key={f.field} label={f.label} value={textOf(order, f.field)} testId={`settings-${f.field}`} />
        ),
      )}
    </>
  );
}

function AddressSection({ saver, view, field, title, focused = false, problem = null }: { saver: OrderSaver; view: SettingsView; field: 'deliveryAddress' | 'billingAddress'; title: string; focused?: boolean; problem?: string | null }) {
  const stored = addressValue(saver.order[field]);
  const storedKey = JSON.stringify(stored);
  const { draft: draftKey, setDraft: setDraftKey, onFocus, done } = useDraft(storedKey);
  const draft = JSON.parse(draftKey) as AddressValue;
  const legendId = useId();
  const noteId = `${legendId}-note`;
  if (!view.writable.has(field)) return null;
  // Sent here by the submit check: the first part of the address still empty takes the focus.
  const firstEmpty = focused ? (REQUIRED_ADDRESS_PARTS.find((k) => !draft[k]?.trim()) ?? 'streetAddress') : null;
  const commit = () => {
    done();
    if (draftKey !== storedKey) void saver.save(field, { [field]: addressToSave(draft) });
  };
  return (
    <fieldset className={styles.section} aria-describedby={noteId} data-testid={`settings-${field}`} onBlur={(e) => !e.currentTarget.contains(e.relatedTarget as Node | null) && commit()}>
      <legend id={legendId} className={styles.sectionTitle}>
        {title}
      </legend>
      <div className={styles.grid}>
        {ADDRESS_FIELDS.map((a) => (
          <AddressInput
            key={a.key}
            label={a.label}
            value={draft[a.key]}
            autoComplete={`${field === 'billingAddress' ? 'billing' : 'shipping'} ${a.autoComplete}`}
            wide={a.key === 'streetAddress' || a.key === 'streetAddress2'}
            testId={`settings-${field}-${a.key}`}
            onFocus={onFocus}
            onChange={(v) => setDraftKey(JSON.stringify({ ...draft, [a.key]: v }))}
            onEnter={commit}
            autoFocus={a.key === firstEmpty}
          />
        ))}
      </div>
      <FieldNote id={noteId} state={saver.fields[field]} problem={problem ?? undefined} />
    </fieldset>
  );
}

/** The parts the submit check needs, in the order the form shows them. */
const REQUIRED_ADDRESS_PARTS = ['streetAddress', 'city', 'state', 'zip'] as const;

function AddressInput(p: { label: string; value: string; autoComplete: string; wide: boolean; testId: string; onFocus(): void; onChange(v: string): void; onEnter(): void; autoFocus?: boolean }) {
  const id = useId();
  return (
    <div className={`${styles.field} ${p.wide ? styles.wideField : ''}`}>
      <label htmlFor={id} className={styles.label}>
        {p.label}
      </label>
      <input
        id={id}
        className={styles.input}
        value={p.value}
        autoComplete={p.autoComplete}
        maxLength={255}
        data-testid={p.testId}
        data-autofocus={p.autoFocus ? true : undefined}
        onFocus={p.onFocus}
        onChange={(e) => p.onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            p.onEnter();
          }
        }}
      />
    </div>
  );
}

type Mode = 'amount' | 'rate' | null;

/** Shipping and discount: no value, a flat amount in dollars, or a rate in percent. */
function ModeField({ saver, kind, label, hint }: { saver: OrderSaver; kind: 'shipping' | 'discount'; label: string; hint?: string }) {
  const { order } = saver;
  const modeKey = `${kind}Mode` as const;
  const amountKey = `${kind}FlatAmount` as const;
  const rateKey = `${kind}Percentage` as const;
  const mode = (order[modeKey] ?? null) as Mode;
  const id = useId();
  return (
    <div className={styles.modeField}>
      <div className={styles.field}>
        <label htmlFor={id} className={styles.label}>
          {label}
        </label>
        <select
          id={id}
          className={styles.input}
          value={mode ?? ''}
          aria-describedby={`${id}-note`}
          data-testid={`settings-${modeKey}`}
          onChange={(e) => void saver.save(modeKey, { [modeKey]: (e.target.value || null) as Mode })}
        >
          <option value="">{kind === 'shipping' ? 'To be determined' : 'None'}</option>
          <option value="amount">Flat amount ($)</option>
          <option value="rate">Rate (%)</option>
        </select>
        <FieldNote id={`${id}-note`} state={saver.fields[modeKey]} hint={hint} />
      </div>
      {mode === 'amount' && (
        <NumberInput saver={saver} field={amountKey} label={`${label} amount ($)`} unit="cents" stored={(order[amountKey] as number | null | undefined) ?? null} />
      )}
      {mode === 'rate' && <NumberInput saver={saver} field={rateKey} label={`${label} rate (%)`} unit="percent" stored={(order[rateKey] as number | null | undefined) ?? null} />}
    </div>
  );
}

function NumberInput({ saver, field, label, unit, stored }: { saver: OrderSaver; field: keyof ProductOrderWritable; label: string; unit: 'cents' | 'percent'; stored: number | null }) {
  const shown = unit === 'cents' ? centsToDollars(stored) : stored === null ? '' : String(stored);
  return (
    <TextInput
      label={label}
      stored={shown}
      state={saver.fields[field]}
      inputMode="decimal"
      maxLength={20}
      testId={`settings-${field}`}
      onCommit={(draft) => {
        const value = unit === 'cents' ? dollarsToCents(draft) : parsePercent(draft);
        if (value !== null && Number.isNaN(value)) {
          saver.reject(field, unit === 'cents' ? 'Enter an amount in dollars, e.g. 125.00.' : 'Enter a percentage between 0 and 100.');
          return;
        }
        void saver.save(field, { [field]: value } as ProductOrderWritable);
      }}
    />
  );
}

/** Fills the tax rate with the base sales-tax rate of the delivery address's state (the server's tax table). */
function TaxRateLookup({ saver }: { saver: OrderSaver }) {
  const { order } = saver;
  const address = (order.deliveryAddress ?? null) as Record<string, unknown> | null;
  const state = typeof address?.state === 'string' ? address.state.trim() : '';
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  if (!state) return null;
  const lookUp = async () => {
    setBusy(true);
    setMessage(null);
    try {
      const deliveryAddress = Object.fromEntries(ADDRESS_FIELDS.flatMap(({ key }) => (typeof address?.[key] === 'string' ? [[key, address[key]]] : [])));
      const answer = await api.getTaxRate({ orgId: order.orgId, deliveryAddress });
      if (answer.taxRate !== null) await saver.save('taxPercentage', { taxPercentage: answer.taxRate });
      else setMessage(taxRateMissing(state, answer.skippedReason));
    } catch (err) {
      setMessage(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={styles.field}>
      <span className={styles.label} aria-hidden="true">
        &nbsp;
      </span>
      <Button variant="secondary" className={styles.fieldButton} onClick={() => void lookUp()} disabled={busy} aria-busy={busy} data-testid="settings-taxLookup">
        {busy ? 'Looking up…' : `Use the ${state.toUpperCase()} rate`}
      </Button>
      {message && (
        <p className={styles.fieldNote} role="status" data-testid="settings-taxLookup-message">
          {message}
        </p>
      )}
    </div>
  );
}

/** What the owner's guest terms do to this order, in words (undefined: nothing to say). */
function guestTermsNotes(terms: GuestTerms | null): { discount?: string; tax?: string } {
  const pct = terms?.discountPercentage ?? 0;
  return {
    discount: pct > 0 ? `The owner's guest discount (${Number(pct.toFixed(2))}%) applies unless this order gives its own.` : undefined,
    tax: terms?.disableSalesTax ? 'Sales tax is disabled for the owner (a guest): no tax is charged on this order.' : undefined,
  };
}

function PricingSection({ saver, view, ownerTerms }: { saver: OrderSaver; view: SettingsView; ownerTerms: GuestTerms | null }) {
  const { order } = saver;
  const headingId = useId();
  const taxId = useId();
  const terms = guestTermsNotes(ownerTerms);
  return (
    <section className={styles.section} aria-labelledby={headingId} data-testid="settings-pricing">
      <h3 id={headingId} className={styles.sectionTitle}>
        Pricing
      </h3>
      <div className={styles.grid}>
        {view.showTaxToggle && (
          <div className={`${styles.field} ${styles.wideField}`}>
            <label className={styles.check} htmlFor={taxId}>
              <input
                id={taxId}
                type="checkbox"
                checked={!order.disableSalesTax}
                data-testid="settings-salesTax"
                aria-describedby={`${taxId}-note`}
                onChange={(e) => void saver.save('disableSalesTax', { disableSalesTax: e.target.checked ? 0 : 1 })}
              />
              Charge sales tax
            </label>
            <FieldNote id={`${taxId}-note`} state={saver.fields.disableSalesTax} hint={terms.tax} />
          </div>
        )}
        {view.showAdvancedPricing && (
          <>
            <TextInput
              label="Effective pricing date"
              type="date"
              stored={(order.effectivePricingDate ?? '').slice(0, 10)}
              state={saver.fields.effectivePricingDate}
              hint="Prices as of this date; empty prices as of today."
              testId="settings-effectivePricingDate"
              onCommit={(draft) => void saver.save('effectivePricingDate', { effectivePricingDate: blankToNull(draft) })}
            />
            <ReadOnlyValue label="Amount paid" value={formatCents(order.amountPaidInCents ?? 0)} testId="settings-amountPaid" />
            <ModeField saver={saver} kind="shipping" label="Shipping" />
            <ModeField saver={saver} kind="discount" label="Discount" hint={terms.discount} />
            <NumberInput saver={saver} field="taxPercentage" label="Tax rate (%)" unit="percent" stored={order.taxPercentage ?? null} />
            <TaxRateLookup saver={saver} />
            <NumberInput saver={saver} field="tariffPercentage" label="Tariff surcharge (%)" unit="percent" stored={order.tariffPercentage ?? null} />
          </>
        )}
      </div>
    </section>
  );
}

function NotesSection({ saver }: { saver: OrderSaver }) {
  const headingId = useId();
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.sectionTitle}>
        Notes
      </h3>
      <div className={styles.grid}>
        {(['primaryNote', 'secondaryNote'] as const).map((f) => (
          <TextInput
            key={f}
            label={f === 'primaryNote' ? 'Primary note' : 'Secondary note'}
            multiline
            stored={saver.order[f] ?? ''}
            state={saver.fields[f]}
            maxLength={20000}
            testId={`settings-${f}`}
            onCommit={(draft) => void saver.save(f, { [f]: blankToNull(draft) })}
          />
        ))}
      </div>
    </section>
  );
}

function CommandSection({ saver }: { saver: OrderSaver }) {
  const headingId = useId();
  const stored = saver.order.commandData ?? null;
  const save = (patch: { number?: string | null; date?: string | null; totalInCents?: number | null }) =>
    void saver.save('commandData', { commandData: { number: stored?.number ?? null, date: stored?.date ?? null, totalInCents: stored?.totalInCents ?? null, ...patch } });
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.sectionTitle}>
        Command
      </h3>
      <div className={styles.grid}>
        <TextInput label="Command number" stored={stored?.number ?? ''} state={saver.fields.commandData} maxLength={128} testId="settings-commandNumber" onCommit={(d) => save({ number: blankToNull(d) })} />
        <TextInput label="Command date" type="date" stored={(stored?.date ?? '').slice(0, 10)} state={undefined} maxLength={10} testId="settings-commandDate" onCommit={(d) => save({ date: blankToNull(d) })} />
        <TextInput
          label="Command total (€)"
          stored={centsToDollars(stored?.totalInCents ?? null)}
          state={undefined}
          inputMode="decimal"
          maxLength={20}
          testId="settings-commandTotal"
          onCommit={(d) => {
            const cents = dollarsToCents(d);
            if (cents !== null && Number.isNaN(cents)) saver.reject('commandData', 'Enter the command total in euros, e.g. 1250.00.');
            else save({ totalInCents: cents });
          }}
        />
      </div>
    </section>
  );
}
