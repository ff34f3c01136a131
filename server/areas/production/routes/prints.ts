import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { parseJson } from '../../../../src/domain/contract/json';
import { printlogs } from '../../../../src/domain/resources/system/printlogs';
import { DEFAULT_SECURITY, type SecurityOptions } from '../../../auth/options';
import { canAct } from '../../../auth/permissions';
import { signSheetLink, verifySheetLink } from '../../../auth/print-links';
import { ownRows } from '../../../auth/row-scope';
import type { Auth } from '../../../auth/sessions';
import type { Db } from '../../../db/connection';
import { tableOf } from '../../../db/tables';
import { ApiError, badRequest, forbidden } from '../../../lib/api-error';
import { authOf } from '../../../http/auth';
import { labelSheetHelmet } from '../../../http/security-headers';
import { column } from '../../../db/columns';
import { insertRows } from '../../../resources/import-write';
import { intArray, printCategory, templateOf, templatesOf, type PrintCategoryDef } from '../print-categories';
import * as printsApi from '../../../../src/domain/contract/endpoints/prints';
import { route } from '../../../http/endpoint-route';

/** Ids above the database's integer range name no row (and must not reach a query as a parameter). */
const MAX_ID = 2_147_483_647;

/**
 * The category a print request names, read leniently before validation so the permission is checked first (a caller
 * who may not print learns nothing about what the call accepts); undefined when unreadable — validation then refuses.
 */
function requestedCategory(body: unknown): PrintCategoryDef | undefined {
  const raw = (body as Record<string, unknown> | null | undefined)?.item;
  const parsed = typeof raw === 'string' ? parseJson(raw) : { ok: true as const, value: raw };
  if (!parsed.ok) return undefined;
  const c = (parsed.value as { category?: unknown } | null | undefined)?.category;
  return typeof c === 'string' ? printCategory(c) : undefined;
}

/** Printing needs `view` on the printed resource itself (not merely on a resource that references it). */
function assertMayPrint(auth: Auth, def: PrintCategoryDef): void {
  if (!canAct(auth, def.resource, 'view')) throw forbidden();
}

/**
 * The absolute address of a path on this server, as the caller reached it (the helper needs a whole URL); the path
 * alone when the request named no host (the client then resolves it against its server address).
 */
function absolute(req: FastifyRequest, path: string): string {
  return req.host ? `${req.protocol}://${req.host}${path}` : path;
}

/**
 * Printing (docs/production.md "Printing", contract src/domain/contract/prints.ts, spec §7):
 *
 * `POST /prints/do/` — `item` = `{category, ids}`, `action` = browser | helper | preview. Needs `view` on the
 * category's resource (print-categories.ts), checked before validation like a declared `config.access`; every id
 * must be a live row the caller may read, else 422 naming the ids that are not. Ids sent twice print once. Unless
 * previewing, in one transaction: one `printlogs` row (who and when are its created_by/at; title, category, ids,
 * count, how, template; printer empty — the helper picks it) written through the generic insert (change number,
 * history), and each printed row's counter (a category that has one) + 1 with a new change number (lists and offline copies see it) but the
 * same `version` and `updated_at`: a print is not an edit, and must not make a colleague's open form stale. Replies
 * `{msg, ds: [{id, name, print_url, width_mm, height_mm}]}`, one entry per template of the category (its first the
 * default; a delivery note offers A4 and the 241 mm form), or only the one `item.template` names (400 for one the
 * category does not have). A category without a counter (delivery notes) is only logged.
 *
 * `GET /prints/sheet/?c=&ids=&a=&exp=&sig=` — the sheet's HTML, no login: the signed link is the permission
 * (print-links.ts; valid `DOWNLOAD_LINK_MINUTES`, default 10). Its own Content-Security-Policy: inline styles, no
 * script, nothing fetched; framable by this origin only (the app prints it from a hidden frame). A link that is
 * malformed answers 400, expired or tampered with 403.
 */
