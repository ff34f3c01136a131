import { categoryResource } from './category';

/** Categories of formulas (recipes of the formula module, spec §2 categories). */
export const formulacategories = categoryResource('formulacategories', '/formulas/categories');
