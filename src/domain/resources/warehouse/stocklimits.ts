import { number, ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

/**
 * The stock limits of an item in a warehouse (库存上下限, docs/stock.md "Alerts", decision 185): below `min_quantity`
 * the item is on the shortage list (`/inventory/warn`, the storekeeper's to-do and a message when a posting takes it
 * there); above `max_quantity` on the excess list (`/inventory/warn1`). Master data the storekeeper keeps, apart from
 * the balances (`inventory` is written by posting only and has no row before an item's first movement). One row per
 * item and warehouse: `limit_key` (`<item>:<warehouse>`) is written by the server and unique, the natural key of an
 * import is the pair itself. An empty limit is no limit.
 */
export const stocklimits = resource({
  name: 'stocklimits', api: '/warehouses/stocklimits', kind: 'master', menu: ['/stocklimits/list'],
  naturalKey: ['item_id', 'warehouse_id'], search: ['limit_key', 'remark'], display: 'limit_key', paging: 'server',
  labels: {
    zh: { name: '库存上下限', fields: { limit_key: '键', item_id: '物料', warehouse_id: '仓库', min_quantity: '最低库存',
      max_quantity: '最高库存', remark: '备注' } },
    en: { name: 'Stock limits', fields: { limit_key: 'Key', item_id: 'Item', warehouse_id: 'Warehouse', min_quantity: 'Minimum',
      max_quantity: 'Maximum', remark: 'Remarks' } },
    es: { name: 'Límites de existencias', fields: { limit_key: 'Clave', item_id: 'Artículo', warehouse_id: 'Almacén',
      min_quantity: 'Mínimo', max_quantity: 'Máximo', remark: 'Observaciones' } },
    ja: { name: '在庫上下限', fields: { limit_key: 'キー', item_id: '品目', warehouse_id: '倉庫', min_quantity: '最低在庫',
      max_quantity: '最高在庫', remark: '備考' } },
  },
  fields: {
    limit_key: text({ max: 40, unique: true, readOnly: true }),
    item_id: ref('items', { required: true }),
    warehouse_id: ref('warehouses', { required: true }),
    min_quantity: number({ scale: 4, min: 0 }),
    max_quantity: number({ scale: 4, min: 0 }),
    remark: text({ max: 200 }),
  },
  list: ['item_id', 'warehouse_id', 'min_quantity', 'max_quantity', 'remark'],
  sort: 'item_id',
});
