import type { ReactNode } from 'react';
import type { SpatialRules } from '@cpq/plugin-sdk';
import { Button } from '@cpq/ui';
import { UNIT_WORDS } from './canvasStart.ts';
import type { Obj, Selection } from './types.ts';
import { parseNumberField } from './views.ts';
import styles from './SpatialCanvas.module.css';

const KIND: Record<string, string> = {
  calicoMuralArea: 'Mural area',
  calicoMuralTexture: 'Mural texture',
  calicoMuralPanel: 'Mural panel',
  calicoMuralSeam: 'Seam',
  calicoMismatchLine: 'Mismatch line',
  calicoWallLabel: 'Wall label',
  line: 'Line',
};

interface Props {
  selection: NonNullable<Selection>;
  row: Obj;
  error: string | null;
  onError: (m: string | null) => void;
  /** The organisation's units: every length field shows them. */
  units: SpatialRules['units'];
  onSave: (p: Obj) => void;
  onAutogenerate?: (() => void) | undefined;
}

/** Editors of the selected row: numbers are parsed as floats (anything else is refused with a message), texts, flags and choices. */
export function Properties(props: Props) {
  const { selection, row } = props;
  const data = (row.data ?? {}) as Obj;
  const size = (data.size ?? {}) as { width?: number; height?: number };
  const saveData = (d: Obj) => props.onSave({ data: d });
  // A number field; a length shows its unit after the field and says it in the field's name.
  const length = { short: props.units, word: UNIT_WORDS[props.units] };
  const num = (label: string, value: unknown, save: (v: number) => Obj, positive = true, unit: { short: string; word: string } | null = length) => (
    <label className={styles.field} key={label}>
      {label}
      <span className={styles.withUnit}>
        <input
          defaultValue={String(value ?? '')}
          inputMode="decimal"
          aria-label={unit ? `${label} in ${unit.word}` : undefined}
          onBlur={(e) => {
            const parsed = parseNumberField(e.target.value, { positive });
            if (!parsed.ok) return props.onError(`${label}: ${parsed.message}`);
            props.onError(null);
            if (parsed.value !== value) props.onSave(save(parsed.value));
          }}
        />
        {unit && (
          <span className={styles.unit} aria-hidden="true">
            {unit.short}
          </span>
        )}
      </span>
    </label>
  );
  const text = (label: string, value: unknown, save: (v: string) => void, multiline = false) => (
    <label className={styles.field} key={label}>
      {label}
      {multiline ? (
        <textarea defaultValue={String(value ?? '')} maxLength={10000} onBlur={(e) => e.target.value !== (value ?? '') && save(e.target.value)} />
      ) : (
        <input defaultValue={String(value ?? '')} maxLength={255} onBlur={(e) => e.target.value !== (value ?? '') && save(e.target.value)} />
      )}
    </label>
  );
  const flag = (label: string, key: string) => (
    <label className={styles.check} key={key}>
      <input type="checkbox" checked={!!data[key]} onChange={(e) => saveData({ [key]: e.target.checked })} /> {label}
    </label>
  );
  const choice = (label: string, key: string, options: readonly (readonly [string, string])[], fallback: string) => (
    <label className={styles.field} key={key}>
      {label}
      <select value={String(data[key] ?? fallback)} onChange={(e) => saveData({ [key]: e.target.value })}>
        {options.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>
    </label>
  );
  let fields: ReactNode = null;
  if (selection.key === 'archWalls' || selection.key === 'archElevations') {
    fields = [num('Height', row.height, (v) => ({ height: v })), num('Thickness', row.thickness, (v) => ({ thickness: v })), ...(selection.key === 'archElevations' ? [num('View depth', row.viewDepth, (v) => ({ viewDepth: v }))] : [])];
  } else if (selection.key === 'productCanvasTexts') {
    fields = [text('Text', row.text, (v) => props.onSave({ text: v }), true), num('Width', row.width, (v) => ({ width: v }))];
  } else if (selection.key === 'productCanvasLines') {
    const arrows = [['arrow', 'Arrowhead'], ['none', 'None']] as const;
    const end = (label: string, key: 'fromSymbol' | 'toSymbol', fallback: string) => (
      <label className={styles.field} key={key}>
        {label}
        <select value={String(row[key] ?? fallback)} onChange={(e) => props.onSave({ [key]: e.target.value })}>
          {arrows.map(([v, l]) => (
            <option key={v} value={v}>
              {l}
            </option>
          ))}
        </select>
      </label>
    );
    fields = [num('Stroke width', row.strokeWidth, (v) => ({ strokeWidth: v }), true, { short: 'px', word: 'screen pixels' }), end('Start', 'fromSymbol', 'none'), end('End', 'toSymbol', 'arrow')];
  } else {
    const type = String(row.type);
    const sizeFields = typeof size.width === 'number' ? [num('Width', size.width, (v) => ({ data: { size: { ...size, width: v } } })), num('Height', size.height, (v) => ({ data: { size: { ...size, height: v } } }))] : [];
    const bleeds = (['Left', 'Right', 'Top', 'Bottom'] as const).map((side) => num(`Bleed ${side.toLowerCase()}`, data[`bleed${side}`], (v) => ({ data: { [`bleed${side}`]: v } }), false));
    fields = (
      <>
        <p className={styles.kind}>{KIND[type] ?? type}</p>
        {sizeFields}
        {type === 'calicoMuralArea' && flag('Return', 'isReturn')}
        {type === 'calicoMuralTexture' && [
          choice('Substrate', 'substrate', [['standardCommercial', 'Standard commercial'], ['standardResidential', 'Standard residential'], ['custom', 'Custom']], 'standardCommercial'),
          text('Pattern', data.pattern, (v) => saveData({ pattern: v })),
          text('Style', data.style, (v) => saveData({ style: v })),
          flag('Flip horizontally', 'flipX'),
          flag('Flip vertically', 'flipY'),
        ]}
        {type === 'calicoMuralPanel' && [
          num('Panel number', data.panelNumber, (v) => ({ data: { panelNumber: Math.round(v) } }), false, null),
          text('Description override', data.panelDescriptionOverride, (v) => saveData({ panelDescriptionOverride: v })),
          text('Print notes', data.panelPrintNotes, (v) => saveData({ panelPrintNotes: v }), true),
          flag('Critical alignment', 'isCriticalAlignmentPanel'),
          flag('Disabled', 'isDisabled'),
          ...bleeds,
        ]}
        {type === 'calicoMuralSeam' && [
          num('Thickness', data.thickness, (v) => ({ data: { thickness: v } })),
          choice('Alignment', 'alignment', [['left', 'Left'], ['center', 'Center'], ['right', 'Right']], 'center'),
          choice('Alignment mode', 'alignmentMode', [['standard', 'Standard'], ['custom', 'Custom']], 'standard'),
          ...(data.alignmentMode === 'custom' ? [num('Custom offset', data.customAlignmentOffset, (v) => ({ data: { customAlignmentOffset: v } }), false)] : []),
        ]}
        {type === 'calicoWallLabel' && [text('Title', data.title, (v) => v.trim() && saveData({ title: v.trim() })), flag('Show where the view starts on the plan', 'indicateViewStartOnPlan')]}
        {props.onAutogenerate && (
          <Button onClick={props.onAutogenerate} data-testid="autogenerate-panels">
            Autogenerate panels
          </Button>
        )}
      </>
    );
  }
  return (
    <div className={styles.properties} data-testid="properties" key={`${selection.key}-${selection.id}`}>
      <h3 className={styles.sideHeading}>Properties</h3>
      {fields}
      {props.error && (
        <p className={styles.fieldError} role="alert">
          {props.error}
        </p>
      )}
    </div>
  );
}
