/**
 * The dynamic property columns of an order line (spec §9), in the spec's order. The first four are the line's own
 * fields; the others live in the line's `props` under these keys (numbers, 4 decimals at most). Screens show them in
 * this order and the order entry grid offers them as columns; the server accepts no other key in `props` than these
 * (plus free keys a customer item may add later, see `isPropertyKey`).
 */
export const PROPERTY_COLUMNS = [
  { key: 'quantity', own: true },
  { key: 'unit', own: true },
  { key: 'quantity2', own: true },
  { key: 'unit2', own: true },
  { key: 'card_weight', own: false },
  { key: 'effective_card_weight', own: false },
  { key: 'metres', own: false },
  { key: 'effective_metres', own: false },
  { key: 'kilograms', own: false },
  { key: 'effective_kilograms', own: false },
  { key: 'finished_count', own: false },
  { key: 'effective_finished_count', own: false },
] as const;

export type PropertyKey = (typeof PROPERTY_COLUMNS)[number]['key'];
/** The keys kept in `props` (not the line's own fields). */
export const PROPS_KEYS = PROPERTY_COLUMNS.filter(c => !c.own).map(c => c.key);
export type PropsKey = (typeof PROPS_KEYS)[number];

export function isPropsKey(k: string): k is PropsKey {
  return (PROPS_KEYS as readonly string[]).includes(k);
}

/**
 * The line's quantity in its secondary or third unit from the item's conversion rate (main units per secondary
 * unit): quantity2 = quantity / rate2, rounded to 4 decimals. No rate (or 0): no conversion (undefined).
 */
export function convertQuantity(quantity: number, rate: number | null | undefined): number | undefined {
  if (!rate || !Number.isFinite(rate) || rate <= 0 || !Number.isFinite(quantity)) return undefined;
  return Math.round((quantity / rate) * 10_000) / 10_000;
}
