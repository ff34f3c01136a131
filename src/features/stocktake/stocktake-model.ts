import type { Lang } from '../../domain/messages/catalog';
import { formatForReading, fromUnits, units } from '../../domain/rules/numbers';

/**
 * The stocktake handheld's rules (docs/stock.md "Stocktake"), React-free: what a scanned code is, the lines of a count
 * as the screen shows them (those the server holds, those still queued on the device, those it refused), and the
 * differences per place against the book.
 */

type Row = Record<string, unknown>;

export interface CopyItem { id: number; code: string; name: string; unit: string | null }
export interface CopyPosition { id: number; code: string; name: string }
export interface CopyCard { show_id: string; item_id: number | null }

/** What the handheld knows offline of the count's warehouse: its positions, the items and the open cards. */
export interface StocktakeCopy {
  /** Positions of the count's warehouse, by code. */
  positions: ReadonlyMap<string, CopyPosition>;
  /** Items by code. */
  items: ReadonlyMap<string, CopyItem>;
  itemsById: ReadonlyMap<number, CopyItem>;
  /** Cards of the offline copy (the unfinished ones) by number. */
  cards: ReadonlyMap<string, CopyCard>;
  /** Whether a code is shaped like a card number (config `card_no_pattern`): a finished card is not in the copy. */
  isCardNumber: (code: string) => boolean;
}

export type ScanMeaning =
  | { kind: 'position'; position: CopyPosition }
  | { kind: 'item'; item: CopyItem }
  /** A card: its item when the copy knows it; else the server finds it (`unverified`). */
  | { kind: 'card'; card: string; item: CopyItem | null; unverified: boolean }
  | { kind: 'unknown'; code: string };

/**
 * A scanned code, in this order: a position of the count's warehouse (the label on the rack), a card of the copy, an
 * item's code, a code shaped like a card number (a finished card, which the copy does not hold: the server checks
 * it), else unknown. Positions first: a storekeeper walks the racks, scanning a position and then what is on it.
 */
export function meaningOf(raw: string, copy: StocktakeCopy): ScanMeaning {
  const code = raw.trim();
  const position = copy.positions.get(code);
  if (position) return { kind: 'position', position };
  const card = copy.cards.get(code);
  if (card) return { kind: 'card', card: code, item: card.item_id == null ? null : copy.itemsById.get(card.item_id) ?? null, unverified: false };
  const item = copy.items.get(code);
  if (item) return { kind: 'item', item };
  if (code && copy.isCardNumber(code)) return { kind: 'card', card: code, item: null, unverified: true };
  return { kind: 'unknown', code };
}

/** A count line as the screen lists it. */
export interface CountLine {
  key: string;
  state: 'saved' | 'queued' | 'refused';
  item_id: number | null;
  card: string | null;
  position_id: number | null;
  lot: string;
  quantity: number;
  /** The book the server noted (saved lines only). */
  book: number | null;
  /** Why the server refused it (refused lines only). */
  reason?: string;
  /** When it was counted (ms since epoch), for queued and refused lines. */
  at?: number;
}

/** A queued or refused `count` fact as the screen needs it. */
export interface CountFact { id: string; at: string; args: Row; reason?: string }

const num = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : Number(v));

/**
 * The count's lines: those the server holds (in line order), then those queued on this device, then those the server
 * refused, each of this count only. A fact the server holds already while the device still queues it (its reply not
 * yet settled) is not there twice: the server's lines do not name facts, so a settled push removes it from the queue.
 */
