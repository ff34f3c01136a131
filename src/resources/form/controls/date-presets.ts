import type { TFunction } from 'i18next';
import { singleDatePresets } from '../../../domain/rules/date-single';

/** The single-date shortcuts of spec §9 as Mantine date-picker presets, labelled in the UI's language. */
export function datePresets(kind: 'date' | 'datetime', t: TFunction, now = new Date()): { value: string; label: string }[] {
  return singleDatePresets(kind, now).map(p => ({ value: p.value, label: t(p.labelKey) }));
}
