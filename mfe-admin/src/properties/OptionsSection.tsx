import { useState } from 'react';
import { Button } from '@cpq/ui';
import { RankInput, StatusFilter, adminStyles, byStatus, errorText, resources, type StatusFilterValue } from '../common/index.ts';
import forms from '../common/forms.module.css';
import { useRankMove } from '../common/useRankMove.ts';
import { OptionDialog } from './OptionDialog.tsx';
import { showValue } from './optionData.ts';
import { OPTION_KEY, type OptionRow, type PropertyRow } from './types.ts';

/** A property's options: rank (within the property), ID, title and one column per data field. */
export function OptionsSection({
  orgId,
  property,
  options,
  setOptions,
  reload,
}: {
  orgId: number;
  property: PropertyRow;
  options: OptionRow[];
  setOptions(change: (rows: OptionRow[]) => OptionRow[]): void;
  reload(): void;
}) {
  const [status, setStatus] = useState<StatusFilterValue>('active');
  const [openId, setOpenId] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const [addError, setAddError] = useState<string | null>(null);
  const rank = useRankMove<OptionRow>(OPTION_KEY, setOptions, reload);
  const fields = property.productOptionDataFields;
  const shown = byStatus(options, status);
  const open = options.find((o) => o.id === openId) ?? null;

  const add = async () => {
    setAdding(true);
    setAddError(null);
    try {
      const option = await resources.create<OptionRow>(OPTION_KEY, { orgId, productPropertyId: property.id, title: 'Untitled Option' });
      setOptions((rows) => [...rows, option]);
      setOpenId(option.id);
    } catch (e) {
      setAddError(errorText(e));
    } finally {
      setAdding(false);
    }
  };

  const error = rank.error ?? addError;
  return (
    <section className={forms.section} aria-labelledby="options-heading">
      <div className={forms.sectionHeader}>
        <h2 id="options-heading">Options</h2>
        <div className={forms.row}>
          <StatusFilter label="Option Status" value={status} onChange={setStatus} />
          <Button onClick={() => void add()} disabled={adding}>
            {adding ? 'Adding…' : 'Add option'}
          </Button>
        </div>
      </div>
      {error ? (
        <p role="alert" className={adminStyles.fieldError}>
          {error}
        </p>
      ) : null}
      {shown.length ? (
        <table className={adminStyles.table} data-testid="options-table">
          <thead>
            <tr>
              <th scope="col">Rank</th>
              <th scope="col">ID</th>
              <th scope="col">Title</th>
              {fields.map((f) => (
                <th key={f.key} scope="col">
                  {f.title || f.key}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((o) => (
              <tr key={o.id}>
                <td>
                  <RankInput rank={o.rank} count={options.length} label={`Rank of ${o.title}`} onMove={(to) => void rank.move(o.id, to)} />
                </td>
                <td>{o.id}</td>
                <td>
                  <button type="button" className={forms.linkButton} onClick={() => setOpenId(o.id)}>
                    {o.title}
                  </button>
                </td>
                {fields.map((f) => (
                  <td key={f.key}>{showValue(f, o.data[f.key])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className={adminStyles.empty}>No options to show.</p>
      )}
      {open ? (
        <OptionDialog
          option={open}
          fields={fields}
          onSaved={(row) => setOptions((rows) => rows.map((r) => (r.id === row.id ? row : r)))}
          onClose={() => setOpenId(null)}
        />
      ) : null}
    </section>
  );
}
