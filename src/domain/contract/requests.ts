import { z } from 'zod';
import './zod-config';
import { optionalInt, wireInt, wireJson, wireText } from './wire';

/**
 * Requests of the generic endpoints other than lists (list.ts). Each schema checks the shape of the request; the
 * values of a row are then checked against the declaration by `saveSchema` (registry/input-schema.ts), which needs
 * to know whether the row is new.
 */
const ID = wireInt(1, 2_147_483_647);

/** `GET <base>/detail/?id=` */
export const detailParamsSchema = z.looseObject({ id: ID });

/**
 * `POST <base>/save/`: the row's values as an `item=` JSON object, or as the form's own fields; `id` and `version`
 * (in the form or inside `item`) make it an update.
 */
export const saveParamsSchema = z.looseObject({
  id: optionalInt(1, 2_147_483_647),
  version: optionalInt(1, 2_147_483_647),
  item: wireJson(z.record(z.string(), z.unknown(), { message: 'invalid_json' })).optional(),
});

/** `POST <base>/delete/` (master data) and `POST <base>/cancel/` (documents, with the row's version when known). */
export const removeParamsSchema = z.looseObject({ id: ID, version: optionalInt(1, 2_147_483_647) });

/** `POST <base>/import/`: `rows`, a JSON list of objects keyed by field name (checked row by row by the import). */
export const importParamsSchema = z.looseObject({ rows: wireJson(z.array(z.unknown(), { message: 'import_bad_rows' })) });

/** `GET /history/list/?table_name=&kid=` */
export const historyParamsSchema = z.looseObject({ table_name: wireText(64), kid: ID });

/** A column of a server-side export: its header and the key of the list's rows it shows (`category_id_name`). */
export const exportColumnSchema = z.object({ title: z.string().max(200), field: z.string().max(100) });
export type ExportColumnSpec = z.infer<typeof exportColumnSchema>;

/**
 * `POST /files/export/`: the list of `resource` as its list call would filter and sort it (the list parameters ride
 * along), streamed as excel.xlsx with the columns `titles`.
 */
export const exportParamsSchema = z.looseObject({
  resource: wireText(64),
  titles: wireJson(z.array(exportColumnSchema).min(1, { message: 'required' }).max(500)),
});
