import { labels } from './define';

const cat = (zh: string, en: string, es: string, ja: string, extra?: { direction: true }) => labels({
  zh: { name: zh, fields: { name: '名称', sort: '排序', remark: '备注', ...(extra ? { direction: '收支方向' } : {}) },
    ...(extra ? { enums: { direction: { income: '收入', expense: '支出' } } } : {}) },
  en: { name: en, fields: { name: 'Name', sort: 'Order', remark: 'Remark', ...(extra ? { direction: 'Direction' } : {}) },
    ...(extra ? { enums: { direction: { income: 'Income', expense: 'Expense' } } } : {}) },
  es: { name: es, fields: { name: 'Nombre', sort: 'Orden', remark: 'Observaciones', ...(extra ? { direction: 'Sentido' } : {}) },
    ...(extra ? { enums: { direction: { income: 'Ingreso', expense: 'Gasto' } } } : {}) },
  ja: { name: ja, fields: { name: '名称', sort: '並び順', remark: '備考', ...(extra ? { direction: '収支区分' } : {}) },
    ...(extra ? { enums: { direction: { income: '収入', expense: '支出' } } } : {}) },
});

/** Fee, form and formula categories (spec §2 categories). */
export const CATEGORY_LABELS = {
  feecategories: cat('费用分类', 'Fee categories', 'Categorías de gastos', '費用分類', { direction: true }),
  formcategories: cat('表单分类', 'Form categories', 'Categorías de formularios', 'フォーム分類'),
  formulacategories: cat('配方分类', 'Formula categories', 'Categorías de fórmulas', '配合分類'),
};
