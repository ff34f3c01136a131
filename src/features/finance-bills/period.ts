import { localDateString } from '../../domain/rules/date-single';

/** The month of `at` as a period (its first and last day), the accountant's usual unit of billing. */
export function monthOf(at: Date): { from: string; to: string } {
  return {
    from: localDateString(new Date(at.getFullYear(), at.getMonth(), 1)),
    to: localDateString(new Date(at.getFullYear(), at.getMonth() + 1, 0)),
  };
}
