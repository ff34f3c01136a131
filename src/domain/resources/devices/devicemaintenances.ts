import { date, datetime, enumOf, money, ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

/** Maintenance of a machine, planned and done. A document: cancelled, never deleted (costs reach the books). */
export const devicemaintenances = resource({
  name: 'devicemaintenances', api: '/devicemaintenances', kind: 'document', menu: ['/devicemaintenances/list'],
  search: ['content', 'remark'], display: 'content',
  fields: {
    device_id: ref('devices', { required: true }),
    kind: enumOf(['routine', 'repair', 'inspection'], { required: true, default: 'routine' }),
    status: enumOf(['planned', 'done'], { required: true, default: 'planned' }),
    planned_date: date(),
    done_at: datetime(),
    person_id: ref('persons'),
    cost: money({ default: 0 }),
    content: text({ required: true, max: 500, multiline: true }),
    remark: text({ max: 500 }),
  },
  list: ['device_id', 'kind', 'status', 'planned_date', 'done_at', 'person_id', 'cost', 'content'],
  sort: '-planned_date',
});
