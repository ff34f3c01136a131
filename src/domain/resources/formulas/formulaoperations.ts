import { int, number, ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

/**
 * An operation of a formula (配方工艺, spec §7 `/formulas/operations/list/`): at which work node, in which order
 * (`seq`), with which parameters (free text or JSON: temperature, speed, time …) and how long it takes (`duration`,
 * minutes). Lines of a frozen version (one that orders use) are changed in a new version, like its materials.
 */
export const formulaoperations = resource({
  name: 'formulaoperations', api: '/formulas/operations', kind: 'master', menu: ['/formulaoperations/list'],
  search: ['parameters', 'remark'], display: 'remark', paging: 'server', offline: false,
  labels: {
    zh: { name: '配方工艺', fields: { formula_id: '配方', worknode_id: '工序', seq: '顺序', parameters: '工艺参数', duration: '时长（分钟）',
      remark: '备注' } },
    en: { name: 'Formula operations', fields: { formula_id: 'Formula', worknode_id: 'Process step', seq: 'Order',
      parameters: 'Parameters', duration: 'Duration (min)', remark: 'Remarks' } },
    es: { name: 'Operaciones de fórmula', fields: { formula_id: 'Fórmula', worknode_id: 'Operación', seq: 'Orden',
      parameters: 'Parámetros', duration: 'Duración (min)', remark: 'Observaciones' } },
    ja: { name: '配合工程', fields: { formula_id: '配合', worknode_id: '工程', seq: '順序', parameters: '工程パラメータ',
      duration: '所要時間（分）', remark: '備考' } },
  },
  place: { group: 'formula', order: 14, icon: 'IconAdjustments' },
  fields: {
    formula_id: ref('formulas', { required: true }),
    worknode_id: ref('worknodes', { required: true }),
    seq: int({ min: 1, max: 999, default: 1 }),
    parameters: text({ max: 2000, multiline: true }),
    duration: number({ scale: 2, min: 0, unit: 'min' }),
    remark: text({ max: 200 }),
  },
  list: ['formula_id', 'seq', 'worknode_id', 'duration', 'parameters', 'remark'],
  sort: 'seq',
});
