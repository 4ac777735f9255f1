import { createMfConfig } from '@cpq/mf-config';

export default createMfConfig({
  name: 'mfe_spatial',
  dir: import.meta.dirname,
  exposes: { './spa': './src/spa.tsx', './canvas': './src/canvas/part.tsx', './graphicEditor': './src/graphicEditor/part.tsx' },
});
