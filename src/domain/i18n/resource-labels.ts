import { LANGS, type Lang } from '../messages/catalog';
import type { ResourceDef, ResourceLabels } from '../registry/resource';
import { RESOURCES } from '../resources/all';

/**
 * The label lookups of the declared resources (DESIGN §3, §11). A resource's labels are written in its declaration,
 * four languages side by side (`labels`); the system columns every row carries are labelled once here. The server
 * needs them as much as the UI: its messages name resources and fields, and imports match spreadsheet headers written
 * in any language. The UI's i18n serves them under `resources.<name>.name|menu|fields.<f>|enums.<f>.<v>` and
 * `common.fields.<col>`.
 */
export const SYSTEM_LABELS: Readonly<Record<Lang, Readonly<Record<string, string>>>> = {
  zh: { id: 'ID', version: '版本', rev: '变更号', created_at: '创建时间', created_by: '创建人', updated_at: '修改时间',
    updated_by: '修改人', canceled: '已作废' },
  en: { id: 'ID', version: 'Version', rev: 'Change no.', created_at: 'Created at', created_by: 'Created by',
    updated_at: 'Updated at', updated_by: 'Updated by', canceled: 'Canceled' },
  es: { id: 'ID', version: 'Versión', rev: 'N.º de cambio', created_at: 'Creado el', created_by: 'Creado por',
    updated_at: 'Modificado el', updated_by: 'Modificado por', canceled: 'Anulado' },
  ja: { id: 'ID', version: 'バージョン', rev: '変更番号', created_at: '作成日時', created_by: '作成者', updated_at: '更新日時',
    updated_by: '更新者', canceled: '取消済み' },
};

/** One language's labels of every resource, as the UI's i18n bundle holds them. */
export interface LabelTree {
  common: { fields: Readonly<Record<string, string>> };
  resources: Record<string, ResourceLabels & { menu: string }>;
}

export function labelTree(lang: Lang, resources: readonly ResourceDef[] = RESOURCES): LabelTree {
  const out: LabelTree = { common: { fields: SYSTEM_LABELS[lang] }, resources: {} };
  for (const r of resources) {
    const l = r.labels[lang];
    out.resources[r.name] = { ...l, menu: l.menu ?? l.name };
  }
  return out;
}

export const RESOURCE_LABELS: Readonly<Record<Lang, LabelTree>> =
  Object.fromEntries(LANGS.map(l => [l, labelTree(l)])) as Record<Lang, LabelTree>;

/** The display name of a resource: the language's, else Chinese, else the resource name itself. */
export function resourceLabel(lang: Lang, name: string): string {
  return RESOURCE_LABELS[lang].resources[name]?.name || RESOURCE_LABELS.zh.resources[name]?.name || name;
}

function fieldIn(tree: LabelTree, resource: string, field: string): string | undefined {
  return tree.resources[resource]?.fields[field] || tree.common.fields[field] || undefined;
}

/** A field's label: the resource's, else the shared system column's (in the language, else Chinese), else the field name. */
export function fieldLabel(lang: Lang, resource: string, field: string): string {
  return fieldIn(RESOURCE_LABELS[lang], resource, field) || fieldIn(RESOURCE_LABELS.zh, resource, field) || field;
}

/** The label of one value of an enum field: the language's, else Chinese, else the value itself. */
export function enumLabel(lang: Lang, resource: string, field: string, value: string): string {
  return RESOURCE_LABELS[lang].resources[resource]?.enums?.[field]?.[value]
    || RESOURCE_LABELS.zh.resources[resource]?.enums?.[field]?.[value]
    || value;
}
