import type { Lang } from '../../domain/messages/langs';
import { formatForReading } from '../../domain/rules/numbers';

/**
 * Pay as people read it on a report or a slip: always 2 decimals (the server has rounded the sums, DESIGN §8),
 * thousands grouped in the reader's language.
 */
export function formatPay(x: number | null | undefined, lang: Lang): string {
  return formatForReading(x, lang, 2, 2);
}

/** A rate at its stored 4 decimals, without trailing zeros (0.0125, 0.02). */
export function formatRate(x: number | null | undefined, lang: Lang): string {
  return formatForReading(x, lang, 4);
}
