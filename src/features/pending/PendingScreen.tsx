import { Alert, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A menu entry whose screen a later step of the roadmap builds (DESIGN §12). It says so plainly instead of showing
 * an empty or fake screen, and names the page so a user can report what they were looking for.
 */
export default function PendingScreen({ title, path }: { title: string; path: string }) {
  const { t } = useTranslation();
  return (
    <Stack p="md" data-testid="pending-screen">
      <Title order={3}>{title}</Title>
      <Alert color="gray" title={t('pages.pending_title')}>
        <Text size="sm">{t('pages.pending_body')}</Text>
        <Text size="xs" c="dimmed">{path}</Text>
      </Alert>
    </Stack>
  );
}
