import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { resourceByName } from '../../domain/resources/all';
import { formatCell } from '../../ui/grid/grid-model';
import { listColumns, type ListRow } from './list-columns';

const t = ((k: string) => k) as unknown as TFunction;

describe('list columns', () => {
  it('show a number with the decimals its declaration keeps: a wage rate of 0.004 reads 0.004 (issue 30)', () => {
    const wages = resourceByName('wages')!;
    const price = listColumns(wages, t).find(c => c.id === 'price')!;
    expect(price.scale).toBe(4);
    const row = { id: 1, version: 1, price: '0.0040' } as ListRow;
    expect(formatCell(price, price.value(row))).toBe('0.004');
    const items = resourceByName('items')!;
    const weight = listColumns(items, t).find(c => c.id === 'weight');
    if (weight) expect(formatCell(weight, weight.value({ id: 1, version: 1, weight: 1.23456 } as ListRow))).toBe('1.2346');
  });
});
