/**
 * Autosave of item edits: changes are merged per item and sent after a short quiet time, one request
 * at a time per item, each carrying the version of the item it was made on. The page shows one state
 * for all items: "Saving…", "Saved" or "Could not save — Retry".
 */
import { ApiRequestError } from '@cpq/client';
import { instanceVersion, type InstanceProperties } from '@cpq/domain';
import type { Instance, InstancePatch } from './writes.ts';

export type SaveState = 'idle' | 'saving' | 'saved' | 'error';

export interface SaverDeps {
  send(id: number, patch: InstancePatch, expectedVersion: string | undefined): Promise<Instance>;
  /** The server's item after a save; `settled` is false when newer edits of that item are still waiting. */
  onSaved(instance: Instance, settled: boolean): void;
  /** The item changed elsewhere: its current state (from the 409) and the message for the user. */
  onConflict(id: number, current: Instance | null, message: string): void;
  /** The state shown to the user changed. */
  onState(state: SaveState, message: string | null): void;
  debounceMs: number;
}

/** Later changes win; property entries are merged per property. */
export function mergePatch(a: InstancePatch, b: InstancePatch): InstancePatch {
  const out: InstancePatch = { ...a, ...b };
  if (a.properties || b.properties) {
    const props: InstanceProperties = { ...(a.properties ?? {}) };
    for (const [k, v] of Object.entries(b.properties ?? {})) props[k] = { ...(props[k] ?? {}), ...v };
    out.properties = props;
  }
  return out;
}

export class ItemSaver {
  private readonly waiting = new Map<number, InstancePatch>();
  private readonly timers = new Map<number, ReturnType<typeof setTimeout>>();
  private readonly inFlight = new Set<number>();
  /**
   * The version of each item as the server last answered it; an item known from the page's load keeps
   * its record until its first save needs the version (a long order's load does not hash every item).
   */
  private readonly versions = new Map<number, string | Instance>();
  /** Edits that failed to save, kept for Retry. */
  private readonly failed = new Map<number, InstancePatch>();
  private state: SaveState = 'idle';

  constructor(private readonly deps: SaverDeps) {}

  /** The server's version of an item (on load, after a create, after a conflict reload). */
  know(instance: Instance): void {
    this.versions.set(instance.id, instance);
  }

  private versionOf(id: number): string | undefined {
    const known = this.versions.get(id);
    if (known === undefined || typeof known === 'string') return known;
    const version = instanceVersion(known);
    this.versions.set(id, version);
    return version;
  }

  forget(id: number): void {
    this.waiting.delete(id);
    this.failed.delete(id);
    const t = this.timers.get(id);
    if (t) clearTimeout(t);
    this.timers.delete(id);
    this.versions.delete(id);
    this.update();
  }

  hasPending(id: number): boolean {
    return this.waiting.has(id) || this.inFlight.has(id) || this.failed.has(id);
  }

  get busy(): boolean {
    return this.waiting.size > 0 || this.inFlight.size > 0;
  }

  /** Queues an edit; `now` skips the quiet time (e.g. a rank change or a chosen option). */
  queue(id: number, patch: InstancePatch, now = false): void {
    this.waiting.set(id, mergePatch(this.waiting.get(id) ?? {}, patch));
    const t = this.timers.get(id);
    if (t) clearTimeout(t);
    this.timers.delete(id);
    if (now) void this.flush(id);
    else this.timers.set(id, setTimeout(() => void this.flush(id), this.deps.debounceMs));
    this.update();
  }

  /** Sends what waits for the item now (waits for the request in flight first). */
  async flush(id: number): Promise<void> {
    const t = this.timers.get(id);
    if (t) clearTimeout(t);
    this.timers.delete(id);
    if (this.inFlight.has(id)) return; // picked up when the request in flight ends
    const patch = this.waiting.get(id);
    if (!patch) return this.update();
    this.waiting.delete(id);
    this.inFlight.add(id);
    this.update();
    try {
      const saved = await this.deps.send(id, patch, this.versionOf(id));
      this.versions.set(id, instanceVersion(saved));
      this.inFlight.delete(id);
      this.deps.onSaved(saved, !this.waiting.has(id));
    } catch (err) {
      this.inFlight.delete(id);
      if (err instanceof ApiRequestError && err.status === 409) {
        // Nothing was written: the edits made on the old version are dropped with it.
        this.waiting.delete(id);
        const current = ((err.details as { instance?: Instance } | undefined)?.instance ?? null) as Instance | null;
        if (current) this.versions.set(id, instanceVersion(current));
        this.deps.onConflict(id, current, err.message);
      } else if (err instanceof ApiRequestError && err.status === 404) {
        this.waiting.delete(id);
      } else {
        this.failed.set(id, mergePatch(patch, this.waiting.get(id) ?? {}));
        this.waiting.delete(id);
        this.lastError = err instanceof Error && err.message ? err.message : null;
      }
    }
    if (this.waiting.has(id)) return this.flush(id);
    this.update();
  }

  private lastError: string | null = null;
  private everSaved = false;
  /** Writes outside the queue (creating, deleting, moving items) in flight. */
  private others = 0;

  /** Sends every edit that failed again. */
  retry(): void {
    const failed = [...this.failed];
    this.failed.clear();
    this.lastError = null;
    for (const [id, patch] of failed) this.queue(id, patch, true);
    this.update();
  }

  /** Sends everything now (before leaving the page). */
  flushAll(): Promise<void> {
    return Promise.all([...this.waiting.keys()].map((id) => this.flush(id))).then(() => undefined);
  }

  private readonly settledWaiters: Array<() => void> = [];

  /**
   * Sends everything waiting and resolves once no write is on its way; true when every edit is saved
   * (an action that acts on the saved order, like submitting it, must not run ahead of its edits).
   */
  async settle(): Promise<boolean> {
    void this.flushAll();
    if (this.busy || this.others > 0) await new Promise<void>((resolve) => this.settledWaiters.push(resolve));
    return this.failed.size === 0;
  }

  /** Runs another write (create, delete) under the same saving state. */
  async track<T>(write: () => Promise<T>): Promise<T> {
    this.others++;
    this.update();
    try {
      return await write();
    } finally {
      this.others--;
      this.update();
    }
  }

  private update(): void {
    const saving = this.busy || this.others > 0;
    if (!saving) for (const resolve of this.settledWaiters.splice(0)) resolve();
    let next: SaveState;
    if (this.failed.size > 0) next = 'error';
    else if (saving) next = 'saving';
    else next = this.everSaved ? 'saved' : 'idle';
    if (next === 'saving') this.everSaved = true;
    if (next !== this.state) {
      this.state = next;
      this.deps.onState(next, next === 'error' ? this.lastError : null);
    }
  }
}
