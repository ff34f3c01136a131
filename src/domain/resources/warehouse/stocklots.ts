import { datetime, number, ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

/**
 * Stock at an exact place (实时库存, docs/stock.md; Odoo's quant): per item, warehouse, position, stock status and lot,
 * the quantity on hand, kept by posting in the movement's transaction; what goods out and stocktakes check against.
 * Never written by a save.
 */
export const stocklots = resource({
  name: 'stocklots', api: '/warehouses/stocklots', kind: 'document', menu: ['/inventory/real'], createPage: false,
  search: ['lot'], display: 'place_key', paging: 'server',
  labels: {
    zh: { name: '实时库存', fields: { place_key: '键', item_id: '物料', warehouse_id: '仓库', position_id: '库位', status_id: '库存状态',
      lot: '批次', package_id: '包装', card_id: '流程卡', quantity: '数量', quantity2: '辅数量', quantity3: '第三数量', moved_at: '最后变动' } },
    en: { name: 'Stock by place and lot', fields: { place_key: 'Key', item_id: 'Item', warehouse_id: 'Warehouse', position_id: 'Location',
      status_id: 'Stock status', lot: 'Lot', package_id: 'Package', card_id: 'Process card', quantity: 'Quantity', quantity2: 'Secondary quantity',
      quantity3: 'Third quantity', moved_at: 'Last movement' } },
    es: { name: 'Existencias por ubicación y lote', fields: { place_key: 'Clave', item_id: 'Artículo', warehouse_id: 'Almacén',
      position_id: 'Ubicación', status_id: 'Estado de stock', lot: 'Lote', package_id: 'Bulto', card_id: 'Tarjeta de proceso', quantity: 'Cantidad',
      quantity2: 'Cantidad secundaria', quantity3: 'Tercera cantidad', moved_at: 'Último movimiento' } },
    ja: { name: 'ロケーション別在庫', fields: { place_key: 'キー', item_id: '品目', warehouse_id: '倉庫', position_id: 'ロケーション',
      status_id: '在庫ステータス', lot: 'ロット', package_id: '梱包', card_id: '工程カード', quantity: '数量', quantity2: '副数量', quantity3: '第三数量',
      moved_at: '最終移動' } },
  },
  fields: {
    place_key: text({ max: 120, unique: true, readOnly: true }),
    item_id: ref('items', { readOnly: true }),
    warehouse_id: ref('warehouses', { readOnly: true }),
    position_id: ref('warepositions', { readOnly: true }),
    status_id: ref('warestatus', { readOnly: true }),
    lot: text({ max: 60, readOnly: true }),
    package_id: ref('packages', { readOnly: true }),
    card_id: ref('cards', { readOnly: true }),
    quantity: number({ scale: 4, readOnly: true, signed: true, sum: true }),
    quantity2: number({ scale: 4, readOnly: true, signed: true, sum: true }),
    quantity3: number({ scale: 4, readOnly: true, signed: true, sum: true }),
    moved_at: datetime({ readOnly: true }),
  },
  list: ['item_id', 'warehouse_id', 'position_id', 'status_id', 'lot', 'quantity', 'quantity2', 'moved_at'],
  sort: 'item_id',
});
