/**
 * Server messages of payouts, invoices and fees (docs/finance.md "Later tables"), in the four languages; merged into
 * the catalog (catalog.ts). zh gives the keys, the compiler holds the other languages to them.
 */
const zh = {
  amount_positive: '金额须大于 0',
  payout_party: '请填写供应商或收款人',
  payout_stockdoc_kind: '关联单据须为未作废的入库单',
  bill_unknown: '对账单不存在',
  invoice_bill_not_confirmed: '只能对已确认且未作废的对账单开票',
  invoice_bill_fixed: '发票的对账单不能更改',
  invoice_voided: '发票已作废，不能再修改',
  invoice_no_taken: '发票号码 {no} 已存在',
  bill_overinvoiced: '对账单 {bill} 开票金额 {invoiced} 超过对账金额 {total}',
  bill_has_invoices: '对账单 {bill} 已开票，请先作废其发票',
};
type Same = { [K in keyof typeof zh]: string };

export const PAYFEES_MESSAGES: { zh: typeof zh; en: Same; es: Same; ja: Same } = {
  zh,
  en: {
    amount_positive: 'The amount must be greater than 0',
    payout_party: 'Give the supplier or the payee',
    payout_stockdoc_kind: 'The document must be a goods-in document that is not cancelled',
    bill_unknown: 'No such bill',
    invoice_bill_not_confirmed: 'Only a confirmed bill that is not cancelled can be invoiced',
    invoice_bill_fixed: 'An invoice’s bill cannot change',
    invoice_voided: 'The invoice is voided: it cannot change',
    invoice_no_taken: 'Invoice number {no} already exists',
    bill_overinvoiced: 'Bill {bill} would be invoiced {invoiced}, more than its total {total}',
    bill_has_invoices: 'Bill {bill} has issued invoices: void them first',
  },
  es: {
    amount_positive: 'El importe debe ser mayor que 0',
    payout_party: 'Indique el proveedor o el beneficiario',
    payout_stockdoc_kind: 'El documento debe ser una entrada de almacén no anulada',
    bill_unknown: 'El estado de cuenta no existe',
    invoice_bill_not_confirmed: 'Solo se puede facturar un estado de cuenta confirmado y no anulado',
    invoice_bill_fixed: 'El estado de cuenta de una factura no puede cambiar',
    invoice_voided: 'La factura está anulada: no se puede cambiar',
    invoice_no_taken: 'El número de factura {no} ya existe',
    bill_overinvoiced: 'El estado de cuenta {bill} quedaría facturado por {invoiced}, más que su total {total}',
    bill_has_invoices: 'El estado de cuenta {bill} tiene facturas emitidas: anúlelas primero',
  },
  ja: {
    amount_positive: '金額は 0 より大きくしてください',
    payout_party: '仕入先または受取人を入力してください',
    payout_stockdoc_kind: '取り消されていない入庫伝票を指定してください',
    bill_unknown: '請求明細書が存在しません',
    invoice_bill_not_confirmed: '確認済みで取り消されていない請求明細書にのみ請求書を発行できます',
    invoice_bill_fixed: '請求書の請求明細書は変更できません',
    invoice_voided: '請求書は無効のため変更できません',
    invoice_no_taken: '請求書番号 {no} は既に存在します',
    bill_overinvoiced: '請求明細書 {bill} の発行額 {invoiced} が請求金額 {total} を超えます',
    bill_has_invoices: '請求明細書 {bill} には発行済みの請求書があります。先に無効にしてください',
  },
};
