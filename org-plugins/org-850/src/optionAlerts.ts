/** Organisation 850 option alerts: the 24-week lead time of matched mechanism finishes. */
import type { OptionAlert } from '@cpq/plugin-sdk';

export const MECHANISM_FINISH_PROPERTY_ID = 7;
/** Standard finishes; every other finish is matched and has a long lead-time. */
export const STANDARD_MECHANISM_FINISH_IDS: readonly number[] = [22, 23];
export const FALLBACK_ORDERS_CONTACT_EMAIL = 'orders@lumenandbrass.example';

export const leadTimeMessage = (email: string) =>
  `Please allow for 24 weeks of lead-time when selecting a matched mechanism finish.\n\nOrders contact: ${email}`;

/**
 * Lead-time alert when a matched mechanism finish is chosen. The address comes from the
 * organisation setting appData.designEngine.ordersContactEmail, else the fallback.
 */
export const leadTimeAlert: OptionAlert = ({ propertyId, optionId, orgSettings }) => {
  if (propertyId !== MECHANISM_FINISH_PROPERTY_ID || STANDARD_MECHANISM_FINISH_IDS.includes(optionId)) return null;
  const configured = orgSettings.ordersContactEmail?.trim();
  return leadTimeMessage(configured || FALLBACK_ORDERS_CONTACT_EMAIL);
};

export const optionAlerts: readonly OptionAlert[] = [leadTimeAlert];
