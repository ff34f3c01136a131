import { useMemo } from 'react';
import { useLocation, useParams } from 'react-router';
import type { ListQuery } from '../../domain/contract/list';
import { forms } from '../../domain/resources/forms/forms';
import ResourceList from '../../resources/list/ResourceList';

/**
 * `/forms/list/{category_id}` (docs/sales-office.md "Forms"): the generic list of filled forms with their category
 * fixed — paged, filtered and exported by the server with it; a row opens the form (`/forms/edit/{id}`).
 */
export default function FormsList() {
  // The menu's catch-all route names no parameter: the category is read from the path when the router gives none.
  const { pathname } = useLocation();
  const params = useParams();
  const category = Number(params.category_id ?? /^\/forms\/list\/(\d+)\/?$/.exec(pathname)?.[1]);
  const filter = useMemo<ListQuery<typeof forms>['filter']>(
    () => [{ field: 'category_id', op: 'eq', value: Number.isInteger(category) && category > 0 ? category : 0 }], [category]);
  return <ResourceList key={category} def={forms} filter={filter} />;
}
