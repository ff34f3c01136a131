import { enumOf } from '../../registry/fields';
import { categoryResource } from './category';

/** Categories of fees (income and expense lines of finance, spec §2 categories). */
export const feecategories = categoryResource('feecategories', '/fees/categories', {
  direction: enumOf(['income', 'expense'], { required: true, default: 'expense' }),
});
