import { financeClient } from '../../data/finance-client';
import { PublicQueryPage } from '../../ui/public-query/PublicQueryPage';
import { BillQueryResult } from './BillQueryResult';

/**
 * /bills/query (public, no login, no shell; docs/finance.md "Print and export"): the customer types the bill number
 * and the check code printed on the bill — or opens the address of its QR code, which fills both and asks at once —
 * and sees the bill's period, date, status, lines and totals, the total in Chinese capitals, received and the balance.
 * The form and its rules are the public query page's (src/ui/public-query/PublicQueryPage.tsx), as the order query's.
 */
export default function BillQueryPage() {
  return (
    <PublicQueryPage prefix="bill-query" strings="bills.query" size="md" ask={(q, o) => financeClient.query(q, o)}>
      {bill => <BillQueryResult bill={bill} />}
    </PublicQueryPage>
  );
}
