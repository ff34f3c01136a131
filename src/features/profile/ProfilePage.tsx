import { Avatar, Button, Group, Paper, PasswordInput, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { changePassword as sendPassword } from '../../data/shell-client';
import { useSaveGuard } from '../../ui/use-save-guard';
import { useSession } from '../../ui/stores';
import { LANGS, setLanguage, type Lang } from '../../i18n';

const LANG_NAMES: Record<Lang, string> = { zh: '中文', en: 'English', es: 'Español', ja: '日本語' };

/** `/accounts/profile` (personal centre): who I am, my language, and my password. */
export default function ProfilePage() {
  const { t, i18n } = useTranslation();
  const s = useSession();
  const [oldPw, setOldPw] = useState('');
  const [newPw, setNewPw] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { run, busy } = useSaveGuard();

  const changePassword = (e: FormEvent) => {
    e.preventDefault();
    if (newPw !== confirm) { setErrors({ confirm: t('pages.passwords_differ') }); return; }
    setErrors({});
    void run(async () => {
      try {
        await sendPassword(oldPw, newPw);
        setOldPw(''); setNewPw(''); setConfirm('');
      } catch (err) {
        const fe = (err as { errors?: Record<string, string> }).errors;
        if (fe) setErrors({ old: fe.oldpassword ?? '', new: fe.password ?? '' });
      }
    });
  };

  return (
    <Stack p="md" maw={560} data-testid="profile-page">
      <Title order={3}>{t('pages.profile')}</Title>
      <Paper withBorder p="md">
        <Group>
          <Avatar src={s.avatar || undefined} size="lg">{s.name.slice(0, 1)}</Avatar>
          <Stack gap={2}>
            <Text fw={600}>{s.name}</Text>
            <Text size="sm" c="dimmed">{t('pages.profile_username')}: {s.username}</Text>
            <Text size="sm" c="dimmed">{t('pages.profile_roles')}: {(s.roles ?? []).join(', ')}</Text>
          </Stack>
        </Group>
        {s.introduction && <Text mt="sm" size="sm">{s.introduction}</Text>}
      </Paper>
      <Paper withBorder p="md">
        <Text fw={600} mb="xs">{t('pages.profile_language')}</Text>
        <SegmentedControl value={i18n.language} onChange={v => void setLanguage(v as Lang)}
          data={LANGS.map(l => ({ value: l, label: LANG_NAMES[l] }))} />
      </Paper>
      <Paper withBorder p="md" component="form" onSubmit={changePassword}>
        <Stack>
          <Text fw={600}>{t('pages.change_password')}</Text>
          <PasswordInput label={t('pages.old_password')} value={oldPw} onChange={e => setOldPw(e.currentTarget.value)}
            error={errors.old || undefined} autoComplete="current-password" required />
          <PasswordInput label={t('pages.new_password')} value={newPw} onChange={e => setNewPw(e.currentTarget.value)}
            error={errors.new || undefined} autoComplete="new-password" required minLength={6} />
          <PasswordInput label={t('pages.confirm_password')} value={confirm} onChange={e => setConfirm(e.currentTarget.value)}
            error={errors.confirm || undefined} autoComplete="new-password" required />
          <Group><Button type="submit" loading={busy}>{t('pages.save')}</Button></Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
