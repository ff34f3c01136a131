import { ActionIcon, Badge, Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../data/errors';
import { formulasClient } from '../../data/formulas-client';
import { newRequestId } from '../../data/resource-client';
import type { FormulaRow, SaveFormulaReply } from '../../domain/contract/formulas';
import type { RefField } from '../../domain/registry/fields';
import type { ResourceDef } from '../../domain/registry/resource';
import { formulamaterials } from '../../domain/resources/formulas/formulamaterials';
import { formulaoperations } from '../../domain/resources/formulas/formulaoperations';
import { formulas } from '../../domain/resources/formulas/formulas';
import { RefSelect } from '../../resources/form/controls/RefSelect';
import { emptyMaterial, emptyOperation, saveParams, type FormulaDraft, type MaterialDraft, type OperationDraft } from './formula-draft';

interface Props {
  draft: FormulaDraft;
  /** The saved formula (null while new). */
  saved: FormulaRow | null;
  /** Writes need the server; offline the formula shows read-only. */
  reachable: boolean;
  onSaved: (reply: SaveFormulaReply) => void;
}

/**
 * The formula screen: header, materials and operations as editable lines, saved together. A saved cancelled formula
 * is read-only. Field errors of the server land on their cell (`materials.<i>.<field>`, `operations.<i>.<field>`).
 */
export function FormulaEditor({ draft: initial, saved, reachable, onSaved }: Props) {
  const { t } = useTranslation();
  const [d, setD] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [key] = useState(newRequestId);
  const readOnly = !reachable || saved?.canceled === true;
  const label = (res: string, f: string) => t(`resources.${res}.fields.${f}`);
  const setHeader = (patch: Partial<FormulaDraft['header']>) => setD(x => ({ ...x, header: { ...x.header, ...patch } }));
  const setMaterial = (i: number, patch: Partial<MaterialDraft>) =>
    setD(x => ({ ...x, materials: x.materials.map((m, j) => (j === i ? { ...m, ...patch, labels: { ...m.labels, ...patch.labels } } : m)) }));
  const setOperation = (i: number, patch: Partial<OperationDraft>) =>
    setD(x => ({ ...x, operations: x.operations.map((o, j) => (j === i ? { ...o, ...patch, labels: { ...o.labels, ...patch.labels } } : o)) }));
  const removeMaterial = (i: number) => setD(x => {
    const m = x.materials[i]!;
    return { ...x, materials: x.materials.filter((_, j) => j !== i),
      removedMaterials: m.id === undefined ? x.removedMaterials : [...x.removedMaterials, { id: m.id, version: m.version! }] };
  });
  const removeOperation = (i: number) => setD(x => {
    const o = x.operations[i]!;
    return { ...x, operations: x.operations.filter((_, j) => j !== i),
      removedOperations: o.id === undefined ? x.removedOperations : [...x.removedOperations, { id: o.id, version: o.version! }] };
  });

  const save = async () => {
    setSaving(true);
    setErrors({});
    try {
      const reply = await formulasClient.saveWithLines(saveParams(d, saved ? { id: saved.id, version: saved.version } : null),
        { idempotencyKey: key });
      onSaved(reply);
    } catch (e) {
      if (isApiError(e)) setErrors(e.errors);
    } finally {
      setSaving(false);
    }
  };

  const ref = (res: ResourceDef, field: string, refField: RefField, value: number | null,
    valueLabel: string | undefined, onChange: (v: number | null, l?: string) => void, error?: string, withLabel = true) => (
    <RefSelect def={res} name={field} field={refField}
      label={withLabel ? label(res.name, field) : ''} required={false} disabled={readOnly} value={value} valueLabel={valueLabel}
      error={error} onLabel={(_id, l) => onChange(value, l)} onChange={v => onChange(v)} testId={`formula-${field}`} />
  );

  return (
    <Stack gap="sm" p="sm" data-testid="formula-editor">
      <Group gap="xs">
        <Title order={4}>{saved ? `${saved.code} · ${saved.name}` : t('formulas.new_formula')}</Title>
        {saved && <Badge variant="light">{`v${saved.version_no ?? 1}`}</Badge>}
        {saved && <Badge color={saved.is_current ? 'green' : 'gray'} variant="light">
          {t(saved.is_current ? 'formulas.current' : 'formulas.not_current')}
        </Badge>}
        {saved?.canceled && <Badge color="red" variant="light">{t('formulas.canceled')}</Badge>}
      </Group>
      <Text size="xs" c="dimmed">{t('formulas.versions_hint')}</Text>
      <Group gap={8} align="flex-start" wrap="wrap">
        <TextInput w={160} label={label('formulas', 'code')} withAsterisk value={d.header.code} readOnly={readOnly} error={errors.code}
          onChange={e => setHeader({ code: e.currentTarget.value })} data-testid="formula-code" />
        <TextInput w={240} label={label('formulas', 'name')} withAsterisk value={d.header.name} readOnly={readOnly} error={errors.name}
          onChange={e => setHeader({ name: e.currentTarget.value })} data-testid="formula-name" />
        <div style={{ width: 260 }}>
          {ref(formulas, 'item_id', formulas.fields.item_id, d.header.item_id, d.headerLabels.item_id, (v, l) => {
            setHeader({ item_id: v });
            if (l) setD(x => ({ ...x, headerLabels: { ...x.headerLabels, item_id: l } }));
          }, errors.item_id)}
        </div>
        <div style={{ width: 200 }}>
          {ref(formulas, 'category_id', formulas.fields.category_id, d.header.category_id, d.headerLabels.category_id, (v, l) => {
            setHeader({ category_id: v });
            if (l) setD(x => ({ ...x, headerLabels: { ...x.headerLabels, category_id: l } }));
          }, errors.category_id)}
        </div>
        <TextInput w={260} label={label('formulas', 'remark')} value={d.header.remark} readOnly={readOnly} error={errors.remark}
          onChange={e => setHeader({ remark: e.currentTarget.value })} />
      </Group>

      <Paper withBorder p="xs">
        <Group justify="space-between" mb={4}>
          <Text fw={600}>{t('resources.formulamaterials.name')}</Text>
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} disabled={readOnly}
            onClick={() => setD(x => ({ ...x, materials: [...x.materials, emptyMaterial()] }))} data-testid="formula-add-material">
            {t('formulas.add_line')}
          </Button>
        </Group>
        <Table withColumnBorders data-testid="formula-materials">
          <Table.Thead>
            <Table.Tr>
              {(['item_id', 'quantity', 'unit', 'loss_rate', 'level', 'sub_formula_id', 'remark'] as const).map(f => (
                <Table.Th key={f}>{label('formulamaterials', f)}</Table.Th>
              ))}
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {d.materials.map((m, i) => {
              const err = (f: string) => errors[`materials.${i}.${f}`];
              return (
                <Table.Tr key={m.key} data-testid="formula-material-row">
                  <Table.Td miw={220}>{ref(formulamaterials, 'item_id', formulamaterials.fields.item_id, m.item_id, m.labels.item_id,
                    (v, l) => setMaterial(i, { item_id: v, labels: l ? { item_id: l } : {} }), err('item_id'), false)}</Table.Td>
                  <Table.Td><TextInput size="xs" w={110} value={m.quantity} readOnly={readOnly} error={err('quantity')} inputMode="decimal"
                    aria-label={label('formulamaterials', 'quantity')} onChange={e => setMaterial(i, { quantity: e.currentTarget.value })} /></Table.Td>
                  <Table.Td><TextInput size="xs" w={70} value={m.unit} readOnly={readOnly} error={err('unit')}
                    aria-label={label('formulamaterials', 'unit')} onChange={e => setMaterial(i, { unit: e.currentTarget.value })} /></Table.Td>
                  <Table.Td><TextInput size="xs" w={80} value={m.loss_rate} readOnly={readOnly} error={err('loss_rate')} inputMode="decimal"
                    aria-label={label('formulamaterials', 'loss_rate')} onChange={e => setMaterial(i, { loss_rate: e.currentTarget.value })} /></Table.Td>
                  <Table.Td><TextInput size="xs" w={60} value={m.level} readOnly={readOnly} error={err('level')} inputMode="numeric"
                    aria-label={label('formulamaterials', 'level')} onChange={e => setMaterial(i, { level: e.currentTarget.value })} /></Table.Td>
                  <Table.Td miw={200}>{ref(formulamaterials, 'sub_formula_id', formulamaterials.fields.sub_formula_id, m.sub_formula_id, m.labels.sub_formula_id,
                    (v, l) => setMaterial(i, { sub_formula_id: v, labels: l ? { sub_formula_id: l } : {} }), err('sub_formula_id'), false)}</Table.Td>
                  <Table.Td><TextInput size="xs" value={m.remark} readOnly={readOnly} error={err('remark')}
                    aria-label={label('formulamaterials', 'remark')} onChange={e => setMaterial(i, { remark: e.currentTarget.value })} /></Table.Td>
                  <Table.Td><ActionIcon variant="subtle" color="red" disabled={readOnly} aria-label={t('formulas.remove_line')}
                    onClick={() => removeMaterial(i)}><IconTrash size={14} /></ActionIcon></Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Paper>

      <Paper withBorder p="xs">
        <Group justify="space-between" mb={4}>
          <Text fw={600}>{t('resources.formulaoperations.name')}</Text>
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} disabled={readOnly}
            onClick={() => setD(x => ({ ...x, operations: [...x.operations, emptyOperation(x.operations.length + 1)] }))}
            data-testid="formula-add-operation">
            {t('formulas.add_line')}
          </Button>
        </Group>
        <Table withColumnBorders data-testid="formula-operations">
          <Table.Thead>
            <Table.Tr>
              {(['seq', 'worknode_id', 'parameters', 'duration', 'remark'] as const).map(f => (
                <Table.Th key={f}>{label('formulaoperations', f)}</Table.Th>
              ))}
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {d.operations.map((o, i) => {
              const err = (f: string) => errors[`operations.${i}.${f}`];
              return (
                <Table.Tr key={o.key} data-testid="formula-operation-row">
                  <Table.Td><TextInput size="xs" w={60} value={o.seq} readOnly={readOnly} error={err('seq')} inputMode="numeric"
                    aria-label={label('formulaoperations', 'seq')} onChange={e => setOperation(i, { seq: e.currentTarget.value })} /></Table.Td>
                  <Table.Td miw={180}>{ref(formulaoperations, 'worknode_id', formulaoperations.fields.worknode_id, o.worknode_id, o.labels.worknode_id,
                    (v, l) => setOperation(i, { worknode_id: v, labels: l ? { worknode_id: l } : {} }), err('worknode_id'), false)}</Table.Td>
                  <Table.Td><TextInput size="xs" value={o.parameters} readOnly={readOnly} error={err('parameters')}
                    aria-label={label('formulaoperations', 'parameters')} onChange={e => setOperation(i, { parameters: e.currentTarget.value })} /></Table.Td>
                  <Table.Td><TextInput size="xs" w={90} value={o.duration} readOnly={readOnly} error={err('duration')} inputMode="decimal"
                    aria-label={label('formulaoperations', 'duration')} onChange={e => setOperation(i, { duration: e.currentTarget.value })} /></Table.Td>
                  <Table.Td><TextInput size="xs" value={o.remark} readOnly={readOnly} error={err('remark')}
                    aria-label={label('formulaoperations', 'remark')} onChange={e => setOperation(i, { remark: e.currentTarget.value })} /></Table.Td>
                  <Table.Td><ActionIcon variant="subtle" color="red" disabled={readOnly} aria-label={t('formulas.remove_line')}
                    onClick={() => removeOperation(i)}><IconTrash size={14} /></ActionIcon></Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Paper>

      <Group>
        <Button onClick={() => void save()} loading={saving} disabled={readOnly} data-testid="formula-save">{t('forms.save')}</Button>
      </Group>
    </Stack>
  );
}
