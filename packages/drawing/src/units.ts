import { formatInches, formatMillimetres, mmToInches } from '@cpq/domain';
import type { DrawingUnits } from './types.ts';

// One formatter for every length shown in inches (25.4 mm per inch): @cpq/domain.
export { formatInches };

/** A length label: "82 mm" (whole mm, one decimal when not whole) or inches to the nearest 1/16. */
export function formatLength(mm: number, units: DrawingUnits): string {
  return units === 'in' ? formatInches(mmToInches(mm)) : formatMillimetres(mm);
}

/**
 * A width × height in the chosen units, for warnings and labels: "82 × 82 mm" (the unit once) or
 * '3 1/4" × 3 1/4"' (each inch length carries its mark). Every size a drawing writes goes through here.
 */
export function formatSize(width: number, height: number, units: DrawingUnits): string {
  if (units === 'in') return `${formatLength(width, 'in')} × ${formatLength(height, 'in')}`;
  return `${formatLength(width, 'mm').replace(/ mm$/, '')} × ${formatLength(height, 'mm')}`;
}
