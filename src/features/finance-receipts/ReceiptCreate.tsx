import { Card, Grid, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { editPathOf } from '../../domain/menu/resource-paths';
import { receipts } from '../../domain/resources/finance/receipts';
import ResourceCreate from '../../resources/screens/ResourceCreate';

/**
 * A new receipt (`/payments/create`): the generic form of the declaration; once saved it opens at its edit page, where
 * its allocation panel applies it to the customer's bills (the server allocates a stored receipt, decision 228).
 */
export default function ReceiptCreate() {
  const { t } = useTranslation();
  return (
    <Grid gap={0}>
      <Grid.Col span={{ base: 12, lg: 6 }}>
        <ResourceCreate def={receipts} next={id => editPathOf(receipts, id) ?? `/payments/edit/${id}`} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 6 }} p="md">
        <Card withBorder p="md">
          <Title order={5}>{t('receipts.panel')}</Title>
          <Text size="sm" c="dimmed">{t('receipts.after_save')}</Text>
        </Card>
      </Grid.Col>
    </Grid>
  );
}
