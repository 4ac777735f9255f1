import { formatInches, formatMillimetres, mmToInches } from '@cpq/domain';
import type { DrawingUnits } from './types.ts';

// One formatter for every length shown in inches (25.4 mm per inch): @cpq/domain.
export { formatInches };

/** A length label: "82 mm" (whole mm, one decimal when not whole) or inches to the nearest 1/16. */
export function formatLength(mm: number, units: DrawingUnits): string {
  return units === 'in' ? formatInches(mmToInches(mm)) : formatMillimetres(mm);
}
