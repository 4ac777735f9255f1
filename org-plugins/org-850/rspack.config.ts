import { createMfConfig } from '@cpq/mf-config';

export default createMfConfig({
  name: 'org_850',
  dir: import.meta.dirname,
  exposes: { './plugin': './src/index.ts' },
});
