import { Alert, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { HelpFound } from '../../domain/rules/help';
import { MarkdownView } from '../markdown/MarkdownView';

/**
 * One help article: its title, a notice when it is shown in another language than the reader's (decision 284: the
 * reader's, else Chinese, else any), and its body rendered (MarkdownView).
 */
export function ArticleView({ found, lang }: { found: HelpFound; lang: string }) {
  const { t } = useTranslation();
  const { article, fallback } = found;
  return (
    <Stack gap="sm" data-testid="faq-article" data-key={article.key} data-lang={article.language}>
      <Title order={3} data-testid="faq-title">{article.title}</Title>
      {fallback && (
        <Alert color="yellow" py={6} data-testid="faq-fallback">
          {t('help.fallback', { wanted: t(`help.lang.${lang}`), shown: t(`help.lang.${article.language}`, { defaultValue: article.language }) })}
        </Alert>
      )}
      <MarkdownView source={article.body ?? ''} testId="faq-body" />
    </Stack>
  );
}
