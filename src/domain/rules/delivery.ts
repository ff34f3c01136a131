/**
 * The rules of finished goods, packing and delivery that both sides share (docs/delivery.md).
 *
 * A package (`packages`: a carton bundle, a pallet) holds lots of stock: the goods packed in it are stock at a place
 * whose package is that package (src/domain/rules/stock.ts `placeKey`), so it moves, is checked out and delivered as
 * a unit. It is open while it is being packed, closed when its label is printed and it is sealed, shipped when a
 * delivery took everything in it.
 */
export const PACKAGE_KINDS = ['bundle', 'carton', 'pallet'] as const;
export const PACKAGE_STAGES = ['semi', 'finished'] as const;
export const PACKAGE_STATUSES = ['open', 'closed', 'shipped'] as const;
export type PackageStatus = (typeof PACKAGE_STATUSES)[number];

/**
 * A delivery request (发货申请) from sales: requested, then accepted (a draft delivery made of it; what was not accepted
 * stays requested as a request split from it) or refused (with the shipping office's reply).
 */
export const REQUEST_STATUSES = ['requested', 'accepted', 'refused'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/**
 * A delivery (送货单): draft while it is picked (its lines name the lots or packages that go), shipped when its
 * check-out is posted (the goods leave the store, the order lines' delivered quantities follow), signed when the
 * customer signed for it on the driver's phone. Cancelled by the document's `canceled` flag: a draft freely, a shipped
 * delivery by reversing its check-out, a signed one never.
 */
export const DELIVERY_STATUSES = ['draft', 'shipped', 'signed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
