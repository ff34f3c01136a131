import { date, enumOf, money, ref, text } from '../../registry/fields';
import { WAGE_BASES } from '../../rules/piece-work';
import { resource } from '../../registry/resource';

/**
 * Piece rates (工价): what a work node pays per unit of an item (or of every item of a category when no item is
 * named, or of every item when neither is), by the piece, the kilogram or the metre (`basis`). Piece work (`works`)
 * takes the most specific rate valid on the work's date (src/domain/rules/piece-work.ts).
 */
export const wages = resource({
  name: 'wages', api: '/wages', kind: 'master', menu: ['/wages/list'],
  naturalKey: ['worknode_id', 'item_id', 'category_id', 'valid_from'], search: ['remark'], display: 'remark', offline: true,
  labels: {
    zh: { name: '工价', fields: { worknode_id: '工序', item_id: '物料', category_id: '物料分类', price: '计件单价', unit: '计价单位',
      valid_from: '生效日期', remark: '说明', basis: '计价方式' },
      enums: { basis: { piece: '按件', weight: '按重量', metre: '按米' } } },
    en: { name: 'Piece rates', fields: { worknode_id: 'Process', item_id: 'Item', category_id: 'Item category',
      price: 'Rate per piece', unit: 'Rate unit', valid_from: 'Valid from', remark: 'Note', basis: 'Paid by' },
      enums: { basis: { piece: 'Piece', weight: 'Weight', metre: 'Metre' } } },
    es: { name: 'Tarifas a destajo', fields: { worknode_id: 'Proceso', item_id: 'Artículo',
      category_id: 'Categoría de artículo', price: 'Tarifa por pieza', unit: 'Unidad de tarifa',
      valid_from: 'Válida desde', remark: 'Nota', basis: 'Pago por' },
      enums: { basis: { piece: 'Pieza', weight: 'Peso', metre: 'Metro' } } },
    ja: { name: '工賃', menu: '出来高単価', fields: { worknode_id: '工程', item_id: '品目', category_id: '品目分類', price: '出来高単価',
      unit: '単価単位', valid_from: '適用開始日', remark: '説明', basis: '計算方法' },
      enums: { basis: { piece: '個数', weight: '重量', metre: 'メートル' } } },
  },
  place: { group: 'system', order: 360, icon: 'IconCurrencyYuan' },
  fields: {
    worknode_id: ref('worknodes', { required: true }),
    item_id: ref('items'),
    category_id: ref('itemcategories'),
    price: money({ required: true, sensitive: true, min: 0 }),
    basis: enumOf(WAGE_BASES, { required: true, default: 'piece' }),
    unit: text({ max: 20 }),
    valid_from: date(),
    remark: text({ max: 200 }),
  },
  list: ['worknode_id', 'item_id', 'category_id', 'price', 'basis', 'unit', 'valid_from', 'remark'],
  sort: 'worknode_id',
});
