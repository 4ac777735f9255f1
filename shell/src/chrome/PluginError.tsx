import { usePageTitle } from '@cpq/client';
import { ErrorPanel } from '@cpq/ui';
import { retryOrganisationResources } from '../boot.ts';

/**
 * Shown under the header when the active organisation's plugin did not load. The portal does not
 * fall back to the default rules for an organisation that has a plugin (the server applies it),
 * so it waits for a successful Retry; the header still offers another organisation or sign-out.
 */
export function PluginError({ orgTitle, message, retrying }: { orgTitle: string; message: string; retrying: boolean }) {
  usePageTitle('Settings could not be loaded');
  return (
    <ErrorPanel
      heading={`The settings of ${orgTitle} could not be loaded.`}
      detail="The portal needs them to show this organisation's options and prices. Check your connection and retry, or come back later."
      technicalDetail={message}
      testId="plugin-error"
      retrying={retrying}
      onRetry={() => void retryOrganisationResources()}
    />
  );
}
