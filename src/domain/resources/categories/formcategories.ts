import { categoryResource } from './category';

/** Categories of forms (inspection and OA forms, spec §2 categories). */
export const formcategories = categoryResource('formcategories', '/forms/categories');
