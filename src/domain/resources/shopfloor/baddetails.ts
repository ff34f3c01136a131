import { datetime, enumOf, number, ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

/**
 * Defects found by inspections (不良明细): one row per defect reason of an inspection (docs/shopfloor.md), with the
 * inspection it belongs to (`predetail_id` or `inventorydetail_id`), so defects are counted by reason, item and card.
 */
export const baddetails = resource({
  name: 'baddetails', api: '/warehouses/baddetails', kind: 'document', menu: ['/baddetails/list'], createPage: false,
  search: ['card_show_id', 'reason'], display: 'reason', paging: 'server',
  labels: {
    zh: { name: '不良明细', fields: { source: '来源', predetail_id: '半成品检验单', inventorydetail_id: '成品检验单', card_id: '流程卡', card_show_id: '卡号', item_id: '物料',
      worknode_id: '工序', reason: '不良原因', quantity: '数量', person_id: '检验员', found_at: '发现时间' },
      enums: { source: { precheck: '半成品检验', inspect: '成品检验' } } },
    en: { name: 'Defects', fields: { source: 'Found by', predetail_id: 'Semi-finished inspection record', inventorydetail_id: 'Finished-goods inspection record', card_id: 'Process card', card_show_id: 'Card no.',
      item_id: 'Item', worknode_id: 'Process step', reason: 'Defect', quantity: 'Quantity', person_id: 'Inspector', found_at: 'Found at' },
      enums: { source: { precheck: 'Semi-finished inspection', inspect: 'Finished-goods inspection' } } },
    es: { name: 'Defectos', fields: { source: 'Hallado en', predetail_id: 'Registro de inspección de semielaborado',
      inventorydetail_id: 'Registro de inspección de producto terminado', card_id: 'Tarjeta de proceso',
      card_show_id: 'N.º de tarjeta', item_id: 'Artículo', worknode_id: 'Operación', reason: 'Defecto', quantity: 'Cantidad',
      person_id: 'Inspector', found_at: 'Hallado el' },
      enums: { source: { precheck: 'Inspección de semielaborado', inspect: 'Inspección de producto terminado' } } },
    ja: { name: '不良明細', fields: { source: '発見元', predetail_id: '半製品検査記録', inventorydetail_id: '製品検査記録', card_id: '工程カード', card_show_id: 'カード番号', item_id: '品目',
      worknode_id: '工程', reason: '不良理由', quantity: '数量', person_id: '検査員', found_at: '発見日時' },
      enums: { source: { precheck: '半製品検査', inspect: '製品検査' } } },
  },
  place: { group: 'finished', order: 180, icon: 'IconAlertOctagon' },
  fields: {
    source: enumOf(['precheck', 'inspect'], { readOnly: true }),
    predetail_id: ref('predetails', { readOnly: true }),
    inventorydetail_id: ref('inventorydetails', { readOnly: true }),
    card_id: ref('cards', { readOnly: true }),
    card_show_id: text({ max: 64, readOnly: true }),
    item_id: ref('items', { readOnly: true }),
    worknode_id: ref('worknodes', { readOnly: true }),
    reason: text({ required: true, max: 50 }),
    quantity: number({ scale: 4, min: 0, required: true, sum: true }),
    person_id: ref('persons', { readOnly: true }),
    found_at: datetime({ readOnly: true }),
  },
  list: ['found_at', 'source', 'card_show_id', 'item_id', 'worknode_id', 'reason', 'quantity', 'person_id'],
  sort: '-found_at',
});
