import { createMfConfig } from '@cpq/mf-config';

export default createMfConfig({
  name: 'mfe_configurator',
  dir: import.meta.dirname,
  exposes: {
    './home': './src/home/spa.tsx',
    './order': './src/order/spa.tsx',
  },
});
