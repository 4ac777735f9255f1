/**
 * Answers asked for ahead of the page that uses them (the shell asks as soon as the session is known,
 * while the page's files still arrive; docs/decisions/0114-order-page-start-up-order.md): the page's
 * own call takes the answer instead of asking again. Taken once, and only within `freshMs`.
 */
export function earlyAnswers<T>(freshMs = 10_000) {
  const kept = new Map<string, { at: number; answer: Promise<T> }>();
  return {
    /** Asks now and keeps the answer for `key` (a failure is the page's own call's to report). */
    ask(key: string, fetch: () => Promise<T>): void {
      const answer = fetch();
      answer.catch(() => undefined);
      kept.set(key, { at: Date.now(), answer });
    },
    /** The answer kept for `key`, once, while fresh; else undefined (the caller asks itself). */
    take(key: string): Promise<T> | undefined {
      const early = kept.get(key);
      kept.delete(key);
      return early && Date.now() - early.at < freshMs ? early.answer : undefined;
    },
  };
}
