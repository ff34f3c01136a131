import type { Lang } from '../messages/langs';
import type { IconName } from '../menu/icon-names';
import type { MenuGroupId } from '../menu/groups';
import type { Field, FieldValue } from './fields';

/**
 * A resource is one business entity, declared once (DESIGN §3). From it come the SQL table, the server's
 * validation and generic endpoints, the offline cache and the generic screens.
 *
 * Rules:
 * - `kind: 'master'` rows are deleted (refused while other rows reference them); `kind: 'document'` rows are
 *   cancelled (a `canceled` flag), never deleted, because other documents and the books point at them.
 * - `menu` lists the resource's menu paths: a role holding one sees its screens, and nothing more. What a role may do
 *   is decided by its grants on the resource (actions and row scope), which the server checks on every call
 *   (DESIGN §5, docs/decisions.md 62).
 * - Every row also carries the system columns of `SYSTEM_COLUMNS` (id, version, rev, created/updated by/at).
 * - The declaration is all there is to write for an entity: its labels (four languages), its place in the menu, its
 *   route paths (from `menu[0]`), its table (a generated migration) and its screens come from here.
 */
export interface ResourceDef<F extends Record<string, Field> = Record<string, Field>> {
  /** Table name and i18n key prefix (`resources.<name>`). snake_case, plural. */
  name: string;
  /** Base path of the generic endpoints, e.g. `/customers` → `/customers/list/`. */
  api: string;
  kind: 'master' | 'document';
  /** Menu paths that show the resource's screens to a role (they grant no action). The first one is its list screen. */
  menu: readonly string[];
  /**
   * The base of the edit and create pages when the spec names them apart from the list (works: list
   * `/persons/works/list`, edit `/works/edit/{id}` → `screenBase: '/works'`); by default the list path's base.
   */
  screenBase?: string;
  /** Further list endpoints the spec names for this resource (spec §7), e.g. `/warehouses/roomslist/`. */
  listAliases?: readonly string[];
  /** Fields that identify a row to a person (used by imports to match rows). */
  naturalKey?: readonly string[];
  /**
   * The natural key (one text field) is a row's fingerprint when a sheet does not give it (fees' `import_key`): the
   * import fills it from the row's other cells and the row's occurrence among equal rows of the file
   * (import-cells.ts `fingerprintRows`), so importing the same sheet twice adds nothing.
   */
  fingerprintKey?: true;
  /** Fields searched by `keyword` (case-insensitive substring). */
  search: readonly string[];
  /** Field shown as the row's display name in references. */
  display: string;
  /** Cached in IndexedDB for offline use (pulled by cursor). */
  offline?: boolean;
  /**
   * The rows an offline copy holds, when not all of them (cards: the unfinished ones). A pull serves only rows in
   * scope and tells a cache the ids of rows that left it as deleted, so a kiosk keeps the open work of the plant, not
   * its history. Conditions on the resource's own fields, all of which must hold.
   */
  offlineScope?: readonly OfflineCondition[];
  /**
   * `false` when rows are made elsewhere (inspections, the shop floor's facts): no generic create page and no "new"
   * button; the list and the edit page stay.
   */
  createPage?: false;
  fields: F;
  /** Columns of the list, in order. */
  list: readonly string[];
  /** Default sort, `-field` for descending; `-id` when absent. */
  sort?: string;
  /** Default page size when the client sends no limit (spec: customers and works lists use 50). */
  pageSize?: number;
  /**
   * How the list screen loads rows: `whole` (default) loads the whole list once and sorts, filters, searches and
   * totals in the browser (small master data); `server` pages, sorts, filters, searches and totals on the server
   * (business documents, logs, and any table that may grow past ~20,000 rows).
   */
  paging?: 'whole' | 'server';
  /** The most rows one `limit=-1` list may carry (contract/list.ts: 20,000 for whole lists, a page for paged ones). */
  maxRows?: number;
  /**
   * Special actions a role may be granted on this resource beside view, create, edit, delete, import and export
   * (src/domain/contract/permissions.ts), e.g. `['status']` for a machine's status or `['confirm']` for an order.
   */
  actions?: readonly string[];
  /**
   * Per special action, the fields an update may change with that action alone (no `edit` needed): the device board
   * sets `status` with `status`. An action not named here is checked by the endpoint that performs it.
   */
  actionFields?: Readonly<Record<string, readonly string[]>>;
  /**
   * The field naming the row's owner — a reference to `persons` (compared with the caller's person) or `accounts`
   * (compared with the caller's account). A role granted this resource with scope `own` reads and writes only its
   * own rows, on every endpoint (DESIGN §5).
   *
   * Or the path to the owner through a parent, `<reference>.<the parent's owner>` (`order_id.saler_id`): a child row
   * (an order line) is its parent's owner's, for every read and write; the caller is scoped on it when its grant of the
   * child or of the parent says `own`, and a row it writes must name a parent it owns (server/auth/row-scope.ts).
   */
  owner?: string;
  /**
   * The rows are their owner's alone, whatever the caller's role (an admin's included): every endpoint treats the
   * caller as scoped `own` (a user's messages). Needs `owner`.
   */
  ownerOnly?: boolean;
  /** Names of the resource, its fields and enum values in every language (`resources.<name>.…` keys of the UI). */
  labels: Readonly<Record<Lang, ResourceLabels<F>>>;
  /** Where its list sits in the menu; without it the resource has no menu entry of its own. */
  place?: MenuPlace;
}

