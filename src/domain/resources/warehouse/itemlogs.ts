import { datetime, enumOf, money, number, ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';
import { MOVEMENT_KINDS } from '../../rules/stock';

/**
 * The stock ledger (出入库流水, docs/stock.md): one immutable row per movement — a signed quantity of an item at an exact
 * place (warehouse, position, stock status, lot), its cost and value, the document and line that caused it, who and
 * from which terminal, and the balance of that place after it. Written only by posting a stock document and by
 * cancelling one (the reversal names the row it reverses); never updated or deleted, by anyone. Spec §7 lists it as
 * `/warehouse/movements/list/`.
 */
export const itemlogs = resource({
  name: 'itemlogs', api: '/warehouse/movements', kind: 'document', menu: ['/itemlogs/list'], createPage: false,
  search: ['lot', 'doc_show_id'], display: 'doc_show_id', paging: 'server',
  labels: {
    zh: { name: '出入库流水', fields: { kind: '类型', doc_id: '单据', doc_show_id: '单号', line_id: '单据明细', item_id: '物料',
      warehouse_id: '仓库', position_id: '库位', status_id: '库存状态', lot: '批次', package_id: '包装', card_id: '流程卡', quantity: '数量',
      quantity2: '辅数量', quantity3: '第三数量', unit: '单位', unit_cost: '单位成本', value: '金额', balance: '结存',
      reverses_id: '冲销', computer_id: '终端', at: '时间' },
      enums: { kind: { in: '入库', out: '出库', move: '移库', count: '盘点', in_temp: '半成品入库', transfer: '调拨', checkin: '成品入库', pack: '打包', checkout: '成品出库', reversal: '冲销' } } },
    en: { name: 'Stock movements', fields: { kind: 'Kind', doc_id: 'Document', doc_show_id: 'Document no.', line_id: 'Document line',
      item_id: 'Item', warehouse_id: 'Warehouse', position_id: 'Location', status_id: 'Stock status', lot: 'Lot',
      package_id: 'Package', card_id: 'Process card', quantity: 'Quantity', quantity2: 'Secondary quantity', quantity3: 'Third quantity', unit: 'Unit',
      unit_cost: 'Unit cost', value: 'Value', balance: 'Balance', reverses_id: 'Reverses', computer_id: 'Terminal', at: 'Time' },
      enums: { kind: { in: 'Goods in', out: 'Goods out', move: 'Move', count: 'Stocktake', in_temp: 'Semi-finished in',
        transfer: 'Transfer', checkin: 'Finished goods in', pack: 'Packing', checkout: 'Finished goods out',
        reversal: 'Reversal' } } },
    es: { name: 'Movimientos de stock', fields: { kind: 'Tipo', doc_id: 'Documento', doc_show_id: 'N.º de documento',
      line_id: 'Línea del documento', item_id: 'Artículo', warehouse_id: 'Almacén', position_id: 'Ubicación',
      status_id: 'Estado de stock', lot: 'Lote', package_id: 'Bulto', card_id: 'Tarjeta de proceso', quantity: 'Cantidad',
      quantity2: 'Cantidad secundaria',
      quantity3: 'Tercera cantidad', unit: 'Unidad', unit_cost: 'Coste unitario', value: 'Valor', balance: 'Saldo',
      reverses_id: 'Anula', computer_id: 'Terminal', at: 'Hora' },
      enums: { kind: { in: 'Entrada', out: 'Salida', move: 'Movimiento', count: 'Inventario', in_temp: 'Entrada de semielaborados',
        transfer: 'Traspaso', checkin: 'Entrada de terminados', pack: 'Embalaje', checkout: 'Salida de terminados',
        reversal: 'Anulación' } } },
    ja: { name: '入出庫履歴', fields: { kind: '種類', doc_id: '伝票', doc_show_id: '伝票番号', line_id: '伝票明細', item_id: '品目',
      warehouse_id: '倉庫', position_id: 'ロケーション', status_id: '在庫ステータス', lot: 'ロット', package_id: '梱包', card_id: '工程カード', quantity: '数量',
      quantity2: '副数量', quantity3: '第三数量', unit: '単位', unit_cost: '単価', value: '金額', balance: '残高', reverses_id: '取消対象',
      computer_id: '端末', at: '日時' },
      enums: { kind: { in: '入庫', out: '出庫', move: '移動', count: '棚卸', in_temp: '半製品入庫', transfer: '振替', checkin: '製品入庫', pack: '梱包', checkout: '製品出庫', reversal: '取消' } } },
  },
  fields: {
    kind: enumOf(MOVEMENT_KINDS, { readOnly: true }),
    doc_id: ref('stockdocs', { readOnly: true }),
    doc_show_id: text({ max: 40, readOnly: true }),
    line_id: ref('stocklines', { readOnly: true }),
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
    unit: text({ max: 20, readOnly: true }),
    unit_cost: money({ readOnly: true, min: 0 }),
    value: money({ readOnly: true, signed: true, sum: true }),
    balance: number({ scale: 4, readOnly: true, signed: true }),
    reverses_id: ref('itemlogs', { readOnly: true, unique: true }),
    computer_id: ref('computers', { readOnly: true }),
    at: datetime({ readOnly: true }),
  },
  list: ['at', 'kind', 'doc_show_id', 'item_id', 'warehouse_id', 'position_id', 'status_id', 'lot', 'quantity', 'unit', 'unit_cost',
    'value', 'balance'],
  sort: '-id',
});
