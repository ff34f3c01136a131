import { int, money, number, ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

/**
 * A line of a stock document (docs/stock.md): an item, its place (position, stock status, lot — a process card's
 * number for semi-finished and finished goods, else a batch code), the quantity in the item's main unit with the
 * secondary and third, and for goods in their unit cost. A move names where it goes (`to_position_id`,
 * `to_status_id`; another warehouse is the document's). A count's quantity is what was counted; the server notes the
 * book at that moment (`book_quantity`), so goods moved after the count do not make a false difference. Written only
 * while its document is a draft.
 */
export const stocklines = resource({
  name: 'stocklines', api: '/warehouses/stocklines', kind: 'document', menu: ['/stocklines/list'],
  search: ['code', 'lot', 'remark'], display: 'code', paging: 'server',
  labels: {
    zh: { name: '库存单据明细', fields: { doc_id: '单据', code: '明细编号', line_no: '行号', item_id: '物料', position_id: '库位', to_position_id: '目标库位',
      status_id: '库存状态', to_status_id: '目标状态', lot: '批次', card_id: '流程卡', package_id: '包装', to_package_id: '装入包装', quantity: '数量', quantity2: '辅数量',
      quantity3: '第三数量', unit: '单位', unit_cost: '单位成本', book_quantity: '账面数量', remark: '备注' } },
    en: { name: 'Stock document lines', fields: { doc_id: 'Document', code: 'Line code', line_no: 'Line', item_id: 'Item', position_id: 'Location',
      to_position_id: 'To location', status_id: 'Stock status', to_status_id: 'To status', lot: 'Lot', card_id: 'Process card',
      package_id: 'Package', to_package_id: 'Into package', quantity: 'Quantity', quantity2: 'Secondary quantity', quantity3: 'Third quantity', unit: 'Unit', unit_cost: 'Unit cost',
      book_quantity: 'Book quantity', remark: 'Remarks' } },
    es: { name: 'Líneas de documentos de stock', fields: { doc_id: 'Documento', code: 'Código de línea', line_no: 'Línea', item_id: 'Artículo',
      position_id: 'Ubicación', to_position_id: 'Ubicación de destino', status_id: 'Estado de stock', to_status_id: 'Estado de destino',
      lot: 'Lote', card_id: 'Tarjeta de proceso', package_id: 'Bulto', to_package_id: 'Al bulto', quantity: 'Cantidad', quantity2: 'Cantidad secundaria', quantity3: 'Tercera cantidad',
      unit: 'Unidad', unit_cost: 'Coste unitario', book_quantity: 'Cantidad en libros', remark: 'Observaciones' } },
    ja: { name: '在庫伝票明細', fields: { doc_id: '伝票', code: '明細コード', line_no: '行番号', item_id: '品目', position_id: 'ロケーション',
      to_position_id: '移動先ロケーション', status_id: '在庫ステータス', to_status_id: '移動先ステータス', lot: 'ロット', card_id: '工程カード',
      package_id: '梱包', to_package_id: '梱包先', quantity: '数量', quantity2: '副数量', quantity3: '第三数量', unit: '単位', unit_cost: '単価', book_quantity: '帳簿数量', remark: '備考' } },
  },
  fields: {
    doc_id: ref('stockdocs', { required: true }),
    // `<document no.>-<line no.>`, set by the server: how a movement names its line.
    code: text({ max: 50, readOnly: true }),
    line_no: int({ readOnly: true }),
    item_id: ref('items', { required: true }),
    position_id: ref('warepositions'),
    to_position_id: ref('warepositions'),
    status_id: ref('warestatus'),
    to_status_id: ref('warestatus'),
    lot: text({ max: 60 }),
    card_id: ref('cards'),
    // The package the goods are in (taken from it; goods in: put into it); a packing's line puts them into
    // `to_package_id` (its document's package when not named; none on an unpacking).
    package_id: ref('packages'),
    to_package_id: ref('packages'),
    quantity: number({ scale: 4, required: true, min: 0, sum: true }),
    quantity2: number({ scale: 4, min: 0, sum: true }),
    quantity3: number({ scale: 4, min: 0, sum: true }),
    unit: text({ max: 20, readOnly: true }),
    unit_cost: money({ min: 0 }),
    book_quantity: number({ scale: 4, readOnly: true, signed: true }),
    remark: text({ max: 200 }),
  },
  list: ['doc_id', 'code', 'line_no', 'item_id', 'position_id', 'status_id', 'lot', 'quantity', 'unit', 'unit_cost', 'remark'],
  sort: 'line_no',
});