/**
 * A resource's labels in one language. Rules: every field is labelled (the compiler checks it); within a resource the
 * labels are distinct, system columns included (imports match spreadsheet headers against them); a reference is
 * labelled as what it points at (or its role, like 业务员), never with an "ID" suffix.
 */
export interface ResourceLabels<F extends Record<string, Field> = Record<string, Field>> {
  name: string;
  /** The menu entry's title when it is not the name. */
  menu?: string;
  fields: { readonly [K in keyof F & string]: string };
  enums?: { readonly [K in keyof F & string]?: Readonly<Record<string, string>> };
}

/** One condition of an offline scope: a field equal (`eq`), not equal (`ne`) or one of (`in`) the values. */
export interface OfflineCondition {
  field: string;
  op: 'eq' | 'ne' | 'in';
  value: string | number | boolean | null | readonly (string | number)[];
}

/** A menu entry's place: its group, its order within the group (ascending), and its icon. */
export interface MenuPlace {
  group: MenuGroupId;
  order: number;
  icon: IconName;
}

export const SYSTEM_COLUMNS = ['id', 'version', 'rev', 'created_at', 'created_by', 'updated_at', 'updated_by'] as const;

/** Declares a resource; the generic parameter checks the list columns against the fields at compile time. */
export function resource<const F extends Record<string, Field>>(
  def: ResourceDef<F> & { list: readonly (keyof F & string)[] },
): ResourceDef<F> {
  for (const col of def.list) if (!(col in def.fields)) throw new Error(`${def.name}: list column ${col} is not a field`);
  for (const f of def.search) if (!(f in def.fields)) throw new Error(`${def.name}: search field ${f} is not a field`);
  if (!(def.display in def.fields)) throw new Error(`${def.name}: display field ${def.display} is not a field`);
  for (const k of Object.keys(def.fields)) {
    if (!/^[a-z][a-z0-9_]*$/.test(k)) throw new Error(`${def.name}: field name ${k} must be snake_case`);
    if ((SYSTEM_COLUMNS as readonly string[]).includes(k) || k === 'canceled') throw new Error(`${def.name}: ${k} is a system column`);
    // `<ref>_name` and `<refs>_names` carry the references' display names in every row.
    const m = /^(.+)_names?$/.exec(k);
    if (m && (def.fields[m[1]!]?.type === 'ref' || def.fields[m[1]!]?.type === 'refs')) {
      throw new Error(`${def.name}: ${k} would hide the display name of ${m[1]}`);
    }
  }
  checkPermissionProps(def);
  return def;
}

/** Actions every resource has (src/domain/contract/permissions.ts); a special action may not reuse their names. */
export const STANDARD_ACTIONS = ['view', 'create', 'edit', 'delete', 'import', 'export'] as const;

function checkPermissionProps(def: ResourceDef): void {
  const fields = def.fields;
  if (def.owner !== undefined) {
    const [via, ...rest] = def.owner.split('.');
    const f = fields[via!];
    // A path names its parent by a reference; the parent's own owner is checked with the registry (checkRegistry).
    const direct = f?.type === 'ref' && (f.to === 'persons' || f.to === 'accounts');
    if (!f || f.type !== 'ref' || (rest.length === 0 && !direct)) {
      throw new Error(`${def.name}: owner ${def.owner} must be a reference to persons or accounts, or <reference>.<its owner>`);
    }
  }
  if (def.ownerOnly && def.owner === undefined) throw new Error(`${def.name}: ownerOnly needs an owner field`);
  for (const a of def.actions ?? []) {
    if ((STANDARD_ACTIONS as readonly string[]).includes(a) || !/^[a-z][a-z0-9_]*$/.test(a)) {
      throw new Error(`${def.name}: special action ${a} must be a new snake_case name`);
    }
  }
  for (const [a, list] of Object.entries(def.actionFields ?? {})) {
    if (!(def.actions ?? []).includes(a)) throw new Error(`${def.name}: actionFields names undeclared action ${a}`);
    for (const f of list) if (!(f in fields)) throw new Error(`${def.name}: action ${a} names unknown field ${f}`);
  }
  // A row is shown to everyone who may read it by its display name and found by its natural key: neither may be a
  // value some of them may not see.
  for (const k of [def.display, ...(def.naturalKey ?? [])]) {
    if (fields[k]?.sensitive) throw new Error(`${def.name}: ${k} is sensitive and cannot be a display name or key`);
  }
}

/** The row type of a resource as the API returns it: a required field is never empty, any other may be. */
export type Row<R extends ResourceDef> = {
  [K in keyof R['fields']]: R['fields'][K] extends { required: true } ? FieldValue<R['fields'][K]> : FieldValue<R['fields'][K]> | null;
} & {
  id: number; version: number; rev: number;
  created_at: string; created_by: number | null; updated_at: string; updated_by: number | null;
  canceled?: boolean;
};
