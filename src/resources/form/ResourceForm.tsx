import '@mantine/dates/styles.css';
import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldError } from '../../domain/registry/issue-keys';
import type { ResourceDef } from '../../domain/registry/resource';
import { DATES_LOCALE } from './dates-locale';
import { displayValue } from './display-value';
import { fieldLabelKey, formFields, type FormMode } from './field-kinds';
import { FieldControl } from './FieldControl';
import { refLabelsOf, toFormValues, type FormValues, type RefLabels, type Row } from './form-values';
import { catalogLang, errorTexts, prepareSave } from './prepare-save';

export interface ResourceFormProps {
  def: ResourceDef;
  /**
   * Edit: the row as `<api>/detail/` returns it (with `<ref>_name`s). Create: values to start from (API shape),
   * over the declared defaults; may be omitted. Read once: give the form a new `key` to start again from a new row.
   */
  initial?: Row;
  /** Default: `edit` when `initial` has an `id`, else `create`. */
  mode?: FormMode;
  /**
   * Called with the values to save after they passed the shared validator: on create every editable field, on
   * edit only the changed ones (the caller adds `id` and `version`). Every click on Save that passes the check
   * calls it, so the caller's save guard can say "please do not click repeatedly".
   */
  onSubmit: (values: Record<string, unknown>) => void;
  /** Per-field messages of the server's last refusal (ApiError.errors), shown until the field is edited. */
  errors?: Record<string, string>;
  disabled?: boolean;
  /** A save is running: the Save button shows it (and stays clickable, see onSubmit). */
  busy?: boolean;
  /** More buttons beside Save (back, history …). */
  actions?: ReactNode;
  /** What a screen shows of the values being typed, below the fields (a help article's rendered body). */
  preview?: (values: FormValues) => ReactNode;
}

const NO_ERRORS: Record<string, string> = {};

/**
 * The generic form of a resource, built from its declaration (DESIGN §3): one control per field (FieldControl),
 * client-side validation with the server's own validator before `onSubmit`, then the server's field messages.
 */
export function ResourceForm({ def, initial, mode: modeProp, onSubmit, errors = NO_ERRORS, disabled = false, busy = false, actions, preview }: ResourceFormProps) {
  const { t, i18n } = useTranslation();
  const lang = catalogLang(i18n.language);
  const mode: FormMode = modeProp ?? (initial?.id != null ? 'edit' : 'create');
  const fields = useMemo(() => formFields(def, mode), [def, mode]);
  const [start] = useState(() => toFormValues(def, initial, mode));
  const [values, setValues] = useState<FormValues>(start);
  const [refLabels, setRefLabels] = useState<RefLabels>(() => refLabelsOf(def, initial));
  const [localErrors, setLocalErrors] = useState<Record<string, FieldError>>({});
  // Server messages hide once their field is edited; a new refusal (a new `errors` object) shows them all again.
  const [edited, setEdited] = useState<{ of: Record<string, string>; fields: ReadonlySet<string> }>({ of: errors, fields: new Set() });
  const editedFields = edited.of === errors ? edited.fields : new Set<string>();
  const local = errorTexts(localErrors, lang);

  const change = (name: string, v: unknown) => {
    setValues(prev => ({ ...prev, [name]: v }));
    if (name in localErrors) setLocalErrors(({ [name]: _gone, ...rest }) => rest);
    if (name in errors && !editedFields.has(name)) setEdited({ of: errors, fields: new Set([...editedFields, name]) });
  };
  const refLabel = (name: string, id: number, label: string) =>
    setRefLabels(prev => ({ ...prev, [name]: { ...prev[name], [id]: label } }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (disabled) return;
    const plan = prepareSave(def, values, start, mode);
    setLocalErrors(plan.errors);
    const first = fields.find(f => f.name in plan.errors);
    if (first) {
      document.querySelector(`[data-field="${first.name}"]`)?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
      return;
    }
    onSubmit(plan.values);
  };

  const errorOf = (name: string) => local[name] ?? (editedFields.has(name) ? undefined : errors[name]);
  // A server message about a field the form does not show (or a system column) must not be lost.
  const stray = Object.entries(errors).filter(([k]) => !fields.some(f => f.name === k) && !editedFields.has(k));

  return (
    <DatesProvider settings={{ locale: DATES_LOCALE[lang], firstDayOfWeek: 1 }}>
      <form onSubmit={submit} noValidate data-testid="resource-form" data-mode={mode}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" verticalSpacing="sm">
            {fields.map(spec => (
              <div key={spec.name} data-field={spec.name} style={spec.wide ? { gridColumn: '1 / -1' } : undefined}>
                <FieldControl def={def} spec={spec} mode={mode} label={t(fieldLabelKey(def, spec.name))} values={values}
                  error={errorOf(spec.name)} disabled={disabled} refLabels={refLabels[spec.name] ?? {}}
                  onChange={change} onRefLabel={refLabel} />
              </div>
            ))}
          </SimpleGrid>
          {preview?.(values)}
          {stray.map(([k, msg]) => (
            <Text key={k} c="red" size="sm" data-testid={`error-${k}`}>{t(fieldLabelKey(def, k))}: {msg}</Text>
          ))}
          {mode === 'edit' && initial && <SystemLine def={def} row={initial} />}
          <Group gap="sm">
            <Button type="submit" disabled={disabled} data-testid="save-button" data-busy={busy || undefined}
              leftSection={<IconDeviceFloppy size={16} />}
              // Not Mantine's `loading`, which would disable the button: a click while saving must reach the save
              // guard, which answers "executing, please do not click repeatedly" (spec §5).
              style={busy ? { opacity: 0.7, cursor: 'progress' } : undefined}>
              {t('forms.save')}
            </Button>
            {actions}
          </Group>
        </Stack>
      </form>
    </DatesProvider>
  );
}

/** Who created and last changed the row, and its version: system columns, never editable. */
function SystemLine({ def, row }: { def: ResourceDef; row: Row }) {
  const { t } = useTranslation();
  const parts = (['id', 'version', 'created_at', 'updated_at'] as const)
    .filter(k => row[k] != null)
    .map(k => `${t(`common.fields.${k}`)}: ${displayValue(def, k, undefined, row[k], t)}`);
  return <Text size="xs" c="dimmed" data-testid="system-columns">{parts.join(' · ')}</Text>;
}
