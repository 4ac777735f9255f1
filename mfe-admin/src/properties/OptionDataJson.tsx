import { useDraft } from '../common/useDraft.ts';
import { Button } from '@cpq/ui';
import { ErrorMessage, Field, resources, useSaving } from '../common/index.ts';
import forms from '../common/forms.module.css';
import { parseOptionDataJson } from './optionData.ts';
import { OPTION_KEY, type OptionRow } from './types.ts';

const pretty = (data: OptionRow['data']) => JSON.stringify(data, null, 2);

/** The option's whole data as JSON (platform administrators only): saved only when it is valid. */
export function OptionDataJson({ option, onSaved }: { option: OptionRow; onSaved(row: OptionRow): void }) {
  const saved = pretty(option.data);
  const [text, setText] = useDraft(saved);
  const { saving, error, setError, run } = useSaving();

  const save = async () => {
    const parsed = parseOptionDataJson(text);
    if (!parsed.ok) {
      setError(parsed.error);
      return;
    }
    await run(async () => onSaved(await resources.update<OptionRow>(OPTION_KEY, option.id, { data: parsed.value })));
  };

  return (
    <div className={`${forms.form} ${forms.section}`} data-testid="option-data-json">
      <Field label="Data fields (JSON)">
        <textarea
          className={error ? forms.invalid : undefined}
          aria-invalid={error ? true : undefined}
          spellCheck={false}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setError(null);
          }}
          rows={8}
        />
      </Field>
      <ErrorMessage error={error} />
      <div>
        <Button variant="secondary" onClick={() => void save()} disabled={saving || text === saved}>
          {saving ? 'Saving…' : 'Save JSON'}
        </Button>
      </div>
    </div>
  );
}
