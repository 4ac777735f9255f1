import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { ENGRAVING_LOCATIONS, type EngravingLocation, type FitStatus, type InstanceProperties, type Product, type ProductGraphicJson } from '@cpq/domain';
import { ENGRAVING_SYMBOLS, type DrawingConfig, type DrawingUnits } from '@cpq/drawing';
import { ProductDrawing } from '@cpq/drawing/react';
import { Button, Modal } from '@cpq/ui';
import { DrawingFigure, useItemDrawing } from '../drawing/ItemDrawing.tsx';
import type { EditorEngine } from '../editor/itemViews.ts';
import type { Instance } from '../editor/writes.ts';
import {
  CUSTOM_ENGRAVING_CONFIRMATION,
  draftKey,
  draftsOf,
  emptyDraft,
  engravingChanges,
  ENGRAVING_FONT_SIZE,
  ENGRAVING_FONTS,
  ENGRAVING_TEXT_DEBOUNCE_MS,
  fitStatuses,
  mechanismCount,
  needsCustomConfirmation,
  TOO_MANY_LINES_MESSAGE,
  tooManyLines,
  type EngravingDraft,
  type EngravingDrafts,
  type EngravingIds,
} from './logic.ts';
import editorStyles from '../editor/Editor.module.css';
import styles from './EngravingsDialog.module.css';

export interface EngravingsDialogProps {
  item: Instance;
  product: Product;
  graphic: ProductGraphicJson | null;
  engine: EditorEngine;
  config: DrawingConfig & { engravings: EngravingIds };
  role: string;
  units: DrawingUnits;
  onSave(changes: InstanceProperties): void;
  onClose(): void;
}

const FIT_TEXT: Readonly<Record<Exclude<FitStatus, 'ok'>, string>> = {
  soft: 'Close to the edge',
  over: 'Too wide for the space available. Please shorten the text or use a smaller font.',
};

/**
 * Engravings of a keypad: text or a symbol above and below each mechanism of the chosen layout,
 * with the keypad drawn as it will be engraved. Saving goes through the item's normal write, so the
 * server validates and prices it.
 */
