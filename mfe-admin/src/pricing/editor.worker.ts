// Monaco's editor worker, bundled and served by this remote (no CDN: the CSP allows workers from 'self' and blob: only).
import 'monaco-editor/editor/editor.worker.js';
