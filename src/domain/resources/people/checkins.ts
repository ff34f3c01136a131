import { datetime, enumOf, ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

/**
 * Attendance (考勤, /persons/checkin): one row per badge swipe or manual entry. Kiosks write them (offline through the
 * outbox in a later step); the office corrects by cancelling and entering by hand, never by deleting.
 */
export const checkins = resource({
  name: 'checkins', api: '/persons/checkins', kind: 'document', menu: ['/persons/checkin'],
  search: ['remark'], display: 'at',
  fields: {
    person_id: ref('persons', { required: true }),
    at: datetime({ required: true }),
    direction: enumOf(['in', 'out'], { required: true, default: 'in' }),
    source: enumOf(['card', 'manual'], { required: true, default: 'manual' }),
    computer_id: ref('computers'),
    remark: text({ max: 200 }),
  },
  list: ['person_id', 'at', 'direction', 'source', 'computer_id', 'remark'],
  sort: '-at',
});
