import { Button } from '@cpq/ui';
import type { DrawingUnits } from '@cpq/drawing';
import styles from './DrawingControls.module.css';

export interface DrawingControlsProps {
  showDimensions: boolean;
  onToggleDimensions(): void;
  /** Offered only to organisations whose drawing rules ask for the units picker. */
  units?: { value: DrawingUnits; onChange(units: DrawingUnits): void };
}

// The group's label says what they are; each button's name is its visible text.
const UNIT_CHOICES: readonly { value: DrawingUnits; label: string; title: string }[] = [
  { value: 'in', label: 'in', title: 'Inches' },
  { value: 'mm', label: 'mm', title: 'Millimetres' },
];

/** The order page's drawing controls: Show or Hide Dimensions, and the in / mm toggle where offered. */
export function DrawingControls({ showDimensions, onToggleDimensions, units }: DrawingControlsProps) {
  return (
    <>
      <Button variant="secondary" onClick={onToggleDimensions} data-testid="dimensions-toggle">
        {showDimensions ? 'Hide Dimensions' : 'Show Dimensions'}
      </Button>
      {units && (
        <div className={styles.units} role="group" aria-label="Drawing units" data-testid="units-toggle">
          {UNIT_CHOICES.map((u) => (
            <button
              key={u.value}
              type="button"
              className={`${styles.unit} ${units.value === u.value ? styles.unitChosen : ''}`}
              aria-pressed={units.value === u.value}
              title={u.title}
              onClick={() => units.value !== u.value && units.onChange(u.value)}
              data-testid={`units-${u.value}`}
            >
              {u.label}
            </button>
          ))}
        </div>
      )}
    </>
  );
}
