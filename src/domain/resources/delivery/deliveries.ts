import { date, datetime, enumOf, money, number, ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';
import { DELIVERY_STATUSES } from '../../rules/delivery';

/**
 * A delivery note (送货单, docs/delivery.md "Deliveries"): goods of one customer leaving a finished-goods store on a
 * vehicle. Draft while its lines (`deliverylines`: order lines, and the lots or packages that go) are picked;
 * `POST /deliveries/ship/` posts its check-out (a `checkout` stock document, `stockdoc_id`) and it is shipped, the order
 * lines' delivered quantities and the orders' status following; the customer signs on the driver's phone (a `sign`
 * fact, offline-safe) and it is signed, with the signature, a photo, the time and the place. Cancelling a shipped
 * delivery reverses its check-out; a signed one is not cancelled. Numbered from config `delivery_no_pattern`. A
 * salesperson scoped to its own rows sees its own customers' deliveries (`saler_id`, by default the customer's).
 */
export const deliveries = resource({
  name: 'deliveries', api: '/deliveries', kind: 'document', menu: ['/deliveries/list'],
  // Spec §7's list call of the delivery notes (docs/delivery.md).
  listAliases: ['/warehouses/deliverieslist/'],
  naturalKey: ['show_id'], search: ['show_id', 'address', 'vehicle', 'remark'], display: 'show_id', paging: 'server',
  owner: 'saler_id', actions: ['ship', 'sign'],
  labels: {
    zh: { name: '送货单', fields: { show_id: '送货单号', customer_id: '客户', saler_id: '业务员', request_id: '发货申请', warehouse_id: '发货仓库',
      date: '送货日期', address: '送货地址', contact: '收货人', phone: '电话', vehicle: '车牌号', driver_id: '司机', status: '状态',
      quantity: '数量', amount: '金额', shipped_at: '发货时间', shipped_by: '发货人', stockdoc_id: '出库单', signed_at: '签收时间',
      signer: '签收人', sign_place: '签收地点', signature: '签名', photo: '签收照片', remark: '备注' },
      enums: { status: { draft: '草稿', shipped: '已发货', signed: '已签收' } } },
    en: { name: 'Delivery notes', fields: { show_id: 'Delivery no.', customer_id: 'Customer', saler_id: 'Salesperson',
      request_id: 'Delivery request', warehouse_id: 'Ship from', date: 'Delivery date', address: 'Delivery address',
      contact: 'Consignee', phone: 'Phone', vehicle: 'Vehicle', driver_id: 'Driver', status: 'Status', quantity: 'Quantity',
      amount: 'Amount', shipped_at: 'Shipped at', shipped_by: 'Shipped by', stockdoc_id: 'Check-out', signed_at: 'Signed at',
      signer: 'Signed by', sign_place: 'Signed where', signature: 'Signature', photo: 'Proof photo', remark: 'Remarks' },
      enums: { status: { draft: 'Draft', shipped: 'Shipped', signed: 'Signed' } } },
    es: { name: 'Albaranes', fields: { show_id: 'N.º de albarán', customer_id: 'Cliente', saler_id: 'Vendedor',
      request_id: 'Solicitud de entrega', warehouse_id: 'Almacén de salida', date: 'Fecha de entrega', address: 'Dirección de entrega',
      contact: 'Destinatario', phone: 'Teléfono', vehicle: 'Vehículo', driver_id: 'Conductor', status: 'Estado', quantity: 'Cantidad',
      amount: 'Importe', shipped_at: 'Enviado el', shipped_by: 'Enviado por', stockdoc_id: 'Salida de almacén', signed_at: 'Firmado el',
      signer: 'Firmado por', sign_place: 'Lugar de firma', signature: 'Firma', photo: 'Foto de entrega', remark: 'Observaciones' },
      enums: { status: { draft: 'Borrador', shipped: 'Enviado', signed: 'Firmado' } } },
    ja: { name: '納品書', fields: { show_id: '納品書番号', customer_id: '得意先', saler_id: '営業担当', request_id: '出荷依頼',
      warehouse_id: '出荷倉庫', date: '納品日', address: '納品先住所', contact: '受取人', phone: '電話', vehicle: '車両番号',
      driver_id: '運転手', status: '状態', quantity: '数量', amount: '金額', shipped_at: '出荷日時', shipped_by: '出荷者',
      stockdoc_id: '出庫伝票', signed_at: '受領日時', signer: '受領者', sign_place: '受領場所', signature: '署名', photo: '受領写真',
      remark: '備考' },
      enums: { status: { draft: '下書き', shipped: '出荷済み', signed: '受領済み' } } },
  },
  fields: {
    show_id: text({ max: 40, unique: true, readOnly: true }),
    customer_id: ref('customers', { required: true }),
    saler_id: ref('persons'),
    request_id: ref('deliveryrequests', { readOnly: true }),
    warehouse_id: ref('warehouses', { required: true }),
    date: date(),
    address: text({ max: 200 }),
    contact: text({ max: 60 }),
    phone: text({ max: 40 }),
    vehicle: text({ max: 40 }),
    driver_id: ref('persons'),
    status: enumOf(DELIVERY_STATUSES, { readOnly: true, default: 'draft' }),
    quantity: number({ scale: 4, readOnly: true, sum: true, default: 0 }),
    amount: money({ readOnly: true, sum: true, default: 0 }),
    shipped_at: datetime({ readOnly: true }),
    shipped_by: ref('accounts', { readOnly: true }),
    stockdoc_id: ref('stockdocs', { readOnly: true }),
    signed_at: datetime({ readOnly: true }),
    signer: text({ max: 60, readOnly: true }),
    // "lat,lng" of the phone when the customer signed (empty: the phone had no position).
    sign_place: text({ max: 60, readOnly: true }),
    signature: text({ max: 500, format: 'image', readOnly: true }),
    photo: text({ max: 500, format: 'image', readOnly: true }),
    remark: text({ max: 200 }),
  },
  list: ['show_id', 'customer_id', 'date', 'status', 'warehouse_id', 'quantity', 'amount', 'vehicle', 'driver_id', 'address',
    'shipped_at', 'signed_at', 'remark'],
  sort: '-id',
});
