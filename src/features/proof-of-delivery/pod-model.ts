import { placeOk, signArgsSchema, type SignArgs } from '../../domain/contract/facts';

/**
 * The driver's phone's rules (docs/delivery.md "Proof of delivery"), React-free: where a delivery stands as the phone
 * sees it, the place of a position, and the receipt a filled form makes.
 */
type Row = Record<string, unknown>;

/** A receipt the phone knows of (src/data/proof-of-delivery-client.ts `Receipt`). */
export interface KnownReceipt { id: string; at: string; delivery_id: number; signer: string; reason?: string }

/**
 * Where a delivery stands on this phone:
 * - `queued`: its receipt is taken and waits in the outbox for the network;
 * - `refused`: the server refused its receipt (the reason says why; a supervisor settles the dead letter);
 * - `signed`: the server has it signed;
 * - `sent`: its receipt left this phone and the server took it, though the list read before says shipped still;
 * - `waiting`: shipped, to be signed for.
 * A receipt still queued wins over what the server said before it; one the server refused shows until the server has
 * the delivery signed otherwise.
 */
export type PodState = 'waiting' | 'queued' | 'sent' | 'refused' | 'signed';

export interface Receipts { queued: readonly KnownReceipt[]; refused: readonly KnownReceipt[]; taken: readonly KnownReceipt[] }

export function podState(delivery: Row, r: Receipts): { state: PodState; receipt?: KnownReceipt } {
  const id = Number(delivery.id);
  const latest = (list: readonly KnownReceipt[]) => list.filter(x => x.delivery_id === id).sort((a, b) => b.at.localeCompare(a.at))[0];
  const queued = latest(r.queued);
  if (queued) return { state: 'queued', receipt: queued };
  if (delivery.status === 'signed') return { state: 'signed' };
  const refused = latest(r.refused);
  if (refused) return { state: 'refused', receipt: refused };
  const taken = latest(r.taken);
  if (taken) return { state: 'sent', receipt: taken };
  return { state: 'waiting' };
}

/** A position as a receipt's place, `lat,lng` to 6 decimals (about 10 cm), or null when it is not one. */
export function placeOf(coords: { latitude: number; longitude: number } | null | undefined): string | null {
  if (!coords || !Number.isFinite(coords.latitude) || !Number.isFinite(coords.longitude)) return null;
  const place = `${Number(coords.latitude.toFixed(6))},${Number(coords.longitude.toFixed(6))}`;
  return placeOk(place) ? place : null;
}

/** The lines of a delivery, in line order. */
export function linesOf(deliveryId: number, lines: readonly Row[]): Row[] {
  return lines.filter(l => Number(l.delivery_id) === deliveryId).sort((a, b) => Number(a.line_no ?? 0) - Number(b.line_no ?? 0));
}

export interface ReceiptForm {
  deliveryId: number;
  signer: string;
  /** The signature as a PNG data URL; null while the pad is empty. */
  signature: string | null;
  photo: string | null;
  place: string | null;
  personId: number | null;
}

export type ReceiptProblem = 'signer' | 'signature';

/** What the form still lacks before it is a receipt: the signer's name and the signature. */
export function receiptProblems(f: ReceiptForm): ReceiptProblem[] {
  const out: ReceiptProblem[] = [];
  if (!f.signer.trim()) out.push('signer');
  if (!f.signature) out.push('signature');
  return out;
}

/** The `sign` fact's arguments of a complete form (checked with the contract, as the outbox will check them). */
export function receiptArgs(f: ReceiptForm): SignArgs {
  return signArgsSchema.parse({
    delivery_id: f.deliveryId, signer: f.signer.trim(), signature: f.signature,
    ...(f.photo ? { photo: f.photo } : {}), ...(f.place ? { place: f.place } : {}), ...(f.personId ? { person_id: f.personId } : {}),
  });
}
