import { date, money, ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

/**
 * A fee (费用, docs/finance.md "fees"): an income or an expense by fee category and department, typed or imported
 * (`/fees/excel`). `amount` > 0; the category's direction (income or expense) decides its sign in a bank's balance
 * when it names the bank it went through. Its date's finance month must be open. `import_key` is the natural key of the
 * import: the fingerprint of a sheet's row (its cells and its occurrence among equal rows of the file), so importing the
 * same sheet twice adds nothing; a fee typed by hand has none.
 */
export const fees = resource({
  name: 'fees', api: '/fees', kind: 'document', menu: ['/fees/list', '/fees/excel'],
  naturalKey: ['import_key'], fingerprintKey: true, search: ['remark'], display: 'remark', paging: 'server',
  labels: {
    zh: { name: '费用', fields: { date: '日期', category_id: '费用分类', department_id: '部门', bank_id: '银行账户', amount: '金额',
      person_id: '经办人', remark: '摘要', import_key: '导入指纹' } },
    en: { name: 'Fees', fields: { date: 'Date', category_id: 'Fee category', department_id: 'Department', bank_id: 'Bank account',
      amount: 'Amount', person_id: 'Handled by', remark: 'Description', import_key: 'Import fingerprint' } },
    es: { name: 'Gastos e ingresos', fields: { date: 'Fecha', category_id: 'Categoría de gasto', department_id: 'Departamento',
      bank_id: 'Cuenta bancaria', amount: 'Importe', person_id: 'Responsable', remark: 'Concepto', import_key: 'Huella de importación' } },
    ja: { name: '費用', fields: { date: '日付', category_id: '費用分類', department_id: '部門', bank_id: '銀行口座', amount: '金額',
      person_id: '担当者', remark: '摘要', import_key: '取込キー' } },
  },
  fields: {
    date: date({ required: true }),
    category_id: ref('feecategories', { required: true }),
    department_id: ref('departments'),
    bank_id: ref('banks'),
    // > 0, checked by the server: the category's direction gives the sign.
    amount: money({ required: true, min: 0, sum: true }),
    person_id: ref('persons'),
    remark: text({ max: 200 }),
    import_key: text({ max: 64, unique: true }),
  },
  list: ['date', 'category_id', 'department_id', 'bank_id', 'amount', 'person_id', 'remark'],
  sort: '-date',
});
