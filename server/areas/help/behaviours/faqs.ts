import { isFaqKey, isScreenList } from '../../../../src/domain/rules/help';
import { ApiError } from '../../../lib/api-error';
import type { Behaviour, RowData } from '../../../resources/behaviour-types';

/**
 * The server rules of `faqs` (docs/sales-office.md §5, decision 283), for every row of a save or an import:
 * - the key is word characters, at most 60, not `index` (`/faq/{key}` must reach it): 422 `faq_key` on the key;
 * - `screen` lists page paths (`/orders/edit/:id`), separated by spaces or commas: 422 `faq_screen`;
 * - one article per key and language: the unique index `faqs_key_key` answers 409 `duplicate` on the key.
 * The body is stored as written: it is Markdown text, rendered and sanitised only in the browser.
 */
export const faqsBehaviour: Behaviour = {
  async prepareMany(_tx, { rows: written, rowError }) {
    const out: RowData[] = [];
    for (const [i, r] of written.entries()) {
      const merged = { ...r.before, ...r.values };
      if (typeof merged.key !== 'string' || !isFaqKey(merged.key)) {
        throw rowError(i, new ApiError(422, 'faq_key', {}, { key: { key: 'faq_key' } }));
      }
      if (merged.screen != null && (typeof merged.screen !== 'string' || !isScreenList(merged.screen))) {
        throw rowError(i, new ApiError(422, 'faq_screen', {}, { screen: { key: 'faq_screen' } }));
      }
      out.push(r.values);
    }
    return Promise.resolve(out);
  },
};
