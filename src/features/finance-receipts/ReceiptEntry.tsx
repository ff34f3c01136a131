import { Grid } from '@mantine/core';
import { useLocation, useParams } from 'react-router';
import { receipts } from '../../domain/resources/finance/receipts';
import { idFromPath } from '../../domain/menu/resource-paths';
import ResourceEdit from '../../resources/screens/ResourceEdit';
import { useResourceDetail } from '../../ui/data/use-resource';
import { AllocationPanel } from './AllocationPanel';

/**
 * A receipt (`/payments/edit/:id`, docs/finance.md "Receipts and allocations"): the generic form of the declaration
 * beside its allocation panel, so the accountant applies the money to the customer's bills where it was entered.
 */
export default function ReceiptEntry() {
  const params = useParams();
  const { pathname } = useLocation();
  const id = Number(params.id ?? idFromPath(pathname));
  const valid = Number.isInteger(id) && id > 0;
  // An allocation rewrites the receipt's `allocated` without a new version (it is the server's sum, decision 221): the
  // form starts again from the row when it changes, so it never shows the sum from before.
  const allocated = useResourceDetail(receipts, valid ? id : undefined).data?.row.allocated;
  return (
    <Grid gap={0}>
      <Grid.Col span={{ base: 12, lg: 6 }}><ResourceEdit key={String(allocated)} def={receipts} id={id} /></Grid.Col>
      <Grid.Col span={{ base: 12, lg: 6 }} p="md">{valid && <AllocationPanel id={id} />}</Grid.Col>
    </Grid>
  );
}
