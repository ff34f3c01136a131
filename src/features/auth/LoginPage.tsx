import { Box, Button, Center, Image, Paper, PasswordInput, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { loginBrandingOf, type LoginBranding } from '../../domain/contract/login-branding';
import { homeOf, loginBranding, loginWithPassword, serverList } from '../../data/shell-client';
import { useSaveGuard } from '../../ui/use-save-guard';
import { useConfig } from '../../ui/stores';
import { useSession } from '../../ui/stores';
import { LanguageMenu } from '../../ui/LanguageMenu';
import { serverOptions as optionsOf, type ServerEntry } from './server-options';

/**
 * The login page (spec §2, §4, §7): username, password and the server to use (servers.json). The terminal number
 * (optional) makes it a device login (docs/shopfloor.md "Kiosk identity"): a kiosk or tablet logs in as its computer,
 * whose code every fact it queues carries. It is prefilled from `client` in the URL (set by the local helper), else
 * from the one remembered (TERMINAL_KEY, or the helper's `client`); sent as `computer`, which the server requires to
 * exist (its refusal shows on the field), and remembered when used. Left empty, the login is an ordinary one.
 *
 * Above the form, what 系统参数 configures for it (issue 15): logo, product name, company name and the banner on its
 * background, read before login from the public branding call. Until it answers (or when it cannot: offline, an
 * older server) the public configs the shell loaded stand in, through the same filter; an unset product name is the
 * product's own, an unset company name the one of the last login.
 */
/**
 * Where the terminal number is remembered. Not the local helper's `client` key: a remembered `client` tells the shell a
 * local helper launched the app and is worth connecting to (decision 83), which a tablet without one is not. The
 * helper's kiosk name prefills the field when there is one.
 */
const TERMINAL_KEY = 'ipos.terminal';

function rememberedTerminal(search: string): string {
  try {
    return new URLSearchParams(search).get('client') ?? localStorage.getItem(TERMINAL_KEY) ?? localStorage.getItem('client') ?? '';
  } catch {
    return '';
  }
}

export default function LoginPage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const session = useSession();
  const configs = useConfig(s => s.values);
  const [branding, setBranding] = useState<LoginBranding | null>(null);
  const [username, setUsername] = useState(session.username);
  const [password, setPassword] = useState('');
  const [terminal, setTerminal] = useState(() => rememberedTerminal(search));
  const [enrol, setEnrol] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [servers, setServers] = useState<ServerEntry[]>([]);
  const { run, busy } = useSaveGuard();

  useEffect(() => {
    const ctrl = new AbortController();
    serverList({ signal: ctrl.signal }).then(setServers).catch(() => setServers([]));
    return () => ctrl.abort();
  }, []);

  // The branding of the server the form logs in to: asked again when the user picks another server.
  useEffect(() => {
    const ctrl = new AbortController();
    loginBranding({ signal: ctrl.signal }).then(setBranding).catch(() => setBranding(null));
    return () => ctrl.abort();
  }, [session.baseURL]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const missing: Record<string, string> = {};
    if (!username.trim()) missing.username = t('login.required');
    if (!password) missing.password = t('login.required');
    setErrors(missing);
    if (Object.keys(missing).length) return;
    void run(async () => {
      try {
        const code = terminal.trim() || undefined;
        const r = await loginWithPassword(username.trim(), password, { terminal: code, enrol: enrol.trim() || undefined });
        if (code) localStorage.setItem(TERMINAL_KEY, code); else localStorage.removeItem(TERMINAL_KEY);
        // The login route sees the new session and moves on to the `redirect` target (router.tsx).
        useSession.getState().loggedIn({
          token: r.data.token, sessionid: r.sessionid, name: r.name, site_name: r.site_name, username: username.trim(), home: homeOf(r),
        });
      } catch (err) {
        const fieldErrors = (err as { errors?: Record<string, string> }).errors;
        if (fieldErrors) setErrors(fieldErrors);
      }
    });
  };

  const brand = branding ?? loginBrandingOf(configs);
  const company = brand.site_name || session.siteName;

  const serverOptions = optionsOf(servers, session.baseURL,
    { local: t('login.server_local'), test: name => t('login.server_test', { name }) });

  return (
    <Center mih="100vh" bg="var(--ipos-page-bg)">
      <Paper withBorder shadow="sm" p="xl" w={360} component="form" onSubmit={submit} data-testid="login-form">
        <Stack>
          {brand.logo && (
            <Center><Image src={brand.logo} alt={t('login.logo_alt')} h={64} w="auto" fit="contain" data-testid="login-logo" /></Center>
          )}
          <Title order={1} size="h3" ta="center" data-testid="login-product">{brand.software_name || t('login.product_name')}</Title>
          {company && <Text c="dimmed" ta="center" size="sm" data-testid="login-company">{company}</Text>}
          {brand.banner && (
            <Box data-testid="login-banner" p="xs" ta="center" c="white" fz="sm" style={{ borderRadius: 'var(--mantine-radius-sm)',
              background: brand.banner_background || 'var(--mantine-primary-color-filled)' }}>
              {brand.banner}
            </Box>
          )}
          <TextInput label={t('login.username')} name="username" autoComplete="username" value={username}
            onChange={e => setUsername(e.currentTarget.value)} error={errors.username} autoFocus size="md" />
          <PasswordInput label={t('login.password')} name="password" autoComplete="current-password" value={password}
            onChange={e => setPassword(e.currentTarget.value)} error={errors.password} size="md" />
          <TextInput label={t('login.terminal')} description={t('login.terminal_hint')} name="client" autoComplete="off"
            value={terminal} onChange={e => setTerminal(e.currentTarget.value)} maxLength={64} size="md" data-testid="login-terminal"
            error={errors.computer ?? errors.client} />
          {terminal.trim() !== '' && (
            <TextInput label={t('login.enrol')} description={t('login.enrol_hint')} name="enrol" autoComplete="one-time-code"
              value={enrol} onChange={e => setEnrol(e.currentTarget.value)} maxLength={20} size="md" data-testid="login-enrol"
              error={errors.enrol} />
          )}
          {serverOptions.length > 1 && (
            <Select label={t('login.server')} data={serverOptions} value={session.baseURL}
              onChange={v => useSession.getState().setBaseURL(v ?? '')} allowDeselect={false} />
          )}
          <Button type="submit" loading={busy} size="md" data-testid="login-submit">{t('login.submit')}</Button>
          <Center><LanguageMenu /></Center>
        </Stack>
      </Paper>
    </Center>
  );
}
