import { isMessageKey, translate, type Lang } from '../../domain/messages/catalog';

/**
 * A fact's rejection reason in the reader's language: the server stores the message key and its parameters
 * (docs/shopfloor.md), and the catalog is shared, so the screen says it in the language the supervisor reads — not the
 * kiosk's. A key this build does not know is shown as it is.
 */
export function reasonText(lang: Lang, key: unknown, params: unknown): string {
  if (typeof key !== 'string' || key === '') return '';
  if (!isMessageKey(key)) return key;
  const p = params && typeof params === 'object' && !Array.isArray(params) ? params as Record<string, string | number> : {};
  return translate(lang, key, p);
}

/** The editable fields of a fact's arguments: its plain values, in a stable order (arrays and objects stay as they are). */
export function editableArgs(args: unknown): { key: string; value: string | number | boolean | null }[] {
  if (!args || typeof args !== 'object' || Array.isArray(args)) return [];
  return Object.entries(args as Record<string, unknown>)
    .filter((e): e is [string, string | number | boolean | null] =>
      e[1] === null || typeof e[1] === 'string' || typeof e[1] === 'number' || typeof e[1] === 'boolean')
    .map(([key, value]) => ({ key, value }));
}
