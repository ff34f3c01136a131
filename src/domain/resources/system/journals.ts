import { date, enumOf, ref, text } from '../../registry/fields';
import { resource } from '../../registry/resource';

/** The factory's log book: shift hand-overs, incidents, notices. A document: cancelled, never deleted. */
export const journals = resource({
  name: 'journals', api: '/journals', kind: 'document', menu: ['/journals/list'],
  search: ['title', 'content'], display: 'title',
  fields: {
    day: date({ required: true }),
    kind: enumOf(['shift', 'incident', 'notice', 'other'], { required: true, default: 'shift' }),
    title: text({ required: true, max: 200 }),
    content: text({ max: 20000, multiline: true }),
    department_id: ref('departments'),
    person_id: ref('persons'),
  },
  list: ['day', 'kind', 'title', 'department_id', 'person_id'],
  sort: '-day',
});
