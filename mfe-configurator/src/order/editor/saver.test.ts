import { describe, expect, it } from 'vitest';
import { ItemSaver } from './saver.ts';
import type { Instance, InstancePatch } from './writes.ts';

/** A saver whose requests the test answers one by one. */
function saverWithManualServer() {
  const pending: Array<{ id: number; patch: InstancePatch; resolve: (i: Instance) => void; reject: (e: unknown) => void }> = [];
  const saver = new ItemSaver({
    send: (id, patch) => new Promise<Instance>((resolve, reject) => pending.push({ id, patch, resolve, reject })),
    onSaved: () => {},
    onConflict: () => {},
    onState: () => {},
    debounceMs: 10_000,
  });
  const instance = (id: number) => ({ id, title: 'Item', properties: {}, lastUpdated: '2026-01-01 00:00:00' }) as unknown as Instance;
  return { saver, pending, instance };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('ItemSaver.settle', () => {
  it('answers at once when nothing waits', async () => {
    const { saver } = saverWithManualServer();
    await expect(saver.settle()).resolves.toBe(true);
  });

  it('sends an edit still in its quiet time and resolves only when the server has answered it', async () => {
    const { saver, pending, instance } = saverWithManualServer();
    saver.queue(1, { title: 'A' });
    let settled: boolean | null = null;
    void saver.settle().then((v) => (settled = v));
    await tick();
    expect(pending).toHaveLength(1);
    expect(settled).toBeNull();
    pending[0]!.resolve(instance(1));
    await tick();
    expect(settled).toBe(true);
  });

  it('waits for a request already in flight and for the edit queued behind it', async () => {
    const { saver, pending, instance } = saverWithManualServer();
    saver.queue(1, { title: 'A' }, true);
    saver.queue(1, { title: 'B' });
    let settled: boolean | null = null;
    void saver.settle().then((v) => (settled = v));
    pending[0]!.resolve(instance(1));
    await tick();
    expect(settled).toBeNull();
    expect(pending).toHaveLength(2);
    expect(pending[1]!.patch).toEqual({ title: 'B' });
    pending[1]!.resolve(instance(1));
    await tick();
    expect(settled).toBe(true);
  });

  it('answers false when an edit failed to save', async () => {
    const { saver, pending } = saverWithManualServer();
    saver.queue(1, { title: 'A' }, true);
    const settled = saver.settle();
    pending[0]!.reject(new Error('offline'));
    await expect(settled).resolves.toBe(false);
  });
});
