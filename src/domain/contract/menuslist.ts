import { z } from 'zod';
import './zod-config';
import { MAX_KEYWORD } from './list';
import type { Envelope } from './replies';
import { optionalInt, wireFlag, wireText } from './wire';

/**
 * `GET|POST /accounts/menuslist/` (spec §7, a list call: usually `limit=-1`, else `page` and `limit`, `keyword`, the
 * echo tokens): the catalogue of the app's menu entries — every page of the route tree the client posts to
 * `/accounts/my/` (src/domain/menu/route-tree.ts) — from which an admin picks a role's menus (roles `menus`, full
 * paths compared verbatim).
 *
 * Rules:
 * - Entries come in the sidebar's order. The hidden edit and create pages are left out unless `hidden=1`: a role
 *   holds them through their list (`active_menu`), never by themselves.
 * - Titles come in the caller's language (`title`), with their i18n key (`title_key`) and their groups' titles
 *   (`parents`); `color` is the config `menu_colors`' colour of the path, as `/accounts/my/` gives it.
 * - `keyword` matches a path or a title, in the caller's language or in Chinese (case-insensitive substring).
 * - Anybody who may read roles may read the catalogue: it names pages, not what anybody may do on them.
 */
export interface MenuCatalogueEntry {
  /** Position in the catalogue (1-based), stable for a given build of the app. */
  id: number;
  path: string;
  title: string;
  title_key: string;
  parents: string[];
  icon: string | null;
  hidden: boolean;
  /** The list a hidden page belongs to. */
  active_menu: string | null;
  color: string | null;
}

export interface MenusListReply extends Envelope {
  dt: MenuCatalogueEntry[];
  /** Entries that match, over all pages. */
  total: number;
  token?: string;
  token1?: string;
  token2?: string;
}

/** The largest page; the whole catalogue (a few hundred entries) always fits `limit=-1`. */
export const MENUS_LIST_MAX_PAGE = 1_000;

export const menusListParamsSchema = z.looseObject({
  page: optionalInt(1, 1_000_000),
  limit: optionalInt(-1, MENUS_LIST_MAX_PAGE).refine(n => n !== 0, { message: 'bad_request' }),
  keyword: wireText(MAX_KEYWORD).optional(),
  hidden: wireFlag.optional(),
  token: wireText(200).optional(),
  token1: wireText(200).optional(),
  token2: wireText(200).optional(),
});

export type MenusListParams = z.output<typeof menusListParamsSchema>;
