import { createMfConfig } from '@cpq/mf-config';
import { orgPluginMfOptions } from '@cpq/plugin-sdk/discovery';

// Federation name and exposed rules module come from this folder's package.json (cpq.orgId, exports).
export default createMfConfig(orgPluginMfOptions(import.meta.dirname));
