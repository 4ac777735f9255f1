import { Type, type Static } from '@sinclair/typebox';
import { Id } from './common.ts';

/**
 * POST /api/integrations/get-connect-session (owners only): a short-lived page of the portal's
 * integration provider where the owner manages the organisation's connection to one of its enabled
 * integrations (appData.designEngine.enabledIntegrations).
 */
export const IntegrationConnectBody = Type.Object(
  { orgId: Id, integrationKey: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }) },
  { additionalProperties: false },
);
export type IntegrationConnectBody = Static<typeof IntegrationConnectBody>;
export const IntegrationConnectResponse = Type.Object({ connectUrl: Type.String(), expiresAt: Type.String() });
export type IntegrationConnectResponse = Static<typeof IntegrationConnectResponse>;
