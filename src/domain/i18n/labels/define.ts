import type { Lang } from '../../messages/catalog';
import type { ResourceLabels } from '../resource-labels';

/**
 * Labels of one resource in the four languages, written side by side so a new entity's labels live in one place.
 * Newer declarations use this form (files here, one per area); resource-labels.ts merges them into the per-language
 * trees. The same rules apply: every field labelled in every language, labels distinct within a resource.
 */
export type LabelsByLang = Record<Lang, ResourceLabels>;

export function labels(l: LabelsByLang): LabelsByLang {
  return l;
}
