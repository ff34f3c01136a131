import { ActionIcon, Button, Group, Input, NumberInput, Select, Stack, Switch, TagsInput, Text, Textarea, TextInput } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  configTypeOf, draftOf, type ConfigDraft, type ConfigMapRow, type ConfigType,
} from '../../../domain/rules/config-types';
import type { TextField } from '../../../domain/registry/fields';
import { configText, isConfigEdit, type ConfigEdit } from '../config-field';
import type { ControlProps } from './control-props';

/**
 * The value of a config (系统参数 `values`), typed by the config's name (src/domain/rules/config-types.ts): a text,
 * number, switch, choice, list or name/value rows for a known config; the plain text area for any other, or when the
 * stored text does not fit its type (shown as it is, with the reason, so nothing an admin wrote is lost). The form
 * value is the stored text until the typed input is touched, then a `ConfigEdit` (config-field.ts).
 */
export function ConfigValueControl(p: ControlProps<unknown, TextField> & { configName: unknown }) {
  const { t } = useTranslation();
  const type = configTypeOf(p.configName);
  const raw = (description?: string) => (
    <Textarea label={p.label} description={description} withAsterisk={p.required} error={p.error} disabled={p.disabled}
      value={configText(p.value)} maxLength={p.field.max} autosize minRows={3} maxRows={16}
      onChange={e => p.onChange(e.currentTarget.value)} data-testid={p.testId} />
  );
  if (!type) return raw();
  const kindName = t(`forms.config.kinds.${type.kind}`);
  let draft: ConfigDraft;
  if (isConfigEdit(p.value) && p.value.configKind === type.kind) {
    draft = p.value.draft;
  } else {
    const d = draftOf(type, configText(p.value));
    if (!d.ok) return raw(t('forms.config.raw', { type: kindName }));
    draft = d.draft;
  }
  const set = (d: ConfigDraft) => p.onChange({ configKind: type.kind, draft: d } satisfies ConfigEdit);
  return <TypedInput type={type} draft={draft} set={set} p={p} description={t('forms.config.type', { type: kindName })} />;
}

interface TypedProps {
  type: ConfigType;
  draft: ConfigDraft;
  set: (d: ConfigDraft) => void;
  p: ControlProps<unknown, TextField>;
  description: string;
}

function TypedInput({ type, draft, set, p, description }: TypedProps) {
  const { t } = useTranslation();
  const common = { label: p.label, description, withAsterisk: p.required, error: p.error, disabled: p.disabled, 'data-testid': p.testId };
  const text = typeof draft === 'string' ? draft : '';
  switch (type.kind) {
    case 'text':
      return type.multiline || type.max > 300
        ? <Textarea {...common} value={text} autosize minRows={2} maxRows={8} onChange={e => set(e.currentTarget.value)} />
        : <TextInput {...common} value={text} maxLength={type.max} onChange={e => set(e.currentTarget.value)} />;
    case 'number':
      return (
        <NumberInput {...common} value={text} onChange={v => set(String(v))} min={type.min} max={type.max}
          allowDecimal={!type.integer} allowNegative={type.min === undefined || type.min < 0} clampBehavior="none" />
      );
    case 'boolean':
      return (
        <Input.Wrapper label={p.label} description={description} error={p.error}>
          <Switch mt={6} label={t('forms.config.on')} checked={draft === true} disabled={p.disabled}
            onChange={e => set(e.currentTarget.checked)} data-testid={p.testId} />
        </Input.Wrapper>
      );
    case 'select':
      return <Select {...common} data={[...type.options]} value={text || null} onChange={v => set(v ?? '')} clearable />;
    case 'list':
      return (
        <TagsInput {...common} value={Array.isArray(draft) ? (draft as string[]) : []} onChange={v => set(v)}
          maxTags={type.maxItems} allowDuplicates={false} clearable withPillsReorder placeholder={t('forms.texts_placeholder')} />
      );
    case 'map':
      return <MapRows rows={Array.isArray(draft) ? (draft as ConfigMapRow[]) : []} set={set} p={p} description={description} />;
  }
}

/** A map config as name/value rows, in the stored order; blank rows are dropped on save, a name used twice refused. */
function MapRows({ rows, set, p, description }: { rows: ConfigMapRow[]; set: (d: ConfigMapRow[]) => void; p: ControlProps<unknown, TextField>; description: string }) {
  const { t } = useTranslation();
  const put = (i: number, patch: Partial<ConfigMapRow>) => set(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <Input.Wrapper label={p.label} description={description} withAsterisk={p.required} error={p.error} data-testid={p.testId}>
      <Stack gap={4} mt={4}>
        {rows.length === 0 && <Text size="sm" c="dimmed">{t('forms.config.empty')}</Text>}
        {rows.map((r, i) => (
          // Rows have no identity but their place, and are only added at the end or removed.
          <Group key={i} gap="xs" wrap="nowrap" data-testid={`${p.testId}-row`}>
            <TextInput aria-label={t('forms.config.key')} placeholder={t('forms.config.key')} value={r.key} disabled={p.disabled}
              onChange={e => put(i, { key: e.currentTarget.value })} style={{ flex: 1 }} data-testid={`${p.testId}-key-${i}`} />
            <TextInput aria-label={t('forms.config.value')} placeholder={t('forms.config.value')} value={r.value} disabled={p.disabled}
              onChange={e => put(i, { value: e.currentTarget.value })} style={{ flex: 2 }} data-testid={`${p.testId}-value-${i}`} />
            <ActionIcon variant="subtle" color="red" aria-label={t('forms.remove')} title={t('forms.remove')} disabled={p.disabled}
              onClick={() => set(rows.filter((_, j) => j !== i))}>
              <IconX size={16} />
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} disabled={p.disabled}
            onClick={() => set([...rows, { key: '', value: '' }])} data-testid={`${p.testId}-add`}>
            {t('forms.config.add')}
          </Button>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
