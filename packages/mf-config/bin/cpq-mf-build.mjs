#!/usr/bin/env node
// Entry of `npm run build -w <workspace>`: loads the TypeScript build CLI through tsx.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli.ts');
