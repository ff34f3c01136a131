import { int, ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

/**
 * A bank account's statement layout (docs/finance.md "bankmappings"): the header row and the header text of each
 * column its files carry, saved by the statement import (`POST /payments/statement/import/`, an upsert per bank) and
 * applied to the next file of that bank when its headers still name those columns (else the import asks again). The
 * amount is one signed column (`amount_column`, credit > 0) or the credit and debit columns apart.
 */
export const bankmappings = resource({
  name: 'bankmappings', api: '/payments/bankmappings', kind: 'master', menu: ['/payments/upload-excel'],
  screenBase: '/bankmappings', createPage: false,
  naturalKey: ['bank_id'], search: ['date_column', 'name_column'], display: 'date_column',
  labels: {
    zh: { name: '银行流水格式', fields: { bank_id: '银行账户', header_row: '表头行', date_column: '日期列', date_format: '日期格式',
      amount_column: '金额列', credit_column: '收入列', debit_column: '支出列', name_column: '对方户名列', account_column: '对方账号列',
      memo_column: '摘要列', reference_column: '流水号列', balance_column: '余额列' } },
    en: { name: 'Statement layouts', fields: { bank_id: 'Bank account', header_row: 'Header row', date_column: 'Date column',
      date_format: 'Date format', amount_column: 'Amount column', credit_column: 'Credit column', debit_column: 'Debit column',
      name_column: 'Counterparty column', account_column: 'Counterparty account column', memo_column: 'Memo column',
      reference_column: 'Reference column', balance_column: 'Balance column' } },
    es: { name: 'Formatos de extracto', fields: { bank_id: 'Cuenta bancaria', header_row: 'Fila de encabezado',
      date_column: 'Columna de fecha', date_format: 'Formato de fecha', amount_column: 'Columna de importe',
      credit_column: 'Columna de abonos', debit_column: 'Columna de cargos', name_column: 'Columna de contraparte',
      account_column: 'Columna de cuenta de contraparte', memo_column: 'Columna de concepto', reference_column: 'Columna de referencia',
      balance_column: 'Columna de saldo' } },
    ja: { name: '明細の形式', fields: { bank_id: '銀行口座', header_row: '見出し行', date_column: '日付列', date_format: '日付形式',
      amount_column: '金額列', credit_column: '入金列', debit_column: '出金列', name_column: '相手先名列', account_column: '相手口座列',
      memo_column: '摘要列', reference_column: '取引番号列', balance_column: '残高列' } },
  },
  fields: {
    bank_id: ref('banks', { required: true, unique: true }),
    header_row: int({ required: true, min: 1, max: 30 }),
    date_column: text({ required: true, max: 100 }),
    date_format: text({ max: 20, default: 'auto' }),
    amount_column: text({ max: 100 }),
    credit_column: text({ max: 100 }),
    debit_column: text({ max: 100 }),
    name_column: text({ max: 100 }),
    account_column: text({ max: 100 }),
    memo_column: text({ max: 100 }),
    reference_column: text({ max: 100 }),
    balance_column: text({ max: 100 }),
  },
  list: ['bank_id', 'header_row', 'date_column', 'credit_column', 'debit_column', 'amount_column', 'name_column', 'account_column'],
  sort: 'bank_id',
});