export function EngravingsDialog(props: EngravingsDialogProps) {
  const { item, product, engine, config, role } = props;
  const ids = config.engravings;
  const count = useMemo(() => mechanismCount(product, item, engine.catalogue), [product, item, engine.catalogue]);
  const stored = useMemo(() => draftsOf(item, ids), [item, ids]);
  const [drafts, setDrafts] = useState<EngravingDrafts>(stored);
  // The preview follows typed text after a pause; other changes at once.
  const [previewDrafts, setPreviewDrafts] = useState<EngravingDrafts>(stored);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  const [lineErrors, setLineErrors] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const usesBelowText = ids.belowTextPropertyId !== undefined && engine.catalogue.propertiesOf(product.id).some((p) => p.id === ids.belowTextPropertyId);

  const previewItem = useMemo(
    () => ({ ...item, properties: { ...item.properties, ...engravingChanges(item, ids, previewDrafts, count, usesBelowText) } }),
    [item, ids, previewDrafts, count, usesBelowText],
  );
  const preview = useItemDrawing({ item: previewItem, product, catalogue: engine.catalogue, graphic: props.graphic, config, units: props.units, showDimensions: false, measureText: engine.measureText });
  const fits = useMemo(() => fitStatuses(preview), [preview]);

  const change = (key: string, next: EngravingDraft, typed: boolean) => {
    const all = { ...drafts, [key]: next };
    setDrafts(all);
    if (timer.current) clearTimeout(timer.current);
    if (typed) timer.current = setTimeout(() => setPreviewDrafts(all), ENGRAVING_TEXT_DEBOUNCE_MS);
    else setPreviewDrafts(all);
  };
  const refuseLines = (key: string, refused: boolean) =>
    setLineErrors((s) => {
      if (s.has(key) === refused) return s;
      const n = new Set(s);
      if (refused) n.add(key);
      else n.delete(key);
      return n;
    });

  const commit = () => {
    props.onSave(engravingChanges(item, ids, drafts, count, usesBelowText));
    props.onClose();
  };
  const save = () => (needsCustomConfirmation(role, stored, drafts) ? setConfirming(true) : commit());

  return (
    <>
      <Modal title={`Engravings — ${item.title || product.title}`} onClose={props.onClose} testId="engravings-dialog" width="extraWide">
        {count === 0 ? (
          <p className={editorStyles.muted} data-testid="engravings-no-layout">
            Choose a mechanism layout first: engravings go above and below each mechanism.
          </p>
        ) : (
          <div className={styles.body}>
            <div className={styles.preview}>
              <DrawingFigure drawing={preview} title={`Engravings preview of ${item.title || product.title}`} maxHeightPx={360} testId="engravings-preview" caption="Preview" />
            </div>
            <ol className={styles.mechanisms} aria-label="Mechanisms">
              {Array.from({ length: count }, (_, index) => (
                <li key={index} className={styles.mechanism}>
                  <h3 className={styles.mechanismTitle}>Mechanism {index + 1}</h3>
                  {ENGRAVING_LOCATIONS.map((location) => {
                    const key = draftKey(index, location);
                    return (
                      <EngravingRow
                        key={key}
                        index={index}
                        location={location}
                        draft={drafts[key] ?? emptyDraft()}
                        fit={fits.get(key) ?? 'ok'}
                        linesRefused={lineErrors.has(key)}
                        onChange={(next, typed) => change(key, next, typed)}
                        onLinesRefused={(refused) => refuseLines(key, refused)}
                      />
                    );
                  })}
                </li>
              ))}
            </ol>
          </div>
        )}
        <div className={editorStyles.modalActions}>
          <Button variant="secondary" onClick={props.onClose} data-testid="engravings-cancel" data-autofocus={count === 0 ? true : undefined}>
            Cancel
          </Button>
          {count > 0 && (
            <Button onClick={save} data-testid="engravings-save">
              Save engravings
            </Button>
          )}
        </div>
      </Modal>
      {confirming && (
        <Modal title="Custom engraving" role="alertdialog" onClose={() => setConfirming(false)} testId="custom-engraving-confirm">
          <p className={editorStyles.confirmText} data-testid="custom-engraving-text">
            {CUSTOM_ENGRAVING_CONFIRMATION}
          </p>
          <div className={editorStyles.modalActions}>
            <Button variant="secondary" onClick={() => setConfirming(false)} data-testid="custom-engraving-cancel">
              Cancel
            </Button>
            {/* Saving destroys nothing: the answer the person came for has the focus (decision 0093). */}
            <Button onClick={commit} data-testid="custom-engraving-proceed" data-autofocus>
              Proceed
            </Button>
          </div>
        </Modal>
      )}
    </>
  );
}

interface RowProps {
  index: number;
  location: EngravingLocation;
  draft: EngravingDraft;
  fit: FitStatus;
  linesRefused: boolean;
  /** `typed`: a text change (the preview waits for a pause). */
  onChange(next: EngravingDraft, typed: boolean): void;
  onLinesRefused(refused: boolean): void;
}

