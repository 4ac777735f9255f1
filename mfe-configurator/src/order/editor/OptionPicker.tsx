import { useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  computeAvailability,
  dimensionBounds,
  isSelectType,
  normaliseDimension,
  optionSwatch,
  parseNumberValue,
  reasonsInWords,
  stripNumericInput,
  type Availability,
  type DimensionData,
  type Product,
  type ProductOption,
  type ProductProperty,
  type PropertySelection,
} from '@cpq/domain';
import { filterOptions, noOptionsText, NO_RELEVANT_RESULTS, OPTION_INPUT_DEBOUNCE_MS, readExpanded, SEARCH_THRESHOLD, writeExpanded } from './logic.ts';
import type { EditorEngine, ItemView } from './itemViews.ts';
import type { Instance } from './writes.ts';
import { Swatch } from '@cpq/ui';
import styles from './Editor.module.css';
import pictures from './Pictures.module.css';

export interface PropertyGroupRow {
  id: number;
  title: string;
  rank: number;
}

export interface OptionPickerProps {
  item: Instance;
  product: Product;
  view: ItemView;
  engine: EditorEngine;
  role: string;
  /** Employees read rule names in the reasons. */
  employee: boolean;
  groups: readonly PropertyGroupRow[];
  readOnly: boolean;
  /** More than one item: apply-to-all is offered. */
  canApplyToAll: boolean;
  onChoose(propertyId: number, optionId: number): void;
  onValue(propertyId: number, entry: PropertySelection): void;
  onApplyToAll(propertyId: number, optionId: number): void;
  /** Properties edited elsewhere (the engravings, in their popup): not listed here. */
  hiddenPropertyIds?: ReadonlySet<number>;
  /**
   * Submit found this item incomplete: open this property, scroll to it and focus it, and say under
   * each missing property that it is needed (a new `seq` asks again). `onPointed` when done.
   */
  pointAt?: { propertyId: number; seq: number } | null;
  onPointed?(): void;
}

/** The active item's properties, one expandable section each, grouped as the catalogue groups them. */
export function OptionPicker(props: OptionPickerProps) {
  const { item, product, engine, role } = props;
  const [showUnavailable, setShowUnavailable] = useState(false);
  const [expanded, setExpanded] = useState<number | null>(() => readExpanded(product.id));
  useEffect(() => setExpanded(readExpanded(product.id)), [product.id]);
  const root = useRef<HTMLDivElement>(null);
  const pointAt = props.pointAt ?? null;
  const onPointed = useRef(props.onPointed);
  onPointed.current = props.onPointed;
  // Once a submit pointed here, each missing property says it is needed (until the item changes).
  const [pointed, setPointed] = useState(false);
  useEffect(() => {
    if (!pointAt) return;
    setExpanded(pointAt.propertyId);
    setPointed(true);
    // After the section has opened: bring its header into view and focus it.
    const frame = requestAnimationFrame(() => {
      const header = root.current?.querySelector<HTMLElement>(`[data-property-header="${pointAt.propertyId}"]`);
      header?.scrollIntoView?.({ block: 'center' });
      header?.focus({ preventScroll: true });
      onPointed.current?.();
    });
    return () => cancelAnimationFrame(frame);
  }, [pointAt]);
  const toggle = (id: number) => {
    const next = expanded === id ? null : id;
    setExpanded(next);
    writeExpanded(product.id, next);
  };
  const availability = useMemo(
    () => computeAvailability({ product, instance: item, catalogue: engine.catalogue, viewer: { role }, optionFilters: engine.hooks.optionFilters }),
    [product, item, engine, role],
  );
  const all = engine.catalogue.propertiesOf(product.id);
  const hidden = props.hiddenPropertyIds;
  const properties = useMemo(() => (hidden?.size ? all.filter((p) => !hidden.has(p.id)) : all), [all, hidden]);
  const sections = useMemo(() => {
    const byGroup = new Map<number | null, ProductProperty[]>();
    for (const p of properties) {
      const g = p.productPropertyGroupId !== null && props.groups.some((x) => x.id === p.productPropertyGroupId) ? p.productPropertyGroupId : null;
      byGroup.set(g, [...(byGroup.get(g) ?? []), p]);
    }
    const ordered = [...props.groups].sort((a, b) => a.rank - b.rank || a.id - b.id).filter((g) => byGroup.has(g.id));
    const out = ordered.map((g) => ({ key: `g${g.id}`, title: g.title, properties: byGroup.get(g.id)! }));
    if (byGroup.has(null)) out.push({ key: 'other', title: ordered.length ? 'Other options' : '', properties: byGroup.get(null)! });
    return out;
  }, [properties, props.groups]);

  if (!properties.length) return <p className={styles.muted}>This product has no options to choose.</p>;
  return (
    <div className={styles.picker} data-testid="option-picker" ref={root}>
      <label className={styles.checkboxLine}>
        <input type="checkbox" checked={showUnavailable} onChange={(e) => setShowUnavailable(e.target.checked)} data-testid="show-unavailable" />
        Show unavailable options
      </label>
      {sections.map((s) => (
        <section key={s.key} className={styles.group} aria-label={s.title || 'Options'}>
          {s.title && <h3 className={styles.groupTitle}>{s.title}</h3>}
          {s.properties.map((p) => (
            <PropertySection
              key={p.id}
              {...props}
              property={p}
              availability={availability}
              expanded={expanded === p.id}
              onToggle={() => toggle(p.id)}
              showUnavailable={showUnavailable}
              pointed={pointed}
            />
          ))}
        </section>
      ))}
    </div>
  );
}

