import { useState } from 'react';
import { optionPicture } from '@cpq/domain';
import { Button } from '@cpq/ui';
import { ErrorMessage, RankedTable, StatusFilter, adminStyles, byStatus, resources, useAddRow, useRankMove, type StatusFilterValue } from '../common/index.ts';
import forms from '../common/forms.module.css';
import { PictureTitle } from '../common/PictureTitle.tsx';
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
  const adding = useAddRow(() => resources.create<OptionRow>(OPTION_KEY, { orgId, productPropertyId: property.id, title: 'Untitled Option' }), {
    added: (option) => {
      setOptions((rows) => [...rows, option]);
      setOpenId(option.id);
    },
  });
  const rank = useRankMove<OptionRow>(OPTION_KEY, setOptions, reload);
  const fields = property.productOptionDataFields;
  const shown = byStatus(options, status);
  const open = options.find((o) => o.id === openId) ?? null;

  const error = rank.error ?? adding.error;
  return (
    <section className={forms.section} aria-labelledby="options-heading">
      <div className={forms.sectionHeader}>
        <h2 id="options-heading">Options</h2>
        <div className={forms.row}>
          <StatusFilter label="Option Status" value={status} onChange={setStatus} />
          <Button onClick={adding.add} disabled={adding.adding}>
            {adding.adding ? 'Adding…' : 'Add option'}
          </Button>
        </div>
      </div>
      <ErrorMessage error={error} className={adminStyles.fieldError} />
      {shown.length ? (
        <RankedTable
          rows={shown}
          count={options.length}
          onMove={(id, to) => void rank.move(id, to)}
          titleCell={(o) => (
            <PictureTitle swatch={optionPicture(o)}>
              <button type="button" className={forms.linkButton} onClick={() => setOpenId(o.id)}>
                {o.title}
              </button>
            </PictureTitle>
          )}
          columns={fields.map((f) => ({ key: f.key, header: f.title || f.key, cell: (o: OptionRow) => showValue(f, o.data[f.key]) }))}
          testId="options-table"
        />
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
