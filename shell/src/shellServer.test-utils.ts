import { vi } from 'vitest';

/** One answer of the stand-in server: data (200 unless a status says otherwise) or an error's message. */
export type Answer = { status?: number; data?: unknown; error?: string };
/** A call the shell made: its path, its JSON body, and the page's address when it was made. */
export interface Call {
  path: string;
  body: unknown;
  at: string;
}

/** The calls made since the last `mockServer`. */
export const served: { calls: Call[] } = { calls: [] };

/**
 * The server a shell test boots against, in place of `fetch`: each path answers in turn from its list
 * (the last answer repeats), /remotes.json lists no remote and no plugin, any other path answers 404.
 */
export function mockServer(answers: Record<string, Answer[]>): void {
  served.calls = [];
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    served.calls.push({ path, body: init.body ? JSON.parse(String(init.body)) : undefined, at: window.location.href });
    if (path === '/remotes.json') return { ok: true, status: 200, json: async () => ({ remotes: {}, plugins: {} }) };
    const list = answers[path] ?? [{ status: 404, error: `No such call: ${path}` }];
    const answer = list.length > 1 ? list.shift()! : list[0]!;
    const status = answer.status ?? 200;
    const text = JSON.stringify(status < 400 ? { data: answer.data } : { error: { code: 'x', message: answer.error } });
    return { ok: status < 400, status, headers: new Headers(), text: async () => text, json: async () => JSON.parse(text) } as unknown as Response;
  });
}

/** A fresh shell (boot's module state, the portal store) at the given address. */
export async function freshShell(url: string) {
  vi.resetModules();
  window.history.replaceState(null, '', url);
  const boot = await import('./boot.ts');
  const client = await import('@cpq/client');
  return { ...boot, ...client };
}