function selectionText(property: ProductProperty, sel: PropertySelection | undefined, option: ProductOption | undefined): string {
  if (isSelectType(property.type)) return option?.title ?? (sel?.optionId != null ? 'ERROR' : 'Not chosen');
  if (property.type === 'checkbox') return sel?.value === 1 || sel?.value === '1' ? 'Yes' : 'No';
  if (Array.isArray(sel?.text) && sel.text.length) return sel.text.join(' / ');
  const v = sel?.value;
  return v === null || v === undefined || v === '' ? 'Not set' : String(v);
}

function PropertySection(p: OptionPickerProps & { property: ProductProperty; availability: Availability; expanded: boolean; onToggle(): void; showUnavailable: boolean; pointed: boolean }) {
  const { property, item, view } = p;
  const bodyId = useId();
  const neededId = useId();
  // Required (decision 0091): marked on every required property; missing ones are edged until chosen.
  // An item that cannot change (a submitted order) shows what was chosen, without asking for more.
  const required = !p.readOnly && view.completeness.requiredPropertyIds.includes(property.id);
  const missing = required && view.completeness.missing.some((m) => m.propertyId === property.id);
  const sel = item.properties?.[String(property.id)];
  const option = typeof sel?.optionId === 'number' ? p.engine.catalogue.option(sel.optionId) : undefined;
  const invalid = view.invalidPropertyIds.has(property.id);
  const issue = invalid ? view.issues.find((i) => i.propertyId === property.id && i.severity === 'error') : undefined;
  return (
    <div
      className={`${styles.property} ${invalid ? styles.propertyInvalid : ''} ${missing ? styles.propertyMissing : ''}`}
      data-testid={`property-${property.id}`}
      data-invalid={invalid ? '1' : '0'}
      data-required={required ? '1' : '0'}
      data-missing={missing ? '1' : '0'}
    >
      <button
        type="button"
        className={styles.propertyHeader}
        aria-expanded={p.expanded}
        aria-controls={bodyId}
        aria-describedby={missing && p.pointed ? neededId : undefined}
        onClick={p.onToggle}
        data-property-header={property.id}
      >
        <span className={styles.propertyTitle}>{property.title}</span>
        {required && (
          <span className={`${styles.required} ${missing ? '' : styles.requiredDone}`} data-testid="property-required">
            Required
          </span>
        )}
        <span className={styles.propertyValue} data-testid="property-value">
          {selectionText(property, sel, option)}
          {invalid && <span className={styles.srOnly}> (invalid)</span>}
        </span>
        <span aria-hidden="true" className={styles.chevron}>
          {p.expanded ? '▾' : '▸'}
        </span>
      </button>
      {issue && (
        <p className={styles.propertyIssue} data-testid="property-issue">
          {issue.message}
        </p>
      )}
      {missing && p.pointed && (
        <p id={neededId} className={styles.propertyNeeded} data-testid="property-needed">
          {isSelectType(property.type) ? `Choose ${/^[aeiou]/i.test(property.title) ? 'an' : 'a'} ${property.title} to submit this order.` : `Enter the ${property.title} to submit this order.`}
        </p>
      )}
      {p.expanded && (
        <div id={bodyId} className={styles.propertyBody}>
          {isSelectType(property.type) ? <SelectOptions {...p} selectedId={option?.id ?? null} /> : <ValueInput {...p} selection={sel} required={required} />}
        </div>
      )}
    </div>
  );
}

