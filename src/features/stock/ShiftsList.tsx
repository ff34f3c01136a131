import { Button, Group, Stack } from '@mantine/core';
import { IconFilePlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { RecentDocs } from './RecentDocs';

/** `/shifts/detail`: the transfer documents, newest first, each opened at /shifts/edit/:id (docs/stock.md "Screens"). */
export default function ShiftsList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Stack p="md" gap="sm" data-testid="shifts-list">
      <Group>
        <Button size="xs" leftSection={<IconFilePlus size={16} />} onClick={() => void navigate('/shifts/create')}>{t('stockentry.new_transfer')}</Button>
      </Group>
      <RecentDocs kind="transfer" title={t('stockentry.transfers')} onOpen={id => void navigate(`/shifts/edit/${id}`)} />
    </Stack>
  );
}
