import { LANGS, type Lang } from '../messages/catalog';
import type { Field } from './fields';
import type { ResourceLabels } from './resource';

/**
 * Labels that repeat the names, in every language: for declarations made inside tests, which need a complete
 * `labels` but are never shown to anyone. Real declarations write their labels out (the registry test checks that
 * they are translated).
 */
export function namesAsLabels<const F extends Record<string, Field>>(name: string, fields: F): Record<Lang, ResourceLabels<F>> {
  const l: ResourceLabels<F> = { name, fields: Object.fromEntries(Object.keys(fields).map(k => [k, k])) as ResourceLabels<F>['fields'] };
  return Object.fromEntries(LANGS.map(lang => [lang, l])) as Record<Lang, ResourceLabels<F>>;
}
