import { enumOf } from '../../registry/fields';
import { categoryResource } from './category';

/** Categories of fees (income and expense lines of finance, spec §2 categories). */
export const feecategories = categoryResource('feecategories', '/fees/categories', {
  extra: { direction: enumOf(['income', 'expense'], { required: true, default: 'expense' }) },
  labels: {
    zh: { name: '费用分类', fields: { name: '名称', direction: '收支方向', sort: '排序', remark: '备注' },
      enums: { direction: { income: '收入', expense: '支出' } } },
    en: { name: 'Fee categories', menu: 'Expense categories',
      fields: { name: 'Name', direction: 'Direction', sort: 'Order', remark: 'Remark' },
      enums: { direction: { income: 'Income', expense: 'Expense' } } },
    es: { name: 'Categorías de gastos', fields: { name: 'Nombre', direction: 'Sentido', sort: 'Orden', remark: 'Observaciones' },
      enums: { direction: { income: 'Ingreso', expense: 'Gasto' } } },
    ja: { name: '費用分類', menu: '経費分類', fields: { name: '名称', direction: '収支区分', sort: '並び順', remark: '備考' },
      enums: { direction: { income: '収入', expense: '支出' } } },
  },
  place: { group: 'category', order: 40, icon: 'IconReceiptTax' },
});
