import { useCallback, useEffect, useRef, useState } from 'react';
import { api, errorMessage, type OrderData, type SpatialRows } from '@cpq/client';
import type { SpatialResourceKey } from '@cpq/domain';

export type SpatialDoc = { [K in SpatialResourceKey]: SpatialRows[K][] };
/** What the canvas says under the stage; 'progress' (a long run, step by step) shows over "Saving…". */
export type Status = { tone: 'info' | 'error' | 'progress'; message: string } | null;

const KEYS: readonly SpatialResourceKey[] = ['archWalls', 'archElevations', 'archCustomViews', 'entities', 'productCanvasTexts', 'productCanvasLines'];
const docOf = (data: OrderData): SpatialDoc => Object.fromEntries(KEYS.map((k) => [k, [...((data[k] as unknown[]) ?? [])]])) as SpatialDoc;

/**
 * The order's drawing as the canvas edits it: changes show at once and are saved one call at a time;
 * a refused save puts the drawing back as it was and says why.
 */
export function useSpatialDoc(data: OrderData, ids: { orgId: number; productOrderId: number }) {
  const [doc, setDoc] = useState<SpatialDoc>(() => docOf(data));
  const [status, setStatus] = useState<Status>(null);
  const [saving, setSaving] = useState(0);
  const docRef = useRef(doc);
  docRef.current = doc;
  useEffect(() => setDoc(docOf(data)), [data]);

  const run = useCallback(async <T,>(work: () => Promise<T>, undo: SpatialDoc | null, done?: string): Promise<T | null> => {
    setSaving((n) => n + 1);
    try {
      const out = await work();
      setStatus(done ? { tone: 'info', message: done } : null);
      return out;
    } catch (err) {
      if (undo) setDoc(undo);
      setStatus({ tone: 'error', message: `Not saved: ${errorMessage(err)}` });
      return null;
    } finally {
      setSaving((n) => n - 1);
    }
  }, []);

  const create = useCallback(
    async <K extends SpatialResourceKey>(key: K, props: Partial<SpatialRows[K]>, done?: string) => {
      const row = await run(() => api.spatialCreate(key, { ...props, ...ids } as never), null, done);
      if (row) setDoc((d) => ({ ...d, [key]: [...d[key], row] }));
      return row as SpatialRows[K] | null;
    },
    [ids.orgId, ids.productOrderId, run],
  );

  /** Shown at once; saved unless `save` is false (a drag in progress). */
  const update = useCallback(
    async <K extends SpatialResourceKey>(key: K, id: number, props: Partial<SpatialRows[K]>, save = true) => {
      const before = docRef.current;
      // An entity's data is merged, as the server merges it (a drag sends the position only).
      const merge = (r: Record<string, unknown>) => ({ ...r, ...props, ...('data' in props && key === 'entities' ? { data: { ...(r.data as object), ...(props as { data: object }).data } } : {}) });
      setDoc((d) => ({ ...d, [key]: (d[key] as { id: number }[]).map((r) => (r.id === id ? merge(r) : r)) }));
      if (!save) return;
      const row = await run(() => api.spatialUpdate(key, id, props as never), before);
      if (row) setDoc((d) => ({ ...d, [key]: (d[key] as { id: number }[]).map((r) => (r.id === id ? row : r)) }));
    },
    [run],
  );

  const destroy = useCallback(
    async (key: SpatialResourceKey, id: number, done?: string) => {
      const before = docRef.current;
      setDoc((d) => ({ ...d, [key]: (d[key] as { id: number }[]).filter((r) => r.id !== id) }));
      const ok = await run(() => api.spatialDestroy(key, id), before, done);
      // A view takes its drawing along (the server did the same); reload those lists from the answer of the next read.
      if (ok && key === 'archCustomViews') {
        setDoc((d) => ({
          ...d,
          entities: d.entities.filter((e) => (e.data as { archCustomViewId?: number }).archCustomViewId !== id),
          productCanvasTexts: d.productCanvasTexts.filter((t) => t.customViewId !== id),
          productCanvasLines: d.productCanvasLines.filter((l) => l.customViewId !== id),
        }));
      }
    },
    [run],
  );

  const batchUpdateEntities = useCallback(
    async (updates: { id: number; data: SpatialRows['entities']['data'] }[], done?: string) => {
      const rows = await run(() => api.entityBatchUpdate(updates), null, done);
      if (rows) setDoc((d) => ({ ...d, entities: d.entities.map((e) => rows.find((r) => r.id === e.id) ?? e) }));
      return rows;
    },
    [run],
  );

  return { doc, status, setStatus, saving: saving > 0, create, update, destroy, batchUpdateEntities };
}
export type SpatialDocApi = ReturnType<typeof useSpatialDoc>;
