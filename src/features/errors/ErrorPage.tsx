import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The 404 and 401 pages (spec §2): what happened, and the way back to the console. */
export default function ErrorPage({ kind }: { kind: '404' | '401' }) {
  const { t } = useTranslation();
  const title = kind === '404' ? t('pages.not_found') : t('pages.unauthorized');
  const body = kind === '404' ? t('pages.not_found_body') : t('pages.unauthorized_body');
  return (
    <Center mih="60vh">
      <Stack align="center" gap="sm" data-testid={`page-${kind}`}>
        <Title order={1} c="dimmed">{kind}</Title>
        <Title order={3}>{title}</Title>
        <Text c="dimmed" maw={420} ta="center">{body}</Text>
        <Button component={Link} to="/dashboard">{t('pages.back_home')}</Button>
      </Stack>
    </Center>
  );
}