function EngravingRow({ index, location, draft, fit, linesRefused, onChange, onLinesRefused }: RowProps) {
  const id = useId();
  const where = `${location === 'above' ? 'Above' : 'Below'} mechanism ${index + 1}`;
  const shownFit = draft.mode === 'text' && draft.text.trim() !== '' ? fit : 'ok';
  const set = (patch: Partial<EngravingDraft>, typed = false) => onChange({ ...draft, ...patch }, typed);
  return (
    <fieldset className={`${styles.row} ${shownFit !== 'ok' ? styles[`fit_${shownFit}`] : ''}`} data-testid={`engraving-${index}-${location}`} data-fit={shownFit}>
      <legend className={styles.legend}>{where}</legend>
      <div className={styles.modes} role="radiogroup" aria-label={`${where}: text or symbol`}>
        {(['text', 'symbol'] as const).map((mode) => (
          <label key={mode} className={styles.mode}>
            <input
              type="radio"
              name={`${id}-mode`}
              checked={draft.mode === mode}
              onChange={() => set({ mode })}
              data-testid={`engraving-mode-${mode}`}
              // The dialog opens on its first field.
              data-autofocus={index === 0 && location === ENGRAVING_LOCATIONS[0] && mode === 'text' ? true : undefined}
            />
            {mode === 'text' ? 'Text' : 'Symbol'}
          </label>
        ))}
      </div>
      {draft.mode === 'text' ? (
        <div className={styles.textFields}>
          <div className={editorStyles.field}>
            <label htmlFor={`${id}-text`} className={editorStyles.label}>
              Text (up to 2 lines)
            </label>
            <textarea
              id={`${id}-text`}
              className={`${editorStyles.input} ${styles.text}`}
              rows={2}
              value={draft.text}
              spellCheck={false}
              aria-invalid={linesRefused || shownFit === 'over'}
              aria-describedby={`${id}-status`}
              onChange={(e) => {
                const text = e.target.value;
                const refused = tooManyLines(text);
                onLinesRefused(refused);
                if (!refused) set({ text }, true);
              }}
              data-testid="engraving-text"
            />
          </div>
          <div className={editorStyles.field}>
            <label htmlFor={`${id}-font`} className={editorStyles.label}>
              Font
            </label>
            <select id={`${id}-font`} className={editorStyles.input} value={draft.fontFamily} onChange={(e) => set({ fontFamily: e.target.value })} data-testid="engraving-font">
              {!(ENGRAVING_FONTS as readonly string[]).includes(draft.fontFamily) && <option value={draft.fontFamily}>{draft.fontFamily}</option>}
              {ENGRAVING_FONTS.map((f) => (
                <option key={f} value={f}>
                  {f}
                </option>
              ))}
            </select>
          </div>
          <SizeField id={`${id}-size`} value={draft.fontSize} onChange={(fontSize) => set({ fontSize })} />
        </div>
      ) : (
        <div className={styles.symbolFields}>
          <fieldset className={styles.symbols}>
            <legend className={editorStyles.label}>Symbol</legend>
            <div className={styles.symbolGrid}>
              {ENGRAVING_SYMBOLS.map((s) => (
                <label key={s.code} className={`${styles.symbol} ${draft.symbol === s.code ? styles.symbolChosen : ''}`} title={`${s.code}. ${s.title}`}>
                  <input
                    type="radio"
                    className={editorStyles.srOnly}
                    name={`${id}-symbol`}
                    value={s.code}
                    checked={draft.symbol === s.code}
                    onChange={() => set({ symbol: s.code })}
                    aria-label={`${s.code}. ${s.title}`}
                    data-testid={`symbol-${s.code}`}
                  />
                  <span aria-hidden="true" className={styles.symbolPicture}>
                    <ProductDrawing drawing={{ width: 24, height: 24, root: s.svg, warnings: [], pxPerUnit: 1 }} title={s.title} />
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <SizeField id={`${id}-size`} value={draft.fontSize} onChange={(fontSize) => set({ fontSize })} />
        </div>
      )}
      <p id={`${id}-status`} className={`${styles.status} ${linesRefused ? styles.statusError : ''}`} aria-live="polite" data-testid="engraving-status">
        {linesRefused ? TOO_MANY_LINES_MESSAGE : shownFit !== 'ok' ? FIT_TEXT[shownFit] : ''}
      </p>
    </fieldset>
  );
}

function SizeField({ id, value, onChange }: { id: string; value: number; onChange(size: number): void }) {
  // The typed text, so a field emptied while typing a new size does not jump back.
  const [typed, setTyped] = useState(String(value));
  useEffect(() => setTyped((t) => (Number(t) === value ? t : String(value))), [value]);
  return (
    <div className={editorStyles.field}>
      <label htmlFor={id} className={editorStyles.label}>
        Size (mm)
      </label>
      <input
        id={id}
        type="number"
        className={`${editorStyles.input} ${styles.size}`}
        min={ENGRAVING_FONT_SIZE.min}
        max={ENGRAVING_FONT_SIZE.max}
        step={ENGRAVING_FONT_SIZE.step}
        value={typed}
        onChange={(e) => {
          setTyped(e.target.value);
          const n = Number(e.target.value);
          if (e.target.value.trim() !== '' && Number.isFinite(n) && n >= ENGRAVING_FONT_SIZE.min && n <= ENGRAVING_FONT_SIZE.max) onChange(n);
        }}
        onBlur={() => setTyped(String(value))}
        data-testid="engraving-size"
      />
    </div>
  );
}
