import { Stack } from '@mantine/core';
import { banks } from '../../domain/resources/finance/banks';
import { payouts } from '../../domain/resources/finance/payouts';
import { receipts } from '../../domain/resources/finance/receipts';
import ResourceList from '../../resources/list/ResourceList';
import { useCan } from '../../ui/data/use-permissions';
import { BankBalances } from './BankBalances';

/**
 * `/banks/list`: the bank accounts' generic list, under their balances for a role that may see the receipts' and
 * payouts' amounts (decision 66: the roles that may edit them).
 */
export default function BanksScreen() {
  const seesReceipts = useCan(receipts, 'edit');
  const seesPayouts = useCan(payouts, 'edit');
  const mayTotal = seesReceipts && seesPayouts;
  return (
    <Stack gap={0}>
      {mayTotal && <Stack p="md" pb={0}><BankBalances /></Stack>}
      <ResourceList def={banks} />
    </Stack>
  );
}
