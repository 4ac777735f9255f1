import { Suspense, lazy, useRef, useState, type KeyboardEvent } from 'react';
import type { ProductGraphicNode } from '@cpq/domain';
import type { ProductGraphicEditorProps } from '@cpq/client';
import { Button, Modal } from '@cpq/ui';
import { addChild, findNode, flatten, removeNode, updateProps, type Addable } from './tree.ts';
import styles from './ProductGraphicEditor.module.css';

/** three.js loads with this chunk only, on the product graphic route. */
const Preview3D = lazy(() => import('./Preview3D.tsx'));

const EDITABLE_NUMBERS = ['x', 'y', 'z', 'width', 'height', 'depth'] as const;

function webglAvailable(): boolean {
  try {
    const c = document.createElement('canvas');
    return !!(c.getContext('webgl2') ?? c.getContext('webgl'));
  } catch {
    return false;
  }
}

/** The product graphic editor: node tree, property panel and 3D preview; saved with one explicit Save. */
export function ProductGraphicEditor({ graphic, onSave }: ProductGraphicEditorProps) {
  const [nodes, setNodes] = useState<ProductGraphicNode[]>(() => structuredClone(graphic.nodes));
  const [selectedId, setSelectedId] = useState<string | number | null>(graphic.nodes[0]?.id ?? null);
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState<{ tone: 'info' | 'error'; text: string } | null>(null);
  const [confirming, setConfirming] = useState<string | number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const counter = useRef(1);
  const selected = selectedId === null ? null : findNode(nodes, selectedId);
  const rows = flatten(nodes);
  const [webgl] = useState(webglAvailable);

  const change = (next: ProductGraphicNode[]) => {
    setNodes(next);
    setDirty(true);
    setStatus(null);
  };

  const add = (type: Addable) => {
    if (!selected) return;
    const id = `${type}-${Date.now().toString(36)}-${counter.current++}`;
    const r = addChild(nodes, selected.id, type, id);
    if (!r.ok) return setStatus({ tone: 'error', text: r.message });
    change(r.nodes);
    setSelectedId(id);
  };

  const askDelete = () => {
    if (!selected) return;
    // The top-level group is refused before asking.
    const check = removeNode(nodes, selected.id);
    if (!check.ok) return setRefusal(check.message);
    setConfirming(selected.id);
  };

  const onTreeKey = (e: KeyboardEvent<HTMLUListElement>) => {
    const i = rows.findIndex((r) => r.node.id === selectedId);
    if (e.key === 'ArrowDown' && i < rows.length - 1) setSelectedId(rows[i + 1]!.node.id);
    else if (e.key === 'ArrowUp' && i > 0) setSelectedId(rows[i - 1]!.node.id);
    else if (e.key === 'Backspace' || e.key === 'Delete') askDelete();
    else return;
    e.preventDefault();
  };

  const save = async () => {
    setSaving(true);
    setStatus(null);
    try {
      await onSave(nodes);
      setDirty(false);
      setStatus({ tone: 'info', text: 'Saved.' });
    } catch (err) {
      setStatus({ tone: 'error', text: `Not saved: ${err instanceof Error ? err.message : String(err)}` });
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className={styles.editor} data-testid="graphic-editor">
      <div className={styles.toolbar}>
        <Button onClick={() => add('group')} disabled={selected?.type !== 'group'} variant="secondary" data-testid="add-group">
          Add group
        </Button>
        <Button onClick={() => add('cube')} disabled={selected?.type !== 'group'} variant="secondary" data-testid="add-cube">
          Add cube
        </Button>
        <Button onClick={askDelete} disabled={!selected} variant="secondary">
          Delete node
        </Button>
        <Button onClick={() => void save()} disabled={!dirty || saving} data-testid="save-graphic">
          {saving ? 'Saving…' : 'Save'}
        </Button>
        <span role="status" aria-live="polite" className={status?.tone === 'error' ? styles.error : styles.status} data-testid="graphic-status">
          {status?.text ?? (dirty ? 'Unsaved changes' : '')}
        </span>
      </div>
      <div className={styles.body}>
        <section aria-label="Nodes" className={styles.panel}>
          <h2 className={styles.heading}>Nodes</h2>
          <ul role="tree" aria-label="Graphic nodes" tabIndex={0} onKeyDown={onTreeKey} className={styles.tree} aria-activedescendant={selectedId !== null ? `gnode-${selectedId}` : undefined} data-testid="graphic-tree">
            {rows.map(({ node, depth }) => (
              <li
                key={String(node.id)}
                id={`gnode-${node.id}`}
                role="treeitem"
                aria-selected={node.id === selectedId}
                aria-level={depth + 1}
                className={node.id === selectedId ? styles.selected : undefined}
                style={{ paddingLeft: `calc(${depth} * var(--space-4) + var(--space-2))` }}
                onClick={() => setSelectedId(node.id)}
              >
                {node.title || node.id} <span className={styles.type}>{node.type}</span>
              </li>
            ))}
          </ul>
        </section>
        <section aria-label="Properties" className={styles.panel}>
          <h2 className={styles.heading}>Properties</h2>
          {selected ? (
            <div className={styles.fields} key={String(selected.id)}>
              <label className={styles.field}>
                Title
                <input defaultValue={selected.title ?? ''} onBlur={(e) => e.target.value !== (selected.title ?? '') && change(updateTitle(nodes, selected.id, e.target.value))} />
              </label>
              {EDITABLE_NUMBERS.filter((k) => k in selected.props || selected.type === 'group' || selected.type === 'cube').map((k) => (
                <label className={styles.field} key={k}>
                  {k}
                  <input
                    defaultValue={String(selected.props[k] ?? '')}
                    onBlur={(e) => {
                      const raw = e.target.value.trim();
                      // A formula (=...) is kept as written; anything else must be a number.
                      if (raw.startsWith('=')) return raw !== selected.props[k] && change(updateProps(nodes, selected.id, { [k]: raw }));
                      const n = Number.parseFloat(raw);
                      if (!Number.isFinite(n)) return setStatus({ tone: 'error', text: `${k}: enter a number or a formula starting with =.` });
                      if (n !== selected.props[k]) change(updateProps(nodes, selected.id, { [k]: n }));
                    }}
                  />
                </label>
              ))}
              {'fill' in selected.props || selected.type === 'cube' ? (
                <label className={styles.field}>
                  fill
                  <input defaultValue={String(selected.props.fill ?? '')} data-testid="fill-input" onBlur={(e) => e.target.value !== selected.props.fill && change(updateProps(nodes, selected.id, { fill: e.target.value.trim() }))} />
                </label>
              ) : null}
              {selected.condition ? (
                <p className={styles.condition}>
                  Drawn only when property {selected.condition.productPropertyId} has option {selected.condition.productOptionId}.
                </p>
              ) : null}
            </div>
          ) : (
            <p>Select a node.</p>
          )}
        </section>
        <section aria-label="3D preview" className={styles.preview}>
          {webgl ? (
            <Suspense fallback={<p role="status">Loading the 3D preview…</p>}>
              <Preview3D nodes={nodes} selectedId={selectedId} />
            </Suspense>
          ) : (
            <p className={styles.error}>This browser cannot show 3D (WebGL is off). The tree and properties still work.</p>
          )}
        </section>
      </div>
      {confirming !== null && (
        <Modal
          title="Are you sure?"
          onClose={() => setConfirming(null)}
          testId="confirm-delete-node"
          footer={
            <>
              {/* A deletion: Cancel has the focus (decision 0093). */}
              <Button variant="secondary" onClick={() => setConfirming(null)} data-autofocus>
                Cancel
              </Button>
              <Button
                onClick={() => {
                  const r = removeNode(nodes, confirming);
                  setConfirming(null);
                  if (r.ok) {
                    change(r.nodes);
                    setSelectedId(r.nodes[0]?.id ?? null);
                  }
                }}
              >
                Delete
              </Button>
            </>
          }
        >
          <p>“{findNode(nodes, confirming)?.title ?? confirming}” and everything inside it will be removed from the graphic.</p>
        </Modal>
      )}
      {refusal && (
        <Modal title="This node stays" onClose={() => setRefusal(null)} testId="top-level-refusal" footer={<Button onClick={() => setRefusal(null)}>OK</Button>}>
          <p>{refusal}</p>
        </Modal>
      )}
    </div>
  );
}

function updateTitle(nodes: ProductGraphicNode[], id: string | number, title: string): ProductGraphicNode[] {
  const walk = (list: ProductGraphicNode[]): ProductGraphicNode[] => list.map((n) => ({ ...n, ...(n.id === id ? { title } : {}), children: walk(n.children ?? []) }));
  return walk(nodes);
}
