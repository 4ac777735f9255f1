import { createMfConfig } from '@cpq/mf-config';

export default createMfConfig({
  name: 'org_1798',
  dir: import.meta.dirname,
  exposes: { './plugin': './src/index.ts' },
});
