import { defineNamespace } from './define';

/** UI strings of payouts, invoices and fees (keys `payfees.*`, src/features/finance-payfees). */
export const payfees = defineNamespace({
  void: '作废发票',
  void_title: '作废发票 {{no}}',
  void_explain: '作废后，该发票的金额从对账单的已开票金额中扣除，发票不能再修改。',
  void_confirm: '确定作废',
  cancel: '取消',
  banks: {
    title: '银行账户余额', as_of: '截至', as_of_hint: '不填：全部', failed: '读取失败', none: '没有银行账户',
    bank: '账户', currency: '币种', opening_balance: '期初余额', receipts: '收款', payouts: '付款', fees_income: '费用收入',
    fees_expense: '费用支出', balance: '余额',
  },
}, {
  en: {
    void: 'Void invoice',
    void_title: 'Void invoice {{no}}',
    void_explain: 'Once voided, the invoice’s amount no longer counts as invoiced on its bill, and the invoice cannot change.',
    void_confirm: 'Void',
    cancel: 'Cancel',
    banks: {
      title: 'Bank account balances', as_of: 'As of', as_of_hint: 'Empty: everything', failed: 'Could not load', none: 'No bank accounts',
      bank: 'Account', currency: 'Currency', opening_balance: 'Opening balance', receipts: 'Received', payouts: 'Paid out',
      fees_income: 'Other income', fees_expense: 'Expenses', balance: 'Balance',
    },
  },
  es: {
    void: 'Anular factura',
    void_title: 'Anular la factura {{no}}',
    void_explain: 'Una vez anulada, su importe deja de contar como facturado en el estado de cuenta y la factura no se puede cambiar.',
    void_confirm: 'Anular',
    cancel: 'Cancelar',
    banks: {
      title: 'Saldos de las cuentas bancarias', as_of: 'A fecha de', as_of_hint: 'Vacío: todo', failed: 'No se pudo cargar',
      none: 'No hay cuentas bancarias', bank: 'Cuenta', currency: 'Moneda', opening_balance: 'Saldo inicial', receipts: 'Cobros',
      payouts: 'Pagos', fees_income: 'Otros ingresos', fees_expense: 'Gastos', balance: 'Saldo',
    },
  },
  ja: {
    void: '請求書を無効にする',
    void_title: '請求書 {{no}} を無効にする',
    void_explain: '無効にすると、その金額は請求明細書の発行済額から除かれ、請求書は変更できなくなります。',
    void_confirm: '無効にする',
    cancel: 'キャンセル',
    banks: {
      title: '銀行口座残高', as_of: '基準日', as_of_hint: '空欄：すべて', failed: '読み込めませんでした', none: '銀行口座がありません',
      bank: '口座', currency: '通貨', opening_balance: '期首残高', receipts: '入金', payouts: '支払', fees_income: 'その他収入',
      fees_expense: '経費', balance: '残高',
    },
  },
});
