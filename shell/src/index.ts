// Async boundary: shared modules (react, jotai, @cpq/*) are negotiated by the federation runtime
// before any of the shell's code runs. Started in a task of its own, so the runtime's start-up and
// the negotiation are two shorter tasks rather than one long one.
setTimeout(() => void import('./bootstrap.tsx'), 0);
