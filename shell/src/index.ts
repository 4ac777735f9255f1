// Async boundary: shared modules (react, jotai, @cpq/*) are negotiated by the federation runtime
// before any of the shell's code runs.
import('./bootstrap.tsx');