export default async function printsRoutes(app: FastifyInstance, opts: { db: Db; security?: SecurityOptions }) {
  const { db } = opts;
  const linkTtlMs = (opts.security ?? DEFAULT_SECURITY).linkTtlMs;

  route(app, printsApi.printDo, async (p, req) => {
    const auth = authOf(req);
    const def = printCategory(p.item.category)!;
    assertMayPrint(auth, def);
    const ids = [...new Set(p.item.ids)];
    const res = def.resource;
    // A template the category does not have is a malformed request, like an unknown category.
    const chosen = p.item.template === undefined ? undefined : templateOf(def, p.item.template);
    if (p.item.template !== undefined && !chosen) throw badRequest();
    const sheets = chosen ? [chosen] : templatesOf(def);
    const t = tableOf(res);

    await db.transaction(async tx => {
      const valid = ids.filter(id => id <= MAX_ID);
      const found = valid.length === 0 ? [] : await tx.select().from(t)
        .where(and(sql`${column(t, 'id')} = any(${intArray(valid)})`, eq(column(t, 'canceled'), false)));
      const readable = new Set((await ownRows(tx, auth, res, found)).map(r => r.id as number));
      const unavailable = ids.filter(id => !readable.has(id));
      if (unavailable.length) {
        throw new ApiError(422, 'print_rows_unavailable', { list: unavailable.slice(0, 20).join(', ') }, {},
          { unavailable });
      }
      if (p.action === 'preview') return;
      if (def.counter) {
        const counter = column(t, def.counter);
        const counted = await tx.update(t)
          .set({ [def.counter]: sql`coalesce(${counter}, 0) + 1`, rev: sql`next_rev()` })
          .where(and(sql`${column(t, 'id')} = any(${intArray(ids)})`, eq(column(t, 'canceled'), false)))
          .returning({ id: column(t, 'id') });
        // A row cancelled since it was read: refuse the whole print rather than log rows that were not printed.
        if (counted.length !== ids.length) {
          const left = new Set(counted.map(r => r.id as number));
          const gone = ids.filter(id => !left.has(id));
          throw new ApiError(422, 'print_rows_unavailable', { list: gone.slice(0, 20).join(', ') }, {}, { unavailable: gone });
        }
      }
      await insertRows(tx, printlogs, [{
        values: {
          title: def.title(ids.length), category: p.item.category, ids, count: ids.length, how: p.action,
          template: (chosen ?? def).template.name, printer: null,
        },
        onDone: () => {},
      }], auth);
    });

    const ds = [];
    for (const sheet of sheets) {
      // The first template's link names none (links made before templates were named still work).
      const named = sheet === def ? undefined : sheet.template.id;
      const link = await signSheetLink(db, p.item.category, ids, auth.accountId, linkTtlMs, named);
      ds.push({ id: sheet.template.id, name: sheet.template.name, print_url: absolute(req, link), ...await sheet.size(db) });
    }
    return { msg: 'OK', ds };
  }, {
    // `view` on the printed category's resource, which only the body names: checked before validation, like a
    // declared access.
    preValidation: async req => {
      const def = requestedCategory(req.body);
      if (def) assertMayPrint(authOf(req), def);
    },
  });

  route(app, printsApi.printSheet, async (p, req, reply) => {
    const link = await verifySheetLink(db, p);
    const def = link && printCategory(link.category);
    const sheet = link && def ? templateOf(def, link.template) : undefined;
    if (!link || !sheet) throw new ApiError(403, 'print_link_invalid');
    const size = await sheet.size(db);
    const { html, count } = await sheet.render(db, link.ids.filter(id => id <= MAX_ID), size, { origin: absolute(req, '') });
    // Every row was cancelled since the print was handed out: nothing to print.
    if (count === 0) throw new ApiError(404, 'print_rows_unavailable', { list: link.ids.slice(0, 20).join(', ') });
    return reply
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex')
      .type('text/html; charset=utf-8')
      .send(html);
  }, { helmet: labelSheetHelmet });
}
