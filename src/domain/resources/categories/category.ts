import type { Lang } from '../../messages/catalog';
import { int, text, type Field, type IntField, type TextField } from '../../registry/fields';
import { resource, type MenuPlace, type ResourceLabels } from '../../registry/resource';

type CategoryFields<E> = E & { name: TextField; sort: IntField; remark: TextField };

/**
 * A plain category (name, order, remark) at `api`, listed at `/<name>/list`. Categories that need more carry their
 * extra fields in `extra`, shown after the name.
 */
export function categoryResource<const E extends Record<string, Field>>(name: string, api: string, spec: {
  labels: Readonly<Record<Lang, ResourceLabels<CategoryFields<E>>>>;
  place: MenuPlace;
  extra?: E;
}) {
  const extra = spec.extra ?? ({} as E);
  return resource({
    name, api, kind: 'master', menu: [`/${name}/list`],
    naturalKey: ['name'], search: ['name'], display: 'name', offline: true,
    labels: spec.labels, place: spec.place,
    fields: {
      name: text({ required: true, max: 100, unique: true }),
      ...extra,
      sort: int({ default: 0 }),
      remark: text({ max: 500 }),
    } as CategoryFields<E>,
    list: ['name', ...Object.keys(extra), 'sort', 'remark'] as (keyof CategoryFields<E> & string)[],
    sort: 'sort',
  });
}
