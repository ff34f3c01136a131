import { int, money, number, ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

/**
 * A line of a contract (docs/sales-office.md §1): an item at its agreed price, with an agreed quantity or none (a
 * price agreement). One live line per item of a contract (unique index `contractlines_item_live_key`, migration
 * 0030). `amount` = quantity × price at 4 decimals; ordered, delivered and billed are rewritten from the order lines
 * that name it (`details.contractline_id`), their deliveries and bills, by `refreshContractSums` in every writer's
 * transaction. A line is its contract's salesperson's; it is written while its contract is a draft.
 */
export const contractlines = resource({
  name: 'contractlines', api: '/contracts/lines', kind: 'document', menu: ['/contractlines/list'], createPage: false,
  search: ['description', 'remark'], display: 'description', paging: 'server', owner: 'contract_id.saler_id',
  labels: {
    zh: { name: '合同明细', fields: { contract_id: '合同', line_no: '行号', item_id: '物料', description: '品名规格', unit: '单位',
      quantity: '合同数量', price: '合同单价', amount: '金额', ordered_quantity: '已下单数量', ordered_amount: '已下单金额',
      delivered_quantity: '已送货数量', delivered_amount: '已送货金额', billed_quantity: '已对账数量', billed_amount: '已对账金额',
      remark: '备注' } },
    en: { name: 'Contract lines', fields: { contract_id: 'Contract', line_no: 'Line', item_id: 'Item', description: 'Description',
      unit: 'Unit', quantity: 'Agreed quantity', price: 'Agreed price', amount: 'Amount', ordered_quantity: 'Ordered',
      ordered_amount: 'Ordered amount', delivered_quantity: 'Delivered', delivered_amount: 'Delivered amount',
      billed_quantity: 'Billed', billed_amount: 'Billed amount', remark: 'Remarks' } },
    es: { name: 'Líneas de contrato', fields: { contract_id: 'Contrato', line_no: 'Línea', item_id: 'Artículo',
      description: 'Descripción', unit: 'Unidad', quantity: 'Cantidad pactada', price: 'Precio pactado', amount: 'Importe',
      ordered_quantity: 'Pedido', ordered_amount: 'Importe pedido', delivered_quantity: 'Entregado',
      delivered_amount: 'Importe entregado', billed_quantity: 'Facturado', billed_amount: 'Importe facturado',
      remark: 'Observaciones' } },
    ja: { name: '契約明細', fields: { contract_id: '契約', line_no: '行番号', item_id: '品目', description: '品名・仕様', unit: '単位',
      quantity: '契約数量', price: '契約単価', amount: '金額', ordered_quantity: '受注済数量', ordered_amount: '受注済金額',
      delivered_quantity: '納品済数量', delivered_amount: '納品済金額', billed_quantity: '請求済数量', billed_amount: '請求済金額',
      remark: '備考' } },
  },
  place: { group: 'system', order: 250, icon: 'IconListDetails' },
  fields: {
    contract_id: ref('contracts', { required: true }),
    line_no: int({ min: 1, max: 9999, readOnly: true }),
    item_id: ref('items', { required: true }),
    description: text({ max: 200 }),
    unit: text({ max: 20 }),
    quantity: number({ scale: 4, min: 0, sum: true }),
    price: money({ min: 0, required: true }),
    amount: money({ readOnly: true, sum: true, default: 0 }),
    ordered_quantity: number({ scale: 4, readOnly: true, sum: true, default: 0 }),
    ordered_amount: money({ readOnly: true, sum: true, default: 0 }),
    delivered_quantity: number({ scale: 4, readOnly: true, sum: true, default: 0 }),
    delivered_amount: money({ readOnly: true, sum: true, default: 0 }),
    billed_quantity: number({ scale: 4, readOnly: true, sum: true, default: 0, signed: true }),
    billed_amount: money({ readOnly: true, sum: true, default: 0, signed: true }),
    remark: text({ max: 200 }),
  },
  list: ['contract_id', 'line_no', 'item_id', 'description', 'unit', 'quantity', 'price', 'amount', 'ordered_quantity',
    'delivered_quantity', 'billed_quantity', 'billed_amount'],
  sort: '-id',
});