export function countLines(docId: number, saved: readonly Row[], queued: readonly CountFact[], refused: readonly CountFact[]): CountLine[] {
  const ofDoc = (f: CountFact) => Number(f.args.doc_id) === docId;
  const fromFact = (state: 'queued' | 'refused') => (f: CountFact): CountLine => ({
    key: f.id, state, item_id: num(f.args.item_id), card: typeof f.args.card === 'string' ? f.args.card : null,
    position_id: num(f.args.position_id), lot: typeof f.args.card === 'string' ? f.args.card : String(f.args.lot ?? ''),
    quantity: Number(f.args.quantity ?? 0), book: null, at: Date.parse(f.at), ...(f.reason ? { reason: f.reason } : {}),
  });
  return [
    ...saved.map((l): CountLine => ({
      key: `line-${String(l.id)}`, state: 'saved', item_id: num(l.item_id), card: null, position_id: num(l.position_id),
      lot: String(l.lot ?? ''), quantity: Number(l.quantity ?? 0), book: num(l.book_quantity),
    })),
    ...queued.filter(ofDoc).map(fromFact('queued')),
    ...refused.filter(ofDoc).map(fromFact('refused')),
  ];
}

/** One place's count against its book. */
export interface PlaceDifference {
  key: string;
  item_id: number | null;
  /** The card's number when the lot is a card the handheld scanned and the server has not yet resolved to its item. */
  card: string | null;
  position_id: number | null;
  lot: string;
  counted: number;
  book: number;
  difference: number;
  /** Lines of it still queued on the device: its book is the live balance until the server notes it. */
  queued: number;
  /** A place the book holds stock at that nobody counted (posting leaves it as it is). */
  uncounted: boolean;
}

/** A place of the book: the on-hand of the count's warehouse (`stocklots`). */
export interface BookPlace { item_id: number; position_id: number | null; status_id?: number | null; lot: string; quantity: number }

const placeOf = (p: { item_id: number | null; card: string | null; position_id: number | null; lot: string }) =>
  `${p.item_id ?? `card:${p.card ?? ''}`}:${p.position_id ?? ''}:${p.lot}`;

/**
 * The differences per place (item, position, lot) as posting will make them (src/domain/rules/stock.ts,
 * `countedPlaces`): what was counted there summed, against the book the place's last saved line noted, or — while its
 * lines are only queued — the live balance. Places of the book nobody counted are listed after, as not counted.
 * Refused lines count for nothing. Sums in 4-decimal units, so 0.1 + 0.2 is 0.3.
 */
export function differences(lines: readonly CountLine[], book: readonly BookPlace[]): PlaceDifference[] {
  const live = new Map<string, number>();
  for (const b of book) {
    const k = placeOf({ item_id: b.item_id, card: null, position_id: b.position_id, lot: b.lot });
    live.set(k, (live.get(k) ?? 0) + units(b.quantity));
  }
  const places = new Map<string, { line: CountLine; counted: number; book: number | null; queued: number }>();
  for (const l of lines) {
    if (l.state === 'refused') continue;
    const k = placeOf(l);
    const p = places.get(k) ?? { line: l, counted: 0, book: null, queued: 0 };
    p.counted += units(l.quantity);
    if (l.state === 'saved' && l.book !== null) p.book = units(l.book);
    if (l.state === 'queued') p.queued += 1;
    places.set(k, p);
  }
  const out: PlaceDifference[] = [];
  for (const [key, p] of places) {
    const bookUnits = p.book ?? live.get(key) ?? 0;
    out.push({
      key, item_id: p.line.item_id, card: p.line.item_id === null ? p.line.card : null, position_id: p.line.position_id, lot: p.line.lot,
      counted: fromUnits(p.counted), book: fromUnits(bookUnits), difference: fromUnits(p.counted - bookUnits), queued: p.queued, uncounted: false,
    });
  }
  for (const b of book) {
    const key = placeOf({ item_id: b.item_id, card: null, position_id: b.position_id, lot: b.lot });
    if (places.has(key) || units(b.quantity) === 0 || out.some(o => o.key === key)) continue;
    out.push({
      key, item_id: b.item_id, card: null, position_id: b.position_id, lot: b.lot, counted: 0, book: b.quantity, difference: 0, queued: 0,
      uncounted: true,
    });
  }
  return out;
}

/** A quantity as the handheld shows it: up to 4 decimals, grouped as the language does. */
export const shownQuantity = (n: number, lang: Lang): string => formatForReading(n, lang, 4);
