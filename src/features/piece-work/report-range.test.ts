import { describe, expect, it } from 'vitest';
import { monthOf, reportParamsOf, thisMonth } from './report-range';

describe('piece-work report range', () => {
  it('opens on this month so far', () => {
    expect(thisMonth(new Date(2026, 10, 25, 15))).toEqual(['2026-11-01', '2026-11-25']);
    expect(thisMonth(new Date(2026, 0, 1, 0, 5))).toEqual(['2026-01-01', '2026-01-01']);
  });

  it('asks only with a whole, ordered range, and sends the filters chosen', () => {
    const none = { worknode_id: null, department_id: null };
    expect(reportParamsOf([null, '2026-11-02'], none)).toBeNull();
    expect(reportParamsOf(['2026-11-03', '2026-11-02'], none)).toBeNull();
    expect(reportParamsOf(['2026-11-01', '2026-11-30'], none)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(reportParamsOf(['2026-11-01', '2026-11-30'], { worknode_id: 3, department_id: null }))
      .toEqual({ from: '2026-11-01', to: '2026-11-30', worknode_id: 3 });
  });

  it('names the pay month only when the range lies in one', () => {
    expect(monthOf(['2026-11-01', '2026-11-30'])).toBe('2026-11');
    expect(monthOf(['2026-10-25', '2026-11-02'])).toBeNull();
    expect(monthOf([null, null])).toBeNull();
  });
});
