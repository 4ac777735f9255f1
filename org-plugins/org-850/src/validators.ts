/** Organisation 850 instance validators and option alerts, as wired into the plugin's rules. */
import type { InstanceValidator, OptionAlert } from '@cpq/domain';
import { leadTimeAlert } from './alerts.ts';
import { engravingFitValidator } from './engravingFit.ts';
import { keypadLayoutValidator } from './keypadLayout.ts';

export const instanceValidators: readonly InstanceValidator[] = [keypadLayoutValidator, engravingFitValidator];
export const optionAlerts: readonly OptionAlert[] = [leadTimeAlert];
