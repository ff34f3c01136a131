import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatForReading } from '../../domain/rules/numbers';
import { isTotalled } from './grid-model';
import classes from './grid.module.css';
import { SELECT_WIDTH, TOTALS_HEIGHT, type ColumnWindow } from './GridRow';

interface TotalsRowProps<Row> {
  cols: ColumnWindow<Row>;
  values: ReadonlyMap<string, number>;
  pending: boolean;
  /** Rows totalled (after filters). */
  count: number;
  /** The totals cover only the rows a filter or the keyword leaves. */
  filtered: boolean;
}

/**
 * The totals row pinned at the bottom: 合计 in the checkbox column, then each summed column's total (DESIGN §8).
 * Only columns that declare a meaningful total (`total`, from a field's `sum: true`) show one; a unit price or a sort
 * order added up means nothing. While a filter or the keyword narrows the rows, the row says so in words in the first
 * column in view that has no total, so nobody takes a filtered total for the whole list's.
 */
function TotalsRowImpl<Row>({ cols, values, pending, count, filtered }: TotalsRowProps<Row>) {
  const { t } = useTranslation();
  const noteAt = filtered ? cols.columns.findIndex(col => !isTotalled(col)) : -1;
  return (
    <div role="row" className={classes.totals} data-testid="grid-totals" data-pending={pending || undefined}
      data-filtered={filtered || undefined}
      style={{ height: TOTALS_HEIGHT, width: SELECT_WIDTH + cols.totalWidth }}>
      <div role="rowheader" className={classes.select} style={{ width: SELECT_WIDTH }} data-filtered={filtered || undefined}
        title={`${t(filtered ? 'grid.total_filtered_hint' : 'grid.total_hint')}\n${t('grid.row_count', { count })}`}>
        {t('grid.total')}{filtered && <sup aria-label={t('grid.total_filtered_hint')}>*</sup>}
      </div>
      {cols.columns.map((col, i) => {
        const v = values.get(col.id);
        return (
          <div key={col.id} role="gridcell" className={cols.cellClasses[i]} style={cols.cellStyles[i]}
            data-column={col.id}>
            {i === noteAt
              ? <span className={classes.totalsNote} data-testid="grid-totals-filtered" title={t('grid.total_filtered_hint')}>
                {t('grid.total_filtered')}
              </span>
              : v === undefined ? '' : formatForReading(v, cols.lang, col.scale)}
          </div>
        );
      })}
    </div>
  );
}

export const TotalsRow = memo(TotalsRowImpl) as typeof TotalsRowImpl;
