import { z } from 'zod';
import './zod-config';
import { optionalInt, wireInt, wireJson, wireText } from './wire';

/**
 * Requests of the generic endpoints other than lists (list.ts), and of the data services every screen shares (files,
 * uploads, exports, history, the public configs). Each schema checks the shape of the request; the values of a row
 * are then checked against the declaration by `saveSchema` (registry/input-schema.ts), which needs to know whether
 * the row is new.
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

/** A repeated field of a form or query (`a=1&a=2`, a list of texts) counts as its last value. */
const lastOfRepeated = (v: unknown) => (Array.isArray(v) && v.every(x => typeof x === 'string') ? v[v.length - 1] as unknown : v);

/**
 * A field read as text, as the shell's calls read their fields (login, password, `/files/`, the safe configs, an
 * upload): a text as it is, a number or a flag as its text (a JSON body), a repeated field as its last value, null as
 * absent. Anything else (an object, a list of non-texts) is refused with 400 `bad_request`. Its meaning (required,
 * its length, which values) is the handler's, which answers a wrong one per field as its screen shows it.
 */
export const formText = z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.null()], { message: 'bad_request' })
  .optional()
  .transform(v => {
    const one = Array.isArray(v) ? v[v.length - 1] : v;
    return one === null || one === undefined ? undefined : String(one);
  });

/** A whole number of at most 9 digits, as text or a number; absent or empty text is absent (400 otherwise). */
export const formInt = formText.transform((s, ctx) => {
  if (s === undefined || s === '') return undefined;
  if (!/^-?\d{1,9}$/.test(s.trim())) {
    ctx.addIssue({ code: 'custom', message: 'bad_request' });
    return z.NEVER;
  }
  return Number(s);
});

/**
 * A structured field as JSON text (or already a value, from a JSON body), within the depth limit: absent, null and
 * empty text are absent; malformed text is `invalid_json`, too deep `too_deep` (400). Its shape is the handler's.
 */
export const formJson = z.preprocess(v => {
  const one = lastOfRepeated(v);
  return one === null || one === '' ? undefined : one;
}, wireJson(z.unknown()).optional());

/**
 * `GET /files/`: `action=get&file=servers.json` (the servers a client may switch to) or `action=download&id=` with,
 * for a signed link, `exp` and `sig` (server/auth/file-access.ts). An unknown action or file is the handler's answer.
 */
export const filesParamsSchema = z.looseObject({
  action: formText, file: formText, id: formText, exp: formText, sig: formText,
});

/** `GET /accounts/configslist_safe/?name=a,b&limit=`: the safe configs named (all when none), at most `limit`. */
export const safeConfigsParamsSchema = z.looseObject({ name: formText, limit: formInt });

/**
 * `POST /files/upload/`: a multipart `file` (with `filename`, and `is_temp` for a file kept an hour), or the rows of
 * an export built on the server — `ds` (the rows) or `resource` (its list, by the list's own parameters, which ride
 * along) with the columns `titles` (`{title, field}` or plain titles matched with `cols`), `props_cols` and
 * `propsname`. The fields come in the multipart body or the form, the query string filling in what they leave out.
 */
export const uploadParamsSchema = z.looseObject({
  filename: formText,
  is_temp: formText,
  resource: formText,
  ds: formJson,
  titles: formJson,
  cols: formJson,
  props_cols: formJson,
  propsname: formText,
});
export type UploadParams = z.output<typeof uploadParamsSchema>;