function SelectOptions(p: OptionPickerProps & { property: ProductProperty; availability: Availability; showUnavailable: boolean; selectedId: number | null }) {
  const { property, availability, engine } = p;
  const [query, setQuery] = useState('');
  const pa = availability.properties[String(property.id)] ?? { offered: [], unavailable: [] };
  const offered = pa.offered.map((id) => engine.catalogue.option(id)).filter((o): o is ProductOption => !!o);
  const unavailable = pa.unavailable
    .map((u) => ({ option: engine.catalogue.option(u.optionId), reasons: u.reasons }))
    .filter((u): u is { option: ProductOption; reasons: typeof u.reasons } => !!u.option);
  const total = offered.length + unavailable.length;
  const shownOffered = filterOptions(offered, query);
  const shownUnavailable = p.showUnavailable ? unavailable.filter((u) => filterOptions([u.option], query).length > 0) : [];
  const searchId = useId();
  return (
    <>
      {total > SEARCH_THRESHOLD && (
        <>
          <label htmlFor={searchId} className={styles.srOnly}>
            Search {property.title}
          </label>
          <input id={searchId} type="search" className={styles.input} placeholder={`Search ${property.title}…`} value={query} onChange={(e) => setQuery(e.target.value)} data-testid="option-search" />
        </>
      )}
      {offered.length === 0 && (
        <p className={styles.muted} data-testid="no-options">
          {noOptionsText(property.title)}
        </p>
      )}
      {offered.length > 0 && shownOffered.length === 0 && shownUnavailable.length === 0 && (
        <p className={styles.muted} data-testid="no-results">
          {NO_RELEVANT_RESULTS}
        </p>
      )}
      {(shownOffered.length > 0 || shownUnavailable.length > 0) && (
        <ul className={styles.optionList} aria-label={`${property.title} options`}>
          {shownOffered.map((o) => (
            <li key={o.id} className={styles.optionRow}>
              <button
                type="button"
                className={`${styles.option} ${o.id === p.selectedId ? styles.optionChosen : ''}`}
                aria-pressed={o.id === p.selectedId}
                disabled={p.readOnly}
                onClick={() => o.id !== p.selectedId && p.onChoose(property.id, o.id)}
                data-testid={`option-${o.id}`}
              >
                <Swatch swatch={optionSwatch(property, o)} size="md" className={pictures.chipSwatch} />
                {o.title}
              </button>
              {o.id === p.selectedId && p.canApplyToAll && !p.readOnly && (
                <button type="button" className={styles.linkButton} onClick={() => p.onApplyToAll(property.id, o.id)} data-testid="apply-to-all">
                  Apply to all
                </button>
              )}
            </li>
          ))}
          {shownUnavailable.map((u) => (
            <li key={u.option.id} className={styles.optionRow}>
              <button
                type="button"
                className={`${styles.option} ${styles.optionUnavailable} ${u.option.id === p.selectedId ? styles.optionChosen : ''}`}
                aria-pressed={u.option.id === p.selectedId}
                aria-describedby={`why-${property.id}-${u.option.id}`}
                disabled={p.readOnly}
                onClick={() => u.option.id !== p.selectedId && p.onChoose(property.id, u.option.id)}
                data-testid={`option-${u.option.id}`}
                data-unavailable="1"
              >
                <Swatch swatch={optionSwatch(property, u.option)} size="md" className={pictures.chipSwatch} />
                {u.option.title}
              </button>
              <span id={`why-${property.id}-${u.option.id}`} className={styles.reason} data-testid="unavailable-reason">
                {reasonsInWords(u.reasons, engine.catalogue, p.employee).join('; ')}
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** Dimensions, number, text and checkbox values: typed values apply after a short pause, dimensions when the field is left. */
function ValueInput(p: OptionPickerProps & { property: ProductProperty; selection: PropertySelection | undefined; required?: boolean }) {
  const { property, selection } = p;
  const id = useId();
  const external = property.type !== 'checkbox' && property.isArray ? (selection?.text ?? []).join('\n') : String(selection?.value ?? '');
  const [draft, setDraft] = useState(external);
  const focused = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    if (!focused.current) setDraft(external);
  }, [external]);
  // A value typed within the pause is still applied when the field goes away (another property
  // opened at once closes this one): dropping it lost what the person had typed.
  const pending = useRef<(() => void) | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      pending.current?.();
    },
    [],
  );
  const later = (fn: () => void) => {
    if (timer.current) clearTimeout(timer.current);
    pending.current = fn;
    timer.current = setTimeout(() => {
      pending.current = null;
      fn();
    }, OPTION_INPUT_DEBOUNCE_MS);
  };

  if (property.type === 'checkbox') {
    return (
      <label className={styles.checkboxLine}>
        <input type="checkbox" checked={selection?.value === 1 || selection?.value === '1'} disabled={p.readOnly} onChange={(e) => p.onValue(property.id, { value: e.target.checked ? 1 : 0 })} data-testid={`value-${property.id}`} />
        {property.title}
      </label>
    );
  }
  if (property.type === 'dimensions') {
    const data = property.data as DimensionData;
    const { min, max, interval } = dimensionBounds(data);
    const commit = () => {
      focused.current = false;
      if (draft.trim() === '') return;
      const v = normaliseDimension(draft, data);
      setDraft(String(v));
      if (String(v) !== String(selection?.value ?? '')) p.onValue(property.id, { value: v });
    };
    return (
      <div className={styles.field}>
        <label htmlFor={id} className={styles.label}>
          {property.title} (mm)
        </label>
        <input
          id={id}
          className={styles.input}
          inputMode="decimal"
          value={draft}
          disabled={p.readOnly}
          onFocus={() => (focused.current = true)}
          onChange={(e) => setDraft(stripNumericInput(e.target.value))}
          onBlur={commit}
          onKeyDown={(e) => e.key === 'Enter' && commit()}
          aria-describedby={`${id}-hint`}
          aria-required={p.required || undefined}
          data-testid={`value-${property.id}`}
        />
        <span id={`${id}-hint`} className={styles.hint}>
          {max === null ? `At least ${min}` : `${min} to ${max}`}
          {interval > 0 ? `, in steps of ${interval}` : ''}. Applied when you leave the field.
        </span>
      </div>
    );
  }
  if (property.type === 'number') {
    return (
      <div className={styles.field}>
        <label htmlFor={id} className={styles.label}>
          {property.title}
        </label>
        <input
          id={id}
          className={styles.input}
          inputMode="numeric"
          value={draft}
          disabled={p.readOnly}
          onFocus={() => (focused.current = true)}
          onBlur={() => (focused.current = false)}
          onChange={(e) => {
            const v = stripNumericInput(e.target.value);
            setDraft(v);
            later(() => p.onValue(property.id, { value: parseNumberValue(v) }));
          }}
          data-testid={`value-${property.id}`}
        />
      </div>
    );
  }
  const placeholder = typeof (property as { placeHolder?: unknown }).placeHolder === 'string' ? (property as { placeHolder?: string }).placeHolder : undefined;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {property.title}
        {property.isArray ? ' (one line each)' : ''}
      </label>
      {property.isArray ? (
        <textarea
          id={id}
          className={styles.input}
          rows={3}
          value={draft}
          disabled={p.readOnly}
          onFocus={() => (focused.current = true)}
          onBlur={() => (focused.current = false)}
          onChange={(e) => {
            setDraft(e.target.value);
            const lines = e.target.value.split('\n');
            later(() => p.onValue(property.id, { text: lines }));
          }}
          data-testid={`value-${property.id}`}
        />
      ) : (
        <input
          id={id}
          className={styles.input}
          value={draft}
          placeholder={placeholder}
          maxLength={10000}
          disabled={p.readOnly}
          onFocus={() => (focused.current = true)}
          onBlur={() => (focused.current = false)}
          onChange={(e) => {
            setDraft(e.target.value);
            const v = e.target.value;
            later(() => p.onValue(property.id, { value: v }));
          }}
          data-testid={`value-${property.id}`}
        />
      )}
    </div>
  );
}
