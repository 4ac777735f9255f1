import { createMfConfig } from '@cpq/mf-config';

export default createMfConfig({
  name: 'shell',
  dir: import.meta.dirname,
  kind: 'host',
  html: { title: 'Configurator', template: 'index.html', favicon: 'favicon.svg' },
});
