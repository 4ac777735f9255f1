import { useId, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { shareeSuggestions, type ShareeCandidate, type ShareeSuggestion, type SuggestionContext } from '@cpq/domain';
import styles from './Share.module.css';

export interface ShareeSearchProps {
  candidates: readonly ShareeCandidate[];
  context: SuggestionContext;
  onChoose(choice: Exclude<ShareeSuggestion, { kind: 'invalid' }>): void;
  /** The text field, for the popup to move focus back to it. */
  inputRef?: RefObject<HTMLInputElement | null>;
}

const selectable = (s: ShareeSuggestion | undefined) => !!s && s.kind !== 'invalid';

/**
 * The sharee search: an ARIA combobox (list autocomplete, the first choice highlighted) over the
 * suggestions of `shareeSuggestions`. Arrow keys move, Enter or a click chooses, Escape closes the
 * list (then clears the text); the "not valid" entry is shown but cannot be chosen.
 */
export function ShareeSearch({ candidates, context, onChoose, inputRef }: ShareeSearchProps) {
  const id = useId();
  const listId = `${id}-list`;
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const ownRef = useRef<HTMLInputElement>(null);
  const input = inputRef ?? ownRef;
  const suggestions = useMemo(() => shareeSuggestions(term, candidates, context), [term, candidates, context]);
  const expanded = open && suggestions.length > 0;
  const activeIndex = expanded && selectable(suggestions[active]) ? active : -1;

  const firstSelectable = (list: readonly ShareeSuggestion[]) => list.findIndex((s) => s.kind !== 'invalid');
  const move = (step: 1 | -1) => {
    if (!suggestions.some((s) => s.kind !== 'invalid')) return;
    let i = activeIndex < 0 ? (step === 1 ? -1 : suggestions.length) : activeIndex;
    do i = (i + step + suggestions.length) % suggestions.length;
    while (!selectable(suggestions[i]));
    setActive(i);
  };
  const choose = (s: ShareeSuggestion | undefined) => {
    if (!s || s.kind === 'invalid') return;
    onChoose(s);
    setTerm('');
    setOpen(false);
    setActive(-1);
    input.current?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!expanded) {
        setOpen(true);
        setActive(firstSelectable(suggestions));
      } else move(e.key === 'ArrowDown' ? 1 : -1);
    } else if (e.key === 'Enter') {
      e.preventDefault(); // never submits a form
      if (expanded) choose(suggestions[activeIndex]);
    } else if (e.key === 'Escape') {
      // The list closes first, then the text clears; only an empty, closed field lets Escape close the popup.
      if (expanded) {
        e.stopPropagation();
        setOpen(false);
      } else if (term) {
        e.stopPropagation();
        setTerm('');
      }
    }
  };

  const count = suggestions.filter((s) => s.kind !== 'invalid').length;
  return (
    <div className={styles.combo}>
      <label htmlFor={id} className={styles.label}>
        Add people by name or email
      </label>
      <input
        ref={input}
        id={id}
        type="text"
        className={styles.input}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        {...(activeIndex >= 0 ? { 'aria-activedescendant': `${id}-opt-${activeIndex}` } : {})}
        autoComplete="off"
        spellCheck={false}
        value={term}
        placeholder="Name or email address"
        data-testid="sharee-search"
        onChange={(e) => {
          const next = e.target.value;
          setTerm(next);
          setOpen(true);
          setActive(firstSelectable(shareeSuggestions(next, candidates, context)));
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      <ul id={listId} role="listbox" aria-label="Suggestions" className={styles.listbox} hidden={!expanded} data-testid="sharee-suggestions">
        {expanded &&
          suggestions.map((s, i) => (
            <li
              key={s.kind === 'person' ? `p${s.candidate.userId}` : s.kind}
              id={`${id}-opt-${i}`}
              role="option"
              aria-selected={i === activeIndex}
              {...(s.kind === 'invalid' ? { 'aria-disabled': true } : {})}
              className={`${styles.option} ${i === activeIndex ? styles.optionActive : ''} ${s.kind === 'invalid' ? styles.optionInvalid : ''}`}
              // Keep focus in the field: the click chooses without a blur closing the list first.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(s)}
              data-kind={s.kind}
            >
              {s.label}
            </li>
          ))}
      </ul>
      <p className={styles.srOnly} role="status" aria-live="polite">
        {expanded ? (count === 0 ? suggestions[0]?.label ?? '' : `${count} suggestion${count === 1 ? '' : 's'}`) : ''}
      </p>
    </div>
  );
}
