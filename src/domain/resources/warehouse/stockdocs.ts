import { date, datetime, enumOf, number, ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';
import { STOCK_DOC_KINDS, STOCK_DOC_STATUSES } from '../../rules/stock';

/**
 * A stock document (库存单据, docs/stock.md): goods in, goods out, a move, a count, semi-finished in or a transfer, with
 * its lines (`stocklines`). Saved as a draft and changed freely; `POST /warehouses/stockdocs/post/` posts it — its
 * movements written to the ledger (`itemlogs`) and the balances in one transaction — after which it changes only by
 * cancel, which writes the reversing movements. Numbered from config `stock_no_pattern`.
 */
export const stockdocs = resource({
  name: 'stockdocs', api: '/warehouses/stockdocs', kind: 'document', menu: ['/stockdocs/list'], actions: ['post'],
  naturalKey: ['show_id'], search: ['show_id', 'remark'], display: 'show_id', paging: 'server',
  labels: {
    zh: { name: '库存单据', fields: { show_id: '单号', kind: '类型', status: '状态', date: '日期', warehouse_id: '仓库',
      to_warehouse_id: '目标仓库', room_id: '盘点库房', supplier_id: '供应商', customer_id: '客户', department_id: '部门', card_id: '流程卡',
      detail_id: '订单明细', package_id: '包装', delivery_id: '送货单', quantity: '数量', posted_at: '过账时间', posted_by: '过账人', remark: '备注' },
      enums: {
        kind: { in: '入库', out: '出库', move: '移库', count: '盘点', in_temp: '半成品入库', transfer: '调拨', checkin: '成品入库', pack: '打包',
          checkout: '成品出库' },
        status: { draft: '草稿', posted: '已过账' },
      } },
    en: { name: 'Stock documents', fields: { show_id: 'Document no.', kind: 'Kind', status: 'Status', date: 'Date',
      warehouse_id: 'Warehouse', to_warehouse_id: 'To warehouse', room_id: 'Storeroom counted', supplier_id: 'Supplier', customer_id: 'Customer',
      department_id: 'Department', card_id: 'Process card', detail_id: 'Order line', package_id: 'Package', delivery_id: 'Delivery note',
      quantity: 'Quantity',
      posted_at: 'Posted at', posted_by: 'Posted by', remark: 'Remarks' },
      enums: {
        kind: { in: 'Goods in', out: 'Goods out', move: 'Move', count: 'Stocktake', in_temp: 'Semi-finished in', transfer: 'Transfer',
          checkin: 'Finished goods in', pack: 'Packing', checkout: 'Finished goods out' },
        status: { draft: 'Draft', posted: 'Posted' },
      } },
    es: { name: 'Documentos de stock', fields: { show_id: 'N.º de documento', kind: 'Tipo', status: 'Estado', date: 'Fecha',
      warehouse_id: 'Almacén', to_warehouse_id: 'Almacén de destino', room_id: 'Sala contada', supplier_id: 'Proveedor', customer_id: 'Cliente',
      department_id: 'Departamento', card_id: 'Tarjeta de proceso', detail_id: 'Línea de pedido', package_id: 'Bulto',
      delivery_id: 'Albarán', quantity: 'Cantidad',
      posted_at: 'Contabilizado el', posted_by: 'Contabilizado por', remark: 'Observaciones' },
      enums: {
        kind: { in: 'Entrada', out: 'Salida', move: 'Movimiento', count: 'Inventario', in_temp: 'Entrada de semielaborados',
          transfer: 'Traspaso', checkin: 'Entrada de terminados', pack: 'Embalaje', checkout: 'Salida de terminados' },
        status: { draft: 'Borrador', posted: 'Contabilizado' },
      } },
    ja: { name: '在庫伝票', fields: { show_id: '伝票番号', kind: '種類', status: '状態', date: '日付', warehouse_id: '倉庫',
      to_warehouse_id: '移動先倉庫', room_id: '棚卸保管室', supplier_id: '仕入先', customer_id: '得意先', department_id: '部門', card_id: '工程カード',
      detail_id: '受注明細', package_id: '梱包', delivery_id: '納品書', quantity: '数量', posted_at: '計上日時', posted_by: '計上者', remark: '備考' },
      enums: {
        kind: { in: '入庫', out: '出庫', move: '移動', count: '棚卸', in_temp: '半製品入庫', transfer: '振替', checkin: '製品入庫', pack: '梱包',
          checkout: '製品出庫' },
        status: { draft: '下書き', posted: '計上済み' },
      } },
  },
  fields: {
    show_id: text({ max: 40, unique: true, readOnly: true }),
    kind: enumOf(STOCK_DOC_KINDS, { required: true }),
    status: enumOf(STOCK_DOC_STATUSES, { readOnly: true, default: 'draft' }),
    date: date(),
    warehouse_id: ref('warehouses', { required: true }),
    to_warehouse_id: ref('warehouses'),
    // A count's scope within its warehouse (docs/stock.md "Stocktake"): one storeroom's positions; none: the whole warehouse.
    room_id: ref('warerooms'),
    supplier_id: ref('suppliers'),
    customer_id: ref('customers'),
    department_id: ref('departments'),
    card_id: ref('cards'),
    detail_id: ref('details'),
    // A packing's package: where its lines put their goods unless a line names another (docs/delivery.md "Packing").
    package_id: ref('packages'),
    // A check-out's delivery: the delivery whose shipping wrote and posted it.
    delivery_id: ref('deliveries', { readOnly: true }),
    quantity: number({ scale: 4, readOnly: true, sum: true, default: 0 }),
    posted_at: datetime({ readOnly: true }),
    posted_by: ref('accounts', { readOnly: true }),
    remark: text({ max: 200 }),
  },
  list: ['show_id', 'kind', 'status', 'date', 'warehouse_id', 'to_warehouse_id', 'quantity', 'remark'],
  sort: '-id',
});
