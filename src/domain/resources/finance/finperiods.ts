import { bool, datetime, ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

/**
 * Finance months (财务结账月份), `YYYY-MM` (docs/finance.md "Period close"). A closed month refuses every finance write
 * dated in it (bills now; receipts, allocations, payouts, invoices and fees as they come). Closing and reopening is
 * the `close` action (`POST /payments/close_period/`), which writes `closed`, `closed_at` and `closed_by`; the generic
 * screens only show the months and their remarks. The same mechanism as the pay months (`workperiods`).
 */
export const finperiods = resource({
  name: 'finperiods', api: '/payments/periods', kind: 'master', menu: ['/finperiods/list'], createPage: false,
  naturalKey: ['period'], search: ['period', 'remark'], display: 'period', actions: ['close'],
  labels: {
    zh: { name: '财务结账月份', fields: { period: '月份', closed: '已结账', closed_at: '结账时间', closed_by: '结账人', remark: '备注' } },
    en: { name: 'Finance months', fields: { period: 'Month', closed: 'Closed', closed_at: 'Closed at', closed_by: 'Closed by', remark: 'Remarks' } },
    es: { name: 'Meses contables', fields: { period: 'Mes', closed: 'Cerrado', closed_at: 'Cerrado el', closed_by: 'Cerrado por',
      remark: 'Observaciones' } },
    ja: { name: '会計締め月', fields: { period: '月', closed: '締め済み', closed_at: '締め日時', closed_by: '締め担当', remark: '備考' } },
  },
  place: { group: 'finance', order: 260, icon: 'IconCalendarTime' },
  fields: {
    period: text({ required: true, max: 7, unique: true }),
    closed: bool({ readOnly: true, default: false }),
    closed_at: datetime({ readOnly: true }),
    closed_by: ref('accounts', { readOnly: true }),
    remark: text({ max: 200 }),
  },
  list: ['period', 'closed', 'closed_at', 'closed_by', 'remark'],
  sort: '-period',
});
