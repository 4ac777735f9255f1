import { useId } from 'react';
import { Button } from '@cpq/ui';
import type { SetMode } from './pageLayout.ts';
import type { DrawingsSettings, Units } from './route.ts';
import a11y from '../a11y.module.css';
import styles from './DrawingsToolbar.module.css';

export const PRINT_TOOLTIP = 'Need to share or save a copy? Click the print button and select "Save as PDF" from the print dialog.';

export type PdfState = { status: 'idle' } | { status: 'preparing' } | { status: 'error'; message: string };

export interface DrawingsToolbarProps {
  settings: DrawingsSettings;
  onChange(next: DrawingsSettings): void;
  /** The organisation's dimension controls: Show Dimensions (factory set), units and set mode pickers. */
  dimensionControls: boolean;
  onPrint(): void;
  onDownloadPdf(): void;
  pdf: PdfState;
}

const UNIT_LABELS: Record<Units, string> = { mm: 'UNITS: MILLIMETERS', in: 'UNITS: INCHES' };
const SET_MODE_LABELS: Record<SetMode, string> = { multiple: 'MULTIPLE', individual: 'INDIVIDUAL' };

/** Controls of the drawings set; never printed. */
export function DrawingsToolbar({ settings, onChange, dimensionControls, onPrint, onDownloadPdf, pdf }: DrawingsToolbarProps) {
  const tipId = useId();
  const set = (patch: Partial<DrawingsSettings>) => onChange({ ...settings, ...patch });
  // Client sets (INDIVIDUAL) always carry their dimensions; the checkbox is for the factory set.
  const dimensionsShown = dimensionControls && settings.setMode === 'individual' ? true : settings.showDimensions;

  return (
    <div className={styles.toolbar} role="toolbar" aria-label="Drawings" data-testid="drawings-toolbar">
      <span className={styles.tipHost}>
        <Button onClick={onPrint} aria-describedby={tipId}>
          Print
        </Button>
        <span role="tooltip" id={tipId} className={styles.tooltip}>
          {PRINT_TOOLTIP}
        </span>
      </span>
      <Button variant="secondary" onClick={onDownloadPdf} disabled={pdf.status === 'preparing'}>
        Download PDF
      </Button>

      {dimensionControls ? (
        <>
          <label className={styles.field}>
            <span className={a11y.visuallyHidden}>Drawings set</span>
            <select value={settings.setMode} onChange={(e) => set({ setMode: e.target.value as SetMode })}>
              {(Object.keys(SET_MODE_LABELS) as SetMode[]).map((m) => (
                <option key={m} value={m}>
                  {SET_MODE_LABELS[m]}
                </option>
              ))}
            </select>
          </label>
          {settings.setMode === 'multiple' ? (
            <label className={styles.check}>
              <input type="checkbox" checked={settings.showDimensions} onChange={(e) => set({ showDimensions: e.target.checked })} />
              Show Dimensions
            </label>
          ) : null}
          {dimensionsShown ? (
            <label className={styles.field}>
              <span className={a11y.visuallyHidden}>Units</span>
              <select value={settings.units} onChange={(e) => set({ units: e.target.value as Units })}>
                {(Object.keys(UNIT_LABELS) as Units[]).map((u) => (
                  <option key={u} value={u}>
                    {UNIT_LABELS[u]}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
        </>
      ) : (
        <label className={styles.check}>
          <input type="checkbox" checked={settings.showDimensions} onChange={(e) => set({ showDimensions: e.target.checked })} />
          Dimensions
        </label>
      )}

      <span className={styles.pdfStatus} aria-live="polite">
        {pdf.status === 'preparing' ? <span role="status">Preparing PDF…</span> : null}
      </span>
      {pdf.status === 'error' ? (
        <p className={styles.error} role="alert">
          The PDF could not be downloaded: {pdf.message}
        </p>
      ) : null}
    </div>
  );
}
