import { Button, FileButton, Group, Image, Stack, TextInput } from '@mantine/core';
import { IconUpload, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAbort, isApiError } from '../../../data/errors';
import { fileSrc, uploadFile } from '../../../data/files-client';
import { useSession } from '../../../ui/stores';
import type { TextField } from '../../../domain/registry/fields';
import type { ControlProps } from './control-props';

/** Where an image URL points: a server path (`/files/?…`) lives on the server the user is signed in to. */
export function imageSrc(baseURL: string, url: string): string {
  return fileSrc(url, baseURL);
}

/**
 * An image held as the URL of an uploaded file: upload (`POST /files/upload/` with one `file`, which answers the
 * `url`), or type a URL; a preview shows what the URL holds.
 */
export function ImageControl(p: ControlProps<string, TextField>) {
  const { t } = useTranslation();
  const baseURL = useSession(s => s.baseURL);
  const [uploading, setUploading] = useState(false);

  const upload = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    try {
      p.onChange((await uploadFile(file)).url);
    } catch (e) {
      // The request layer has already shown why the upload failed.
      if (!isApiError(e) && !isAbort(e)) throw e;
    } finally {
      setUploading(false);
    }
  };

  return (
    <Stack gap={6}>
      <TextInput label={p.label} withAsterisk={p.required} error={p.error} disabled={p.disabled} value={p.value}
        onChange={e => p.onChange(e.currentTarget.value)} maxLength={p.field.max} data-testid={p.testId} />
      <Group gap="xs" align="flex-start">
        {p.value && (
          <Image src={imageSrc(baseURL, p.value)} alt={t('forms.image_alt')} w={96} h={96} fit="contain"
            radius="sm" bd="1px solid var(--mantine-color-default-border)" data-testid={`${p.testId}-preview`} />
        )}
        <FileButton onChange={f => void upload(f)} accept="image/*" disabled={p.disabled || uploading}>
          {props => (
            <Button {...props} variant="light" size="xs" leftSection={<IconUpload size={14} />} loading={uploading}
              data-testid={`${p.testId}-upload`}>
              {t('forms.image_upload')}
            </Button>
          )}
        </FileButton>
        {p.value && (
          <Button variant="subtle" size="xs" color="gray" leftSection={<IconX size={14} />} disabled={p.disabled}
            onClick={() => p.onChange('')}>
            {t('forms.image_clear')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
