import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { details } from '../../domain/resources/orders/details';
import { fieldLabelKey } from '../../resources/form/field-kinds';
import { LINE_COLUMNS } from './line-columns';

/**
 * The grid's column titles in the UI language: the line's fields from the `details` declaration, the property
 * columns kept in `props` from src/i18n/orders.ts.
 */
export function useLineLabels(): Readonly<Record<string, string>> {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return useMemo(() => {
    const out: Record<string, string> = { line_no: t(fieldLabelKey(details, 'line_no')), props: t(fieldLabelKey(details, 'props')) };
    for (const c of LINE_COLUMNS) out[c.id] = c.prop ? t(`orders.props.${c.id}`) : t(fieldLabelKey(details, c.id));
    return out;
  }, [t, lang]);
}
