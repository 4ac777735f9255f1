import { versionContent, type PricingRuleVersion } from '@cpq/domain';

/**
 * The state of one pricing version editor, pure (no DOM, no Monaco): the saved text, the typed text,
 * whether it parses, and the save in flight. The rules: 'Invalid JSON: {message}' when the text does
 * not parse (red border), 'Unsaved changes' when it differs from the saved version (orange), grey
 * otherwise; Save is enabled only when the JSON is valid and changed; Ctrl/Cmd+S saves when the editor
 * is focused, valid and changed; a failed save shows 'Save failed: {error}'.
 */
export type Parsed = { ok: true; value: unknown } | { ok: false; message: string };

export interface EditorState {
  /** The version as the server has it, as the editor shows it (2-space JSON). */
  saved: string;
  text: string;
  parsed: Parsed;
  saving: boolean;
  saveError: string | null;
}

export type EditorAction =
  | { type: 'edit'; text: string }
  /** The draft's date input: sets `created` in the text (only while the text is valid JSON). */
  | { type: 'setCreated'; created: string }
  | { type: 'saveStarted' }
  /** `saved`: the version as the server stored it; `sent`: the text that was saved. */
  | { type: 'saveSucceeded'; saved: string; sent: string }
  | { type: 'saveFailed'; error: string }
  /** The server's version changed under the editor (another save): take it when nothing is typed. */
  | { type: 'serverChanged'; saved: string };

/**
 * What the editor shows of a stored version: what prices. Whether it is a draft, and who drafted or
 * published it, belong to the server (it keeps them whatever a save sends).
 */
function editable(version: unknown): unknown {
  return version && typeof version === 'object' && !Array.isArray(version) ? versionContent(version as PricingRuleVersion) : version;
}

/** The editor's text for a stored version: its content as 2-space indented JSON. */
export function versionText(version: unknown): string {
  return JSON.stringify(editable(version), null, 2);
}

export function parseJson(text: string): Parsed {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (e) {
    return { ok: false, message: e instanceof Error ? e.message : String(e) };
  }
}

export function initialEditorState(version: unknown): EditorState {
  const saved = versionText(version);
  return { saved, text: saved, parsed: { ok: true, value: editable(version) }, saving: false, saveError: null };
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'edit':
      if (action.text === state.text) return state;
      return { ...state, text: action.text, parsed: parseJson(action.text), saveError: null };
    case 'setCreated': {
      const value = state.parsed.ok ? state.parsed.value : undefined;
      if (!value || typeof value !== 'object' || Array.isArray(value)) return state;
      const next = { ...(value as Record<string, unknown>), created: action.created };
      return { ...state, text: versionText(next), parsed: { ok: true, value: next }, saveError: null };
    }
    case 'saveStarted':
      return canSave(state) ? { ...state, saving: true, saveError: null } : state;
    case 'saveSucceeded': {
      // The editor shows the version as stored (2-space JSON); what was typed during the save stays.
      if (state.text !== action.sent) return { ...state, saved: action.saved, saving: false, saveError: null };
      return { saved: action.saved, text: action.saved, parsed: parseJson(action.saved), saving: false, saveError: null };
    }
    case 'saveFailed':
      return { ...state, saving: false, saveError: action.error };
    case 'serverChanged':
      if (action.saved === state.saved) return state;
      return isChanged(state) ? { ...state, saved: action.saved } : { ...state, saved: action.saved, text: action.saved, parsed: parseJson(action.saved) };
  }
}

export function isChanged(state: EditorState): boolean {
  return state.text !== state.saved;
}

export type EditorLook = 'invalid' | 'unsaved' | 'clean';

/** Which border the editor gets: red invalid, orange unsaved, grey otherwise. */
export function editorLook(state: EditorState): EditorLook {
  if (!state.parsed.ok) return 'invalid';
  return isChanged(state) ? 'unsaved' : 'clean';
}

/** The line under the editor: the parse error, or 'Unsaved changes', or nothing. */
export function editorMessage(state: EditorState): string | null {
  if (!state.parsed.ok) return `Invalid JSON: ${state.parsed.message}`;
  return isChanged(state) ? 'Unsaved changes' : null;
}

/** Save is enabled only when the JSON is valid and changed (and no save is running). */
export function canSave(state: EditorState): boolean {
  return state.parsed.ok && isChanged(state) && !state.saving;
}

export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey?: boolean;
}

/** Ctrl+S (Cmd+S on a Mac) saves when the editor is focused, valid and changed. */
export function savesOnKey(state: EditorState, press: KeyPress, focused: boolean): boolean {
  const isSaveKey = press.key.toLowerCase() === 's' && (press.ctrlKey || press.metaKey) && !press.altKey;
  return isSaveKey && focused && canSave(state);
}

/** The draft's `created` date (YYYY-MM-DD) for the date input, or '' when the text has none. */
export function draftDate(state: EditorState): string {
  const value = state.parsed.ok ? state.parsed.value : undefined;
  const created = value && typeof value === 'object' ? (value as { created?: unknown }).created : undefined;
  return typeof created === 'string' && /^\d{4}-\d{2}-\d{2}/.test(created) ? created.slice(0, 10) : '';
}
