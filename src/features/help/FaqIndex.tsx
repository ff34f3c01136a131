import { Alert, Anchor, Center, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { helpIndex, screensOf } from '../../domain/rules/help';
import { catalogLang } from '../../resources/form/prepare-save';
import { useHelpArticles } from '../../ui/help/use-help-articles';
import { HelpOffline } from './FaqPage';

/**
 * `/faq/index`: every active article once, in the reader's language where written (else as `/faq/{key}` picks), with
 * the screens it helps with; each opens its page.
 */
export default function FaqIndex() {
  const { t, i18n } = useTranslation();
  const lang = catalogLang(i18n.language);
  const articles = useHelpArticles();
  const index = useMemo(() => (articles.data ? helpIndex(lang, articles.data.rows) : []), [lang, articles.data]);
  return (
    <Stack p="md" gap="md" maw={900} data-testid="faq-index">
      <Title order={3}>{t('help.index_title')}</Title>
      <HelpOffline asOf={articles.data?.asOf ?? null} />
      {articles.isPending && <Center py="xl"><Loader /></Center>}
      {articles.isError && <Alert color="red">{t('help.load_failed')}</Alert>}
      {articles.data && index.length === 0 && <Text c="dimmed">{t('help.index_empty')}</Text>}
      {index.length > 0 && (
        <Table striped>
          <Table.Tbody>
            {index.map(({ article, fallback }) => (
              <Table.Tr key={article.key} data-testid="faq-index-row" data-key={article.key}>
                <Table.Td>
                  <Anchor component={Link} to={`/faq/${article.key}`}>{article.title}</Anchor>
                  {fallback && <Text span size="xs" c="dimmed"> ({t(`help.lang.${article.language}`, { defaultValue: article.language })})</Text>}
                </Table.Td>
                <Table.Td><Text size="xs" c="dimmed">{screensOf(article.screen).join(' ')}</Text></Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
