import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { MediumAssociations } from '@cpq/domain';
import type { Associable, AssociationKey } from './mediaApi.ts';
import { useDebounced } from './useDebounced.ts';
import styles from './media.module.css';

/** The spec's search debounce for media. */
export const SEARCH_DEBOUNCE_MS = 100;
const KIND: Record<AssociationKey, string> = { products: 'Product', productProperties: 'Property', productOptions: 'Option' };

const idOf = (a: Pick<Associable, 'key' | 'id'>) => `${a.key}:${a.id}`;

/** The associations as a list of (key, id), in the order products, properties, options. */
export function associationList(associations: MediumAssociations | undefined): Array<{ key: AssociationKey; id: number }> {
  return (['products', 'productProperties', 'productOptions'] as const).flatMap((key) => Object.keys(associations?.[key] ?? {}).map((id) => ({ key, id: Number(id) })));
}

function withAssociation(associations: MediumAssociations | undefined, a: { key: AssociationKey; id: number }, on: boolean): MediumAssociations {
  const next: MediumAssociations = {};
  for (const key of ['products', 'productProperties', 'productOptions'] as const) {
    const ids = { ...((associations?.[key] ?? {}) as Record<string, true>) };
    if (key === a.key) {
      if (on) ids[String(a.id)] = true;
      else delete ids[String(a.id)];
    }
    // Stored maps may hold other values ({}): written back as sets of ids.
    const set = Object.fromEntries(Object.keys(ids).map((id) => [id, true as const]));
    if (Object.keys(set).length) next[key] = set;
  }
  return next;
}

/**
 * Associations of one medium: chips (each removable with its button, or Backspace/Delete on it) and a
 * searchable dropdown of the organisation's products, properties and options (search 100 ms after
 * typing stops; the list at most 150 high; arrows, Enter and Escape work as in a combobox).
 */
export function AssociationPicker({
  associations,
  associables,
  onChange,
  disabled,
}: {
  associations: MediumAssociations | undefined;
  associables: Associable[];
  onChange(next: MediumAssociations): void;
  disabled?: boolean;
}) {
  const listId = useId();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const search = useDebounced((q: string) => {
    setQuery(q);
    setActive(0);
  }, SEARCH_DEBOUNCE_MS);

  const chosen = associationList(associations);
  const chosenIds = new Set(chosen.map(idOf));
  const byId = useMemo(() => new Map(associables.map((a) => [idOf(a), a])), [associables]);
  const matches = useMemo(() => {
    const q = query.trim().toLowerCase();
    return associables.filter((a) => !chosenIds.has(idOf(a)) && (!q || a.label.toLowerCase().includes(q) || KIND[a.key].toLowerCase().includes(q)));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [associables, query, chosen.map(idOf).join(',')]);

  const choose = (a: Associable) => {
    onChange(withAssociation(associations, a, true));
    setText('');
    setQuery('');
    setActive(0);
    inputRef.current?.focus();
  };
  const remove = (a: { key: AssociationKey; id: number }, index: number) => {
    onChange(withAssociation(associations, a, false));
    // Focus goes to the next chip, else the search field, never to the page.
    requestAnimationFrame(() => {
      const chips = box.current?.querySelectorAll<HTMLElement>('[data-chip]');
      (chips?.[Math.min(index, (chips?.length ?? 1) - 1)] ?? inputRef.current)?.focus();
    });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setOpen(true);
      setActive((i) => Math.min(i + 1, matches.length - 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (e.key === 'Enter' && open && matches[active]) {
      e.preventDefault();
      choose(matches[active]!);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      e.stopPropagation();
      setOpen(false);
    }
  };

  return (
    <div className={styles.picker} ref={box}>
      {chosen.length > 0 && (
        <ul className={styles.chips} aria-label="Associated with">
          {chosen.map((c, i) => {
            const a = byId.get(idOf(c));
            const label = a ? `${KIND[c.key]}: ${a.label}` : `${KIND[c.key]} ${c.id}`;
            return (
              <li key={idOf(c)} className={styles.chip}>
                <span>{label}</span>
                <button
                  type="button"
                  data-chip
                  className={styles.chipRemove}
                  aria-label={`Remove ${label}`}
                  disabled={disabled}
                  onClick={() => remove(c, i)}
                  onKeyDown={(e) => {
                    if (e.key === 'Backspace' || e.key === 'Delete') {
                      e.preventDefault();
                      remove(c, i);
                    }
                  }}
                >
                  ×
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <label htmlFor={inputId} className={styles.fieldLabel}>
        Associate with a product, property or option
      </label>
      <input
        id={inputId}
        ref={inputRef}
        className={styles.search}
        type="search"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && matches[active] ? `${listId}-${idOf(matches[active]!)}` : undefined}
        placeholder="Search…"
        value={text}
        disabled={disabled}
        onFocus={() => setOpen(true)}
        onBlur={(e) => {
          if (!box.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
        }}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          search(e.target.value);
        }}
        onKeyDown={onKeyDown}
      />
      {/* Always in the page (the field names it), hidden while closed or empty. */}
      <ul id={listId} role="listbox" className={styles.listbox} aria-label="Products, properties and options" data-testid="association-list" hidden={!open || matches.length === 0}>
        {matches.map((a, i) => (
          <li
            key={idOf(a)}
            id={`${listId}-${idOf(a)}`}
            role="option"
            aria-selected={i === active}
            className={`${styles.option} ${i === active ? styles.optionActive : ''}`}
            // Chosen on mouse down: a click would first blur the field and close the list.
            onMouseDown={(e) => {
              e.preventDefault();
              choose(a);
            }}
          >
            <span className={styles.optionKind}>{KIND[a.key]}</span> {a.label}
          </li>
        ))}
      </ul>
      {open && matches.length === 0 && (
        <p className={styles.noMatch} role="status" data-testid="association-none">
          {associables.length === 0 ? 'Nothing to associate yet.' : 'No matches.'}
        </p>
      )}
    </div>
  );
}
