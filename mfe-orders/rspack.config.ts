import { createMfConfig } from '@cpq/mf-config';

export default createMfConfig({
  name: 'mfe_orders',
  dir: import.meta.dirname,
  exposes: { './spa': './src/spa.tsx' },
});
