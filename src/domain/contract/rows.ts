import type { RefField, RefsField } from '../registry/fields';
import type { ResourceDef, Row } from '../registry/resource';

/** The display names a row carries for its references: `<ref>_name`, and `<refs>_names` in order. */
export type RefNames<F> = {
  [K in keyof F as F[K] extends RefField ? `${K & string}_name` : never]?: string | null;
} & {
  [K in keyof F as F[K] extends RefsField ? `${K & string}_names` : never]?: (string | null)[] | null;
};

/** A row as lists, details and saves return it (DESIGN §4, decision 11): its fields and its references' names. */
export type ListRow<R extends ResourceDef = ResourceDef> = Row<R> & RefNames<R['fields']>;
