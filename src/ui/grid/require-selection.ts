import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { getNotifier } from '../../data/notifier';
import type { RowKey } from './types';

/** How long the warning stays (the request layer's warnings use the same Notifier). */
const WARNING_MS = 2000;

type Translate = (key: string) => string;

/**
 * The guard of spec §5 for an action that needs rows: true when something is selected, else shows "please select a
 * row of data" (请选择一行数据) — or, with `message: 'records'`, the print wording "please select records" — and
 * returns false.
 *
 *   if (!requireSelection(selected, t)) return;
 */
export function requireSelection(
  selected: ReadonlySet<RowKey> | readonly RowKey[], t: Translate, message: 'row' | 'records' = 'row',
): boolean {
  const count = 'size' in selected ? selected.size : selected.length;
  if (count > 0) return true;
  getNotifier().warning(t(message === 'row' ? 'grid.select_row' : 'grid.select_records'), WARNING_MS);
  return false;
}

/** `requireSelection` bound to the current language. */
export function useRequireSelection(): (selected: ReadonlySet<RowKey> | readonly RowKey[], message?: 'row' | 'records') => boolean {
  const { t } = useTranslation();
  return useCallback((selected, message) => requireSelection(selected, t, message), [t]);
}
