import { useEffect, useRef } from 'react';
import type { editor } from './monaco.ts';
import { resources } from '../common/index.ts';
import type { CatalogueIds } from './completions.ts';
import type { KeyPress } from './editorState.ts';
import { attachModel, setupMonaco } from './monacoSetup.ts';
import styles from './pricing.module.css';

export interface MonacoFieldProps {
  /** The model URI (one per version), matched by the schema registration. */
  uri: string;
  value: string;
  onChange(text: string): void;
  /** A key pressed in the editor; true when it was handled (the browser's own action is then stopped). */
  onKey(press: KeyPress, focused: boolean): boolean;
  label: string;
  describedBy?: string;
  orgId: number;
}

const idsByOrg = new Map<number, Promise<CatalogueIds>>();

/** The organisation's property and option ids with their titles, read once per organisation. */
function catalogueIdsOf(orgId: number): Promise<CatalogueIds> {
  let p = idsByOrg.get(orgId);
  if (!p) {
    p = Promise.all([resources.get('productProperties', { orgId }), resources.get('productOptions', { orgId })]).then(([props, opts]) => {
      const propTitle = new Map(props.map((r) => [r.id, String(r.title ?? '')]));
      return {
        properties: props.map((r) => ({ id: r.id, title: String(r.title ?? '') })).sort((a, b) => a.id - b.id),
        options: opts
          .map((r) => ({ id: r.id, title: String(r.title ?? ''), detail: propTitle.get(Number(r.productPropertyId)) ?? `property ${String(r.productPropertyId)}` }))
          .sort((a, b) => a.id - b.id),
      };
    });
    // A failed read is tried again next time (completions are a help, not a requirement).
    p.catch(() => idsByOrg.delete(orgId));
    idsByOrg.set(orgId, p);
  }
  return p;
}

/** A Monaco editor in JSON mode (2-space indent) for one pricing version. Default export: loaded lazily. */
export default function MonacoField({ uri, value, onChange, onKey, label, describedBy, orgId }: MonacoFieldProps) {
  const host = useRef<HTMLDivElement>(null);
  const editorRef = useRef<editor.IStandaloneCodeEditor | null>(null);
  const callbacks = useRef({ onChange, onKey });
  callbacks.current = { onChange, onKey };

  useEffect(() => {
    const monaco = setupMonaco();
    const model = monaco.editor.createModel(value, 'json', monaco.Uri.parse(uri));
    model.updateOptions({ tabSize: 2, insertSpaces: true });
    const detach = attachModel(uri, catalogueIdsOf(orgId));
    const ed = monaco.editor.create(host.current!, {
      model,
      ariaLabel: label,
      automaticLayout: true,
      minimap: { enabled: false },
      scrollBeyondLastLine: false,
      tabSize: 2,
      insertSpaces: true,
      detectIndentation: false,
      fontSize: 13,
      fixedOverflowWidgets: true,
      quickSuggestions: { other: true, strings: true, comments: false },
      // Words of other versions are no help here: the schema and the catalogue ids are.
      wordBasedSuggestions: 'off',
    });
    editorRef.current = ed;
    const changes = model.onDidChangeContent(() => callbacks.current.onChange(model.getValue()));
    const keys = ed.onKeyDown((e) => {
      const b = e.browserEvent;
      const press = { key: b.key, ctrlKey: b.ctrlKey, metaKey: b.metaKey, altKey: b.altKey };
      // Ctrl/Cmd+S never opens the browser's "save page" from the editor, saved or not.
      const isSaveKey = press.key.toLowerCase() === 's' && (press.ctrlKey || press.metaKey);
      if (callbacks.current.onKey(press, ed.hasTextFocus()) || isSaveKey) {
        e.preventDefault();
        e.stopPropagation();
      }
    });
    return () => {
      keys.dispose();
      changes.dispose();
      ed.dispose();
      model.dispose();
      detach();
      editorRef.current = null;
    };
    // The editor is created once per model URI; later values arrive through the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [uri]);

  // A value from outside (a save that reformatted the text, the date input): replace the text, undoably.
  useEffect(() => {
    const ed = editorRef.current;
    const model = ed?.getModel();
    if (!ed || !model || model.getValue() === value) return;
    ed.executeEdits('pricing-editor', [{ range: model.getFullModelRange(), text: value }]);
    ed.pushUndoStop();
  }, [value]);

  // The save state message describes the editor's input (Monaco's edit context, or its textarea where there is none).
  useEffect(() => {
    const input = host.current?.querySelector('.native-edit-context') ?? host.current?.querySelector('textarea:not([aria-hidden="true"])');
    if (input && describedBy) input.setAttribute('aria-describedby', describedBy);
  });

  return <div ref={host} className={styles.monacoHost} data-testid="monaco-host" />;
}
