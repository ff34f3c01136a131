import { datetime, enumOf, int, number, ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';
import { PACKAGE_KINDS, PACKAGE_STAGES, PACKAGE_STATUSES } from '../../rules/delivery';

/**
 * A package (包装: a carton bundle, a pallet; docs/delivery.md "Packing"): lots packed together under a package
 * number, labelled with its QR code, moved, checked out and delivered as a unit. What is in it is stock: the places
 * whose `package_id` is it (`stocklots`), put there by packing documents (`stockdocs` kind `pack`). Its warehouse,
 * position, quantity and count of lots are kept by the server from those places; `status` moves open → closed (sealed,
 * its label printed) → shipped (a delivery took all of it). Numbered from config `package_no_pattern`.
 */
export const packages = resource({
  name: 'packages', api: '/warehouses/packages', kind: 'document', menu: ['/packages/list'],
  naturalKey: ['show_id'], search: ['show_id', 'remark'], display: 'show_id', paging: 'server', actions: ['close'],
  labels: {
    zh: { name: '包装', fields: { show_id: '包装号', kind: '包装类型', stage: '阶段', status: '状态', warehouse_id: '仓库',
      position_id: '库位', customer_id: '客户', item_id: '物料', quantity: '数量', lots: '批次数', gross_weight: '毛重(kg)',
      net_weight: '净重(kg)', packed_at: '打包时间', printed: '打印次数', remark: '备注' },
      enums: { kind: { bundle: '捆', carton: '箱', pallet: '托盘' }, stage: { semi: '半成品预包装', finished: '成品包装' },
        status: { open: '打包中', closed: '已封包', shipped: '已发货' } } },
    en: { name: 'Packages', fields: { show_id: 'Package no.', kind: 'Package type', stage: 'Stage', status: 'Status',
      warehouse_id: 'Warehouse', position_id: 'Location', customer_id: 'Customer', item_id: 'Item', quantity: 'Quantity',
      lots: 'Lots', gross_weight: 'Gross weight (kg)', net_weight: 'Net weight (kg)', packed_at: 'Packed at', printed: 'Prints',
      remark: 'Remarks' },
      enums: { kind: { bundle: 'Bundle', carton: 'Carton', pallet: 'Pallet' }, stage: { semi: 'Semi-finished pre-packing', finished: 'Finished packing' },
        status: { open: 'Open', closed: 'Sealed', shipped: 'Shipped' } } },
    es: { name: 'Bultos', fields: { show_id: 'N.º de bulto', kind: 'Tipo de bulto', stage: 'Etapa', status: 'Estado',
      warehouse_id: 'Almacén', position_id: 'Ubicación', customer_id: 'Cliente', item_id: 'Artículo', quantity: 'Cantidad',
      lots: 'Lotes', gross_weight: 'Peso bruto (kg)', net_weight: 'Peso neto (kg)', packed_at: 'Embalado el', printed: 'Impresiones',
      remark: 'Observaciones' },
      enums: { kind: { bundle: 'Fardo', carton: 'Caja', pallet: 'Palé' }, stage: { semi: 'Preembalaje de semielaborados', finished: 'Embalaje de terminados' },
        status: { open: 'Abierto', closed: 'Precintado', shipped: 'Enviado' } } },
    ja: { name: '梱包', fields: { show_id: '梱包番号', kind: '梱包形態', stage: '段階', status: '状態', warehouse_id: '倉庫',
      position_id: 'ロケーション', customer_id: '得意先', item_id: '品目', quantity: '数量', lots: 'ロット数', gross_weight: '総重量(kg)',
      net_weight: '正味重量(kg)', packed_at: '梱包日時', printed: '印刷回数', remark: '備考' },
      enums: { kind: { bundle: '結束', carton: 'ケース', pallet: 'パレット' }, stage: { semi: '半製品仮梱包', finished: '製品梱包' },
        status: { open: '梱包中', closed: '封緘済み', shipped: '出荷済み' } } },
  },
  fields: {
    show_id: text({ max: 40, unique: true, readOnly: true }),
    kind: enumOf(PACKAGE_KINDS, { required: true, default: 'pallet' }),
    stage: enumOf(PACKAGE_STAGES, { required: true, default: 'finished' }),
    status: enumOf(PACKAGE_STATUSES, { readOnly: true, default: 'open' }),
    // Where its goods are, and how much: kept by the server from the places of the package (docs/delivery.md).
    warehouse_id: ref('warehouses', { readOnly: true }),
    position_id: ref('warepositions', { readOnly: true }),
    // Whom it is packed for (the customer of its cards' orders) and its item when it holds one only.
    customer_id: ref('customers', { readOnly: true }),
    item_id: ref('items', { readOnly: true }),
    quantity: number({ scale: 4, readOnly: true, sum: true, default: 0 }),
    lots: int({ readOnly: true, default: 0 }),
    gross_weight: number({ scale: 3, min: 0, sum: true }),
    net_weight: number({ scale: 3, min: 0, sum: true }),
    packed_at: datetime({ readOnly: true }),
    printed: int({ readOnly: true, default: 0 }),
    remark: text({ max: 200 }),
  },
  list: ['show_id', 'kind', 'stage', 'status', 'warehouse_id', 'position_id', 'customer_id', 'item_id', 'quantity', 'lots',
    'gross_weight', 'net_weight', 'packed_at'],
  sort: '-id',
});
