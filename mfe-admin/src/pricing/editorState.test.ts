import { describe, expect, it } from 'vitest';
import { canSave, draftDate, editorLook, editorMessage, editorReducer, initialEditorState, savesOnKey, type EditorState } from './editorState.ts';

const version = { created: '2027-01-01 00:00:00', expressions: [{ type: 'fixed', props: { value: 100 }, operator: '+' }] };
const start = () => initialEditorState(version);
const edit = (s: EditorState, text: string) => editorReducer(s, { type: 'edit', text });
const ctrlS = { key: 's', ctrlKey: true, metaKey: false };
const cmdS = { key: 's', ctrlKey: false, metaKey: true };

describe('pricing version editor state', () => {
  it('shows the saved version as 2-space JSON, grey, with Save disabled', () => {
    const s = start();
    expect(s.text).toBe('{\n  "created": "2027-01-01 00:00:00",\n  "expressions": [\n    {\n      "type": "fixed",\n      "props": {\n        "value": 100\n      },\n      "operator": "+"\n    }\n  ]\n}');
    expect(editorLook(s)).toBe('clean');
    expect(editorMessage(s)).toBeNull();
    expect(canSave(s)).toBe(false);
  });

  it('is orange with "Unsaved changes" when the text differs from the saved version, and Save is enabled', () => {
    const s = edit(start(), '{"created":"2027-01-01","expressions":[]}');
    expect(editorLook(s)).toBe('unsaved');
    expect(editorMessage(s)).toBe('Unsaved changes');
    expect(canSave(s)).toBe(true);
  });

  it('is grey again when the text is typed back to the saved version', () => {
    const s0 = start();
    const s = edit(edit(s0, '{}'), s0.saved);
    expect(editorLook(s)).toBe('clean');
    expect(canSave(s)).toBe(false);
  });

  it('is red with "Invalid JSON: {parse error}" when the text does not parse, and Save is disabled', () => {
    const s = edit(start(), '{"created": ');
    expect(editorLook(s)).toBe('invalid');
    let message = '';
    try {
      JSON.parse('{"created": ');
    } catch (e) {
      message = (e as Error).message;
    }
    expect(editorMessage(s)).toBe(`Invalid JSON: ${message}`);
    expect(canSave(s)).toBe(false);
  });

  it('Ctrl+S and Cmd+S save only when the editor is focused, the JSON valid and changed', () => {
    const changed = edit(start(), '{"created":"2027-01-01","expressions":[]}');
    expect(savesOnKey(changed, ctrlS, true)).toBe(true);
    expect(savesOnKey(changed, cmdS, true)).toBe(true);
    expect(savesOnKey(changed, { key: 'S', ctrlKey: true, metaKey: false }, true)).toBe(true);
    expect(savesOnKey(changed, ctrlS, false)).toBe(false);
    expect(savesOnKey(changed, { key: 's', ctrlKey: false, metaKey: false }, true)).toBe(false);
    expect(savesOnKey(changed, { key: 'd', ctrlKey: true, metaKey: false }, true)).toBe(false);
    expect(savesOnKey(start(), ctrlS, true)).toBe(false);
    expect(savesOnKey(edit(start(), '{'), ctrlS, true)).toBe(false);
  });

  it('keeps Save disabled while a save runs; success makes the text the saved one', () => {
    const text = '{"created":"2027-01-01","expressions":[]}';
    const saving = editorReducer(edit(start(), text), { type: 'saveStarted' });
    expect(saving.saving).toBe(true);
    expect(canSave(saving)).toBe(false);
    expect(savesOnKey(saving, ctrlS, true)).toBe(false);
    const stored = '{\n  "created": "2027-01-01",\n  "expressions": []\n}';
    const done = editorReducer(saving, { type: 'saveSucceeded', saved: stored, sent: text });
    expect(done.text).toBe(stored);
    expect(editorLook(done)).toBe('clean');
    expect(canSave(done)).toBe(false);
  });

  it('keeps what was typed during a save, as a change against the stored version', () => {
    const text = '{"created":"2027-01-01","expressions":[]}';
    const saving = editorReducer(edit(start(), text), { type: 'saveStarted' });
    const typedMeanwhile = edit(saving, text + '\n');
    const done = editorReducer(typedMeanwhile, { type: 'saveSucceeded', saved: '{\n  "created": "2027-01-01",\n  "expressions": []\n}', sent: text });
    expect(done.text).toBe(text + '\n');
    expect(editorLook(done)).toBe('unsaved');
  });

  it('a save cannot start on an unchanged or invalid text', () => {
    expect(editorReducer(start(), { type: 'saveStarted' }).saving).toBe(false);
    expect(editorReducer(edit(start(), 'nope'), { type: 'saveStarted' }).saving).toBe(false);
  });

  it('a failed save keeps the text and its changes, shows the error, and Save is enabled again', () => {
    const text = '{"created":"2027-01-01","expressions":[{}]}';
    const failed = editorReducer(editorReducer(edit(start(), text), { type: 'saveStarted' }), { type: 'saveFailed', error: 'props.versions.1.expressions.0 is invalid' });
    expect(failed.saveError).toBe('props.versions.1.expressions.0 is invalid');
    expect(failed.text).toBe(text);
    expect(editorLook(failed)).toBe('unsaved');
    expect(canSave(failed)).toBe(true);
    // Typing again clears the old error.
    expect(edit(failed, text + ' ').saveError).toBeNull();
  });

  it('the date input sets created in the text and makes it a change', () => {
    const s = editorReducer(start(), { type: 'setCreated', created: '2030-05-01 00:00:00' });
    expect(JSON.parse(s.text)).toEqual({ ...version, created: '2030-05-01 00:00:00' });
    expect(draftDate(s)).toBe('2030-05-01');
    expect(editorLook(s)).toBe('unsaved');
    // Not while the text is invalid: nothing to set it in.
    const bad = edit(start(), '{');
    expect(editorReducer(bad, { type: 'setCreated', created: '2030-05-01 00:00:00' })).toBe(bad);
  });

  it('takes a new server version when nothing is typed, and keeps typed text otherwise', () => {
    const next = '{\n  "created": "2028-01-01",\n  "expressions": []\n}';
    expect(editorReducer(start(), { type: 'serverChanged', saved: next }).text).toBe(next);
    const typed = edit(start(), '{"x":1}');
    const kept = editorReducer(typed, { type: 'serverChanged', saved: next });
    expect(kept.text).toBe('{"x":1}');
    expect(kept.saved).toBe(next);
  });
});
