/** Organisation 850 instance validators, as wired into the plugin's rules. */
import type { InstanceValidator } from '@cpq/domain';
import { engravingFitValidator } from './engravingFit.ts';
import { keypadLayoutValidator } from './keypadLayout.ts';

export const instanceValidators: readonly InstanceValidator[] = [keypadLayoutValidator, engravingFitValidator];
