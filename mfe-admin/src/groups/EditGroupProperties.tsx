import { useState } from 'react';
import { Modal } from '@cpq/ui';
import { ErrorMessage, SaveFooter, resources, useSaving } from '../common/index.ts';
import forms from '../common/forms.module.css';
import { GROUP_KEY, type GroupPropertyRow, type GroupRow } from './types.ts';

/**
 * The group's `properties` map after the owner's choice: kept properties keep their settings in the
 * group, added ones start with none.
 */
export function groupPropertiesMap(current: GroupRow['properties'], chosen: ReadonlySet<number>): GroupRow['properties'] {
  return Object.fromEntries([...chosen].sort((a, b) => a - b).map((id) => [String(id), current[String(id)] ?? {}]));
}

/** The Edit Properties popup: tick the properties the group holds; Save writes the whole map at once. */
export function EditGroupProperties({ group, properties, onSaved, onClose }: { group: GroupRow; properties: readonly GroupPropertyRow[]; onSaved(row: GroupRow): void; onClose(): void }) {
  const [chosen, setChosen] = useState(() => new Set(Object.keys(group.properties).map(Number)));
  const { saving, error, run } = useSaving();
  // Archived properties are offered only while they are still in the group (so they can be removed).
  const offered = properties.filter((p) => !p.archived || String(p.id) in group.properties);

  const toggle = (id: number, on: boolean) =>
    setChosen((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const save = () =>
    run(async () => {
      onSaved(await resources.update<GroupRow>(GROUP_KEY, group.id, { properties: groupPropertiesMap(group.properties, chosen) }));
      onClose();
    });

  return (
    <Modal
      title="Edit Properties"
      subtitle={<p className={forms.hint}>{chosen.size} selected</p>}
      onClose={onClose}
      width="medium"
      testId="edit-group-properties"
      footer={<SaveFooter saving={saving} onCancel={onClose} onSave={() => void save()} />}
    >
      {offered.length ? (
        <fieldset className={forms.fieldset}>
          <legend className={forms.legend}>Properties in this group</legend>
          {offered.map((p) => (
            <label key={p.id} className={forms.check}>
              <input type="checkbox" checked={chosen.has(p.id)} onChange={(e) => toggle(p.id, e.target.checked)} />
              <span>
                {p.title}
                {p.internalTitle ? ` (${p.internalTitle})` : ''} · ID {p.id}
                {p.archived ? ' · archived' : ''}
              </span>
            </label>
          ))}
        </fieldset>
      ) : (
        <p className={forms.hint}>This organisation has no properties yet.</p>
      )}
      <ErrorMessage error={error} />
    </Modal>
  );
}
