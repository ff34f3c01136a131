import { Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { faqs } from '../../domain/resources/help/faqs';
import type { FormValues } from '../../resources/form/form-values';
import ResourceCreate from '../../resources/screens/ResourceCreate';
import ResourceEdit from '../../resources/screens/ResourceEdit';
import { MarkdownView } from '../../ui/markdown/MarkdownView';

/**
 * The editor of a help article (`/faqs/edit/:id`, `/faqs/create`): the generic form with the body rendered below as
 * the reader will see it (the same renderer and allow-list as `/faq/{key}`), updated as it is typed.
 */
function Preview({ values }: { values: FormValues }) {
  const { t } = useTranslation();
  const body = typeof values.body === 'string' ? values.body : '';
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>{t('help.preview')}</Text>
      <Paper withBorder p="md" data-testid="faq-preview">
        {body.trim() === '' ? <Text c="dimmed" size="sm">{t('help.preview_empty')}</Text> : <MarkdownView source={body} />}
      </Paper>
    </Stack>
  );
}

/** The editor's preview of the body being typed (ResourceForm `preview`). */
export const faqPreview = (values: FormValues) => <Preview values={values} />;

export function FaqEdit() {
  return <ResourceEdit def={faqs} preview={faqPreview} />;
}

export function FaqCreate() {
  return <ResourceCreate def={faqs} preview={faqPreview} />;
}
