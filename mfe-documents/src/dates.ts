import { activeDateSettings } from '@cpq/client';
import { formatDate as formatOrgDate, type DateSettings } from '@cpq/domain';

/**
 * Dates on documents, in the organisation's locale as everywhere in the portal (decision 0089;
 * M/D/YYYY by default). Timestamps are read in the organisation's time zone, else UTC (not the
 * reader's): the PDF is this page drawn on the server, and print and screen must agree.
 */
export function formatDate(value: string | null | undefined, settings: DateSettings = activeDateSettings()): string {
  const shown = formatOrgDate(value, { locale: settings.locale, timeZone: settings.timeZone || 'UTC', style: 'date' });
  // Text that is no date comes back as it was: a document leaves it out rather than print it.
  return shown === value ? '' : shown;
}
