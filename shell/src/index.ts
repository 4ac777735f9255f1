// Async boundary: shared modules (react, jotai, @cpq/*) are negotiated by the federation runtime
// before any of the shell's code runs. Started in a task of its own, so the runtime's start-up and
// the negotiation are two shorter tasks rather than one long one. react-dom, the largest library, is
// evaluated first as its files arrive, then the shell's code in a task after it: one task that
// evaluated everything blocked the page for longer than the same work in pieces (decision 0104).
// @cpq/domain's shared bundle is not part of the start-up: the start-up imports `@cpq/domain/basics`
// (decision 0113).
setTimeout(() => {
  void import('react-dom/client')
    .catch(() => undefined) // the shell's own import reports a failure
    .then(() => new Promise((resolve) => setTimeout(resolve, 0)))
    .then(() => import('./bootstrap.tsx'));
}, 0);
