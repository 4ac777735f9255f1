import { createMfConfig } from '@cpq/mf-config';

export default createMfConfig({
  name: 'org_default',
  dir: import.meta.dirname,
  exposes: { './plugin': './src/index.ts' },
});
