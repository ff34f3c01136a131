import { Stack } from '@mantine/core';
import { bills } from '../../domain/resources/finance/bills';
import ResourceList from '../../resources/list/ResourceList';
import { BillPrint } from './BillPrint';

/**
 * `/payments/bills` (账单, docs/finance.md "Bills"): the generic list of bills (its declared columns), a bill opening at
 * `/bills/edit/:id`, with the bills ticked printed together — the month's statements of every customer at once.
 */
export default function BillsList() {
  return (
    <Stack gap={0} data-testid="bills-list">
      <ResourceList def={bills} toolbar={selected => <BillPrint ids={selected.filter(r => !r.canceled).map(r => r.id)} />} />
    </Stack>
  );
}
