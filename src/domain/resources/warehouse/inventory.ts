import { datetime, money, number, ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

/**
 * Stock per item and warehouse (库存, docs/stock.md; ERPNext's Bin): the quantity on hand and its value at moving
 * average cost, kept by posting in the movement's transaction. `unit_cost` is the average (value ÷ quantity, or the last
 * cost while none is on hand). Never written by a save: the ledger (`itemlogs`) is the record, this its running sum.
 * Spec §7 lists it as `/warehouses/inventory/list/`.
 */
export const inventory = resource({
  name: 'inventory', api: '/warehouses/inventory', kind: 'document', menu: ['/inventory/list'], createPage: false,
  search: ['bin_key'], display: 'bin_key', paging: 'server',
  labels: {
    zh: { name: '库存', fields: { bin_key: '键', item_id: '物料', warehouse_id: '仓库', quantity: '数量', quantity2: '辅数量',
      quantity3: '第三数量', unit_cost: '平均成本', value: '金额', moved_at: '最后变动' } },
    en: { name: 'Stock on hand', menu: 'Stock', fields: { bin_key: 'Key', item_id: 'Item', warehouse_id: 'Warehouse',
      quantity: 'Quantity', quantity2: 'Secondary quantity', quantity3: 'Third quantity', unit_cost: 'Average cost', value: 'Value',
      moved_at: 'Last movement' } },
    es: { name: 'Existencias', fields: { bin_key: 'Clave', item_id: 'Artículo', warehouse_id: 'Almacén', quantity: 'Cantidad',
      quantity2: 'Cantidad secundaria', quantity3: 'Tercera cantidad', unit_cost: 'Coste medio', value: 'Valor',
      moved_at: 'Último movimiento' } },
    ja: { name: '在庫', fields: { bin_key: 'キー', item_id: '品目', warehouse_id: '倉庫', quantity: '数量', quantity2: '副数量',
      quantity3: '第三数量', unit_cost: '平均単価', value: '金額', moved_at: '最終移動' } },
  },
  fields: {
    bin_key: text({ max: 40, unique: true, readOnly: true }),
    item_id: ref('items', { readOnly: true }),
    warehouse_id: ref('warehouses', { readOnly: true }),
    quantity: number({ scale: 4, readOnly: true, signed: true, sum: true }),
    quantity2: number({ scale: 4, readOnly: true, signed: true, sum: true }),
    quantity3: number({ scale: 4, readOnly: true, signed: true, sum: true }),
    unit_cost: money({ readOnly: true, min: 0 }),
    value: money({ readOnly: true, signed: true, sum: true }),
    moved_at: datetime({ readOnly: true }),
  },
  list: ['item_id', 'warehouse_id', 'quantity', 'quantity2', 'unit_cost', 'value', 'moved_at'],
  sort: 'item_id',
});
