import { Badge, Code, Stack, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { safeConfigs } from '../../data/shell-client';
import { useSession } from '../../ui/stores';

/** `/test` (public): tells an operator setting up a kiosk whether this device reaches its server. */
export default function TestPage() {
  const { t } = useTranslation();
  const baseURL = useSession(s => s.baseURL);
  const [ok, setOk] = useState<boolean | null>(null);
  useEffect(() => {
    const ctrl = new AbortController();
    safeConfigs(['software_name'], { signal: ctrl.signal }).then(() => setOk(true)).catch(() => setOk(false));
    return () => ctrl.abort();
  }, [baseURL]);
  return (
    <Stack p="xl" align="flex-start">
      <Title order={3}>{t('pages.test_title')}</Title>
      <Code>{t('pages.test_server')}: {baseURL || window.location.origin}</Code>
      {ok === null ? <Badge color="gray">{t('pages.loading')}</Badge>
        : <Badge color={ok ? 'green' : 'red'} data-testid="test-result">{ok ? t('pages.test_ok') : t('pages.test_fail')}</Badge>}
    </Stack>
  );
}
