import { bool, ref, refs, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

/** Kits (套件): items sold or shipped together under one code, e.g. a product with its fittings. */
export const suits = resource({
  name: 'suits', api: '/suits', kind: 'master', menu: ['/suits/list'],
  naturalKey: ['code'], search: ['code', 'name'], display: 'name',
  labels: {
    zh: { name: '套件', fields: { code: '套件编码', name: '套件名称', item_ids: '包含物料', customer_id: '客户', active: '启用',
      remark: '备注' } },
    en: { name: 'Kits', fields: { code: 'Kit code', name: 'Kit name', item_ids: 'Items', customer_id: 'Customer',
      active: 'Active', remark: 'Remark' } },
    es: { name: 'Kits', fields: { code: 'Código del kit', name: 'Nombre del kit', item_ids: 'Artículos',
      customer_id: 'Cliente', active: 'Activo', remark: 'Observaciones' } },
    ja: { name: 'セット', menu: 'セット品', fields: { code: 'セットコード', name: 'セット名', item_ids: '構成品目', customer_id: '顧客',
      active: '有効', remark: '備考' } },
  },
  place: { group: 'warehouse', order: 200, icon: 'IconPuzzle' },
  fields: {
    code: text({ required: true, max: 64, unique: true }),
    name: text({ required: true, max: 200 }),
    item_ids: refs('items', { required: true, max: 50 }),
    customer_id: ref('customers'),
    active: bool({ default: true }),
    remark: text({ max: 500 }),
  },
  list: ['code', 'name', 'item_ids', 'customer_id', 'active'],
  sort: 'code',
});
