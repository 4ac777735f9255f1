import { useEffect, useId, useState } from 'react';
import type { GuestView } from '@cpq/domain';
import { guestLabel, searchCandidates, SEARCH_DEBOUNCE_MS } from './guestSearch.ts';
import inline from '../common/inlineForm.module.css';
import styles from './userGroups.module.css';

/**
 * Add a member: a combobox (ARIA 1.2 pattern) over the organisation's guests. Arrow keys move
 * through the offers, Enter adds the highlighted one, Escape closes the list.
 */
export function GuestSearch({ guests, memberIds, groupTitle, onPick }: { guests: readonly GuestView[]; memberIds: readonly number[]; groupTitle: string; onPick(g: GuestView): void }) {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  // The highlighted offer (-1: none yet; ArrowDown highlights the first).
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(false);
  const listId = useId();

  useEffect(() => {
    const t = setTimeout(() => setQuery(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [text]);

  const offers = searchCandidates(guests, query, memberIds);
  const shown = open && query.trim() !== '';
  const optionId = (i: number) => `${listId}-${i}`;

  const pick = (g: GuestView) => {
    onPick(g);
    setText('');
    setQuery('');
    setActive(-1);
    setOpen(false);
  };

  return (
    <div className={styles.search}>
      <input
        className={inline.input}
        role="combobox"
        aria-label={`Add a guest to ${groupTitle}`}
        placeholder="Search guests by email"
        aria-expanded={shown}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={shown && offers[active] ? optionId(active) : undefined}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setActive(-1);
          setOpen(true);
        }}
        onBlur={() => setOpen(false)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setOpen(true);
            setActive((i) => Math.min(i + 1, Math.max(offers.length - 1, 0)));
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            setActive((i) => Math.max(i - 1, 0));
          } else if (e.key === 'Enter' && shown && offers[active]) {
            e.preventDefault();
            pick(offers[active]);
          } else if (e.key === 'Escape') {
            setOpen(false);
          }
        }}
      />
      <ul id={listId} role="listbox" aria-label="Matching guests" className={styles.offers} hidden={!shown}>
        {shown && offers.length === 0 ? (
          <li className={styles.noOffer} role="presentation">
            No guest matches.
          </li>
        ) : null}
        {shown
          ? offers.map((g, i) => (
              <li
                key={g.userId}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                className={i === active ? styles.activeOffer : styles.offer}
                // mousedown, not click: the input's blur would close the list first.
                onMouseDown={(e) => {
                  e.preventDefault();
                  pick(g);
                }}
              >
                {guestLabel(g)}
              </li>
            ))
          : null}
      </ul>
    </div>
  );
}
