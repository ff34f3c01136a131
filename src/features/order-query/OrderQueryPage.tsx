import { queryOrder } from '../../data/order-query-client';
import { PublicQueryPage } from '../../ui/public-query/PublicQueryPage';
import { OrderQueryResult } from './OrderQueryResult';

/**
 * /orders/query (public, no login, no shell): a customer types the order number and the check code printed on their
 * documents and sees each line's progress — cards waiting, running and done per work node and the finished quantity —
 * and nothing else (the server answers nothing more). The form, its rules and the address's question
 * (`?show_id=…&code=…`, the QR code a delivery note prints for each of its orders, docs/delivery.md "Delivery notes")
 * are the public query page's (src/ui/public-query/PublicQueryPage.tsx).
 */
export default function OrderQueryPage() {
  return (
    <PublicQueryPage prefix="order-query" strings="orderquery" size="sm" ask={queryOrder}>
      {order => <OrderQueryResult order={order} />}
    </PublicQueryPage>
  );
}
