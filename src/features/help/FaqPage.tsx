import { Alert, Anchor, Center, Loader, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { localDateTimeString } from '../../domain/rules/date-single';
import { articleFor } from '../../domain/rules/help';
import { catalogLang } from '../../resources/form/prepare-save';
import { useReachable } from '../../ui/data/use-resource';
import { ArticleView } from '../../ui/help/ArticleView';
import { useHelpArticles } from '../../ui/help/use-help-articles';

/**
 * `/faq/{key}` (spec §2; docs/sales-office.md §5): the active article of that key in the reader's language, else
 * Chinese, else any written, saying which (decision 284). Read from the offline copy like the help button, so it
 * opens on a tablet with no network.
 */
export default function FaqPage() {
  const { t, i18n } = useTranslation();
  const lang = catalogLang(i18n.language);
  // The shell routes menu pages itself (MenuRoute), so there is no route parameter: the key is the path's last part.
  const key = decodeURIComponent(useLocation().pathname.replace(/\/+$/, '').split('/').pop() ?? '');
  const articles = useHelpArticles();
  const found = useMemo(() => (articles.data ? articleFor(key, lang, articles.data.rows) : null), [key, lang, articles.data]);
  return (
    <Stack p="md" gap="md" maw={900} data-testid="faq-page">
      <HelpOffline asOf={articles.data?.asOf ?? null} />
      {articles.isPending && <Center py="xl"><Loader /></Center>}
      {articles.isError && <Alert color="red">{t('help.load_failed')}</Alert>}
      {articles.data && !found && <Alert color="gray" data-testid="faq-not-found">{t('help.not_found', { key })}</Alert>}
      {found && <ArticleView found={found} lang={lang} />}
      <Anchor component={Link} to="/faq/index" size="sm" data-testid="faq-index-link">{t('help.index_link')}</Anchor>
    </Stack>
  );
}

/** Says the articles shown are the device's copy while the server is out of reach. */
export function HelpOffline({ asOf }: { asOf: number | null }) {
  const { t } = useTranslation();
  const reachable = useReachable();
  if (reachable || asOf === null) return null;
  return <Text size="sm" c="dimmed" data-testid="faq-offline">{t('help.offline', { time: localDateTimeString(new Date(asOf)) })}</Text>;
}
