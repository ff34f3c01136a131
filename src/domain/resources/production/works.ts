import { date, enumOf, money, number, ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';
import { WAGE_BASES } from '../../rules/piece-work';

/**
 * Piece work (计件/报工记录): what one person made at one work node on one day — good and bad pieces, their weight
 * and metres — valued by the wage table (`wages`: per work node and item or item category, by piece, weight or metre;
 * src/domain/rules/piece-work.ts). Made from finished card nodes (the shop floor's swipes, or a supervisor's
 * "from card nodes") or entered by hand, and corrected by a supervisor with history. `basis`, `rate`, `amount`,
 * `wage_id` and `period` are set by the server on every write; a row whose month is closed (`workperiods`, the
 * `close` action) is not written any more. Rates and amounts are pay: sensitive.
 */
export const works = resource({
  name: 'works', api: '/persons/works', kind: 'document', menu: ['/persons/works/list'], screenBase: '/works',
  search: ['card_show_id', 'remark'], display: 'work_date', paging: 'server', pageSize: 50, owner: 'person_id',
  labels: {
    zh: { name: '报工记录', fields: { person_id: '人员', work_date: '报工日期', worknode_id: '工序', item_id: '物料', card_id: '流程卡',
      card_show_id: '卡号', cardnode_id: '卡工序', device_id: '机台', quantity: '良品数量', bad_quantity: '不良数量', weight: '重量',
      metres: '米数', basis: '计价方式', rate: '单价', amount: '计件工资', wage_id: '工价', period: '结算月份', source: '来源',
      remark: '备注' },
      enums: { basis: { piece: '按件', weight: '按重量', metre: '按米' }, source: { manual: '手工录入', node: '卡工序生成', swipe: '刷卡' } } },
    en: { name: 'Work reports', fields: { person_id: 'Person', work_date: 'Work date', worknode_id: 'Process step', item_id: 'Item',
      card_id: 'Process card', card_show_id: 'Card no.', cardnode_id: 'Card step', device_id: 'Machine', quantity: 'Good quantity',
      bad_quantity: 'Bad quantity', weight: 'Weight', metres: 'Metres', basis: 'Paid by', rate: 'Rate', amount: 'Piece pay',
      wage_id: 'Piece rate', period: 'Pay month', source: 'Source', remark: 'Remarks' },
      enums: { basis: { piece: 'Piece', weight: 'Weight', metre: 'Metre' }, source: { manual: 'Entered by hand', node: 'From card step', swipe: 'Badge swipe' } } },
    es: { name: 'Partes de trabajo', fields: { person_id: 'Persona', work_date: 'Fecha de trabajo', worknode_id: 'Operación',
      item_id: 'Artículo', card_id: 'Tarjeta de proceso', card_show_id: 'N.º de tarjeta', cardnode_id: 'Paso de tarjeta',
      device_id: 'Máquina', quantity: 'Cantidad buena', bad_quantity: 'Cantidad defectuosa', weight: 'Peso', metres: 'Metros',
      basis: 'Pago por', rate: 'Tarifa', amount: 'Pago a destajo', wage_id: 'Tarifa a destajo', period: 'Mes de pago', source: 'Origen',
      remark: 'Observaciones' },
      enums: { basis: { piece: 'Pieza', weight: 'Peso', metre: 'Metro' }, source: { manual: 'Manual', node: 'Desde paso de tarjeta', swipe: 'Fichaje' } } },
    ja: { name: '作業実績', fields: { person_id: '人員', work_date: '作業日', worknode_id: '工程', item_id: '品目', card_id: '工程カード',
      card_show_id: 'カード番号', cardnode_id: 'カード工程', device_id: '機械', quantity: '良品数', bad_quantity: '不良数', weight: '重量',
      metres: 'メートル数', basis: '計算方法', rate: '単価', amount: '出来高給', wage_id: '工賃', period: '精算月', source: '入力元',
      remark: '備考' },
      enums: { basis: { piece: '個数', weight: '重量', metre: 'メートル' }, source: { manual: '手入力', node: 'カード工程から', swipe: 'カード打刻' } } },
  },
  place: { group: 'production', order: 90, icon: 'IconClipboardCheck' },
  fields: {
    person_id: ref('persons', { required: true }),
    work_date: date({ required: true }),
    worknode_id: ref('worknodes', { required: true }),
    item_id: ref('items'),
    card_id: ref('cards'),
    card_show_id: text({ max: 40, readOnly: true }),
    cardnode_id: ref('cardnodes'),
    device_id: ref('devices'),
    // Left empty on a record of a card step, they come from the step; otherwise 0 (behaviours/works.ts).
    quantity: number({ scale: 4, min: 0, sum: true }),
    bad_quantity: number({ scale: 4, min: 0, sum: true }),
    weight: number({ scale: 4, min: 0, sum: true, unit: 'kg' }),
    metres: number({ scale: 4, min: 0, sum: true, unit: 'm' }),
    basis: enumOf(WAGE_BASES, { readOnly: true }),
    rate: money({ readOnly: true, sensitive: true }),
    amount: money({ readOnly: true, sensitive: true, sum: true }),
    wage_id: ref('wages', { readOnly: true }),
    period: text({ max: 7, readOnly: true }),
    source: enumOf(['manual', 'node', 'swipe'], { readOnly: true, default: 'manual' }),
    remark: text({ max: 200 }),
  },
  list: ['work_date', 'person_id', 'worknode_id', 'card_show_id', 'item_id', 'device_id', 'quantity', 'bad_quantity', 'weight',
    'metres', 'basis', 'rate', 'amount', 'source'],
  sort: '-work_date',
  actions: ['close'],
});
