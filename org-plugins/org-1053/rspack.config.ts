import { createMfConfig } from '@cpq/mf-config';

export default createMfConfig({
  name: 'org_1053',
  dir: import.meta.dirname,
  exposes: { './plugin': './src/index.ts' },
});
