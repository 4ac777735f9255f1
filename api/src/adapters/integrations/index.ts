/**
 * The portal's link to an integration provider (an embedded "connect" service that holds each
 * organisation's connections to tools such as Monday, and runs their workflows). The admin
 * integrations page asks it for a connect session; organisation hooks send it events.
 * docs/decisions/0058-integrations.md.
 */
export interface IntegrationProvider {
  /** The provider's name, or null when none is configured. */
  readonly name: string | null;
  /** A short-lived page of the provider where the owner manages the organisation's connection to one integration. */
  connectSession(args: { orgId: number; userId: number; integrationKey: string }): Promise<{ connectUrl: string; expiresAt: string }>;
  /** Sends an event to an organisation's integration (e.g. a guest's data changed). */
  trigger(args: { orgId: number; integrationKey: string; event: string; payload: Record<string, unknown> }): Promise<void>;
}

export const INTEGRATIONS_NOT_CONFIGURED =
  'No integration provider is configured for this portal, so integrations cannot be managed yet. Ask the person who runs the portal to configure one.';

/** No provider is configured. An adapter knows nothing of HTTP: the route answers it as a 503. */
export class IntegrationsNotConfiguredError extends Error {
  constructor() {
    super(INTEGRATIONS_NOT_CONFIGURED);
  }
}

/** The default: no provider. It says so, every time, instead of pretending to connect. */
export class NoIntegrationProvider implements IntegrationProvider {
  readonly name = null;
  async connectSession(): Promise<never> {
    throw new IntegrationsNotConfiguredError();
  }
  async trigger(): Promise<never> {
    throw new IntegrationsNotConfiguredError();
  }
}

/**
 * The provider the environment names (INTEGRATIONS_PROVIDER). No provider SDK ships with the portal
 * yet, so only the default exists; naming another stops the server at start rather than failing later.
 */
export function integrationProviderFromEnv(env: NodeJS.ProcessEnv): IntegrationProvider {
  const name = env.INTEGRATIONS_PROVIDER?.trim();
  if (!name || name === 'none') return new NoIntegrationProvider();
  throw new Error(`INTEGRATIONS_PROVIDER=${name}: no such integration provider (only "none" is available).`);
}
