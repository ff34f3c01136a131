import { defineNamespace } from './define';

/** UI strings of payouts, invoices and fees (keys `payfees.*`, src/features/finance-payfees). */
export const payfees = defineNamespace({
  void: '作废发票',
  void_title: '作废发票 {{no}}',
  void_explain: '作废后，该发票的金额从对账单的已开票金额中扣除，发票不能再修改。',
  void_confirm: '确定作废',
  cancel: '取消',
}, {
  en: {
    void: 'Void invoice',
    void_title: 'Void invoice {{no}}',
    void_explain: 'Once voided, the invoice’s amount no longer counts as invoiced on its bill, and the invoice cannot change.',
    void_confirm: 'Void',
    cancel: 'Cancel',
  },
  es: {
    void: 'Anular factura',
    void_title: 'Anular la factura {{no}}',
    void_explain: 'Una vez anulada, su importe deja de contar como facturado en el estado de cuenta y la factura no se puede cambiar.',
    void_confirm: 'Anular',
    cancel: 'Cancelar',
  },
  ja: {
    void: '請求書を無効にする',
    void_title: '請求書 {{no}} を無効にする',
    void_explain: '無効にすると、その金額は請求明細書の発行済額から除かれ、請求書は変更できなくなります。',
    void_confirm: '無効にする',
    cancel: 'キャンセル',
  },
});
