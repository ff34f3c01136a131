import { int, text, type Field } from '../../registry/fields';
import { resource } from '../../registry/resource';

/**
 * A plain category (name, order, remark) at `api`, listed at `<menu base>/list`. Categories that need more carry
 * their extra fields in `extra`, shown after the name.
 */
export function categoryResource<const E extends Record<string, Field>>(name: string, api: string, extra: E = {} as E) {
  return resource({
    name, api, kind: 'master', menu: [`/${name}/list`],
    naturalKey: ['name'], search: ['name'], display: 'name', offline: true,
    fields: {
      name: text({ required: true, max: 100, unique: true }),
      ...extra,
      sort: int({ default: 0 }),
      remark: text({ max: 500 }),
    },
    list: ['name', ...Object.keys(extra), 'sort', 'remark'],
    sort: 'sort',
  });
}
