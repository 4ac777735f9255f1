import { useState, type Dispatch, type SetStateAction } from 'react';

/**
 * What a person is typing over a saved value: it starts as the value and is reset to it whenever the
 * value changes (compared by `key`, the value itself by default; give a content key for objects).
 * The reset happens while rendering, not in an effect after mounting, so a field that appears never
 * overwrites text typed into it right away.
 */
export function useDraft<T>(value: T, key: unknown = value): [T, Dispatch<SetStateAction<T>>] {
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState<unknown>(key);
  if (!Object.is(seen, key)) {
    setSeen(key);
    setDraft(value);
  }
  return [draft, setDraft];
}
