import { bool, datetime, ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

/**
 * Pay months of piece work (计件结算月份), `YYYY-MM`. A closed month's work records (`works.period`) are final: no
 * create, edit or cancel reaches them. Closing and reopening is the `close` action on `works`
 * (`POST /persons/works/close_period/`), which writes `closed`, `closed_at` and `closed_by` here; the generic screens
 * only show the months and their remarks.
 */
export const workperiods = resource({
  name: 'workperiods', api: '/persons/workperiods', kind: 'master', menu: ['/workperiods/list'],
  naturalKey: ['period'], search: ['period', 'remark'], display: 'period',
  labels: {
    zh: { name: '计件结算月份', fields: { period: '月份', closed: '已结账', closed_at: '结账时间', closed_by: '结账人', remark: '备注' } },
    en: { name: 'Pay months', fields: { period: 'Month', closed: 'Closed', closed_at: 'Closed at', closed_by: 'Closed by', remark: 'Remarks' } },
    es: { name: 'Meses de pago', fields: { period: 'Mes', closed: 'Cerrado', closed_at: 'Cerrado el', closed_by: 'Cerrado por',
      remark: 'Observaciones' } },
    ja: { name: '精算月', fields: { period: '月', closed: '締め済み', closed_at: '締め日時', closed_by: '締め担当', remark: '備考' } },
  },
  place: { group: 'system', order: 365, icon: 'IconCalendarTime' },
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
