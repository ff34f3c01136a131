import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { isAbort } from '../../data/errors';
import { useSession } from '../../ui/stores';
import { bootstrapSession, unreachable } from './bootstrap';
import { loginRedirect } from '../../domain/menu/route-rules';
import { ERROR_MS } from '../../data/envelope';
import { getNotifier } from '../../data/notifier';

/**
 * Guards every page but the public ones: no token → /login?redirect=<path>; a token without user info → the first
 * navigation's bootstrap; a bootstrap the server refused → token reset, the message, and the login page (spec §4).
 * A server out of reach is not a refusal: without an offline profile the page offers to try again and the login
 * stays (a page left while its start-up requests were in flight fails the same way, and must not log out).
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const token = useSession(s => s.token);
  // Ready with a session and the user's info, or with the offline profile when the server was out of reach.
  const ready = useSession(s => s.roles !== null && (s.sessionid !== null || s.offline));
  const offline = useSession(s => s.offline);
  const location = useLocation();
  const navigate = useNavigate();
  const here = location.pathname + location.search;
  const { t } = useTranslation();
  // Counts the attempts to start; bumped by "try again" after the server could not be reached.
  const [attempt, setAttempt] = useState(0);
  const [outOfReach, setOutOfReach] = useState(false);

  useEffect(() => {
    if (!token || ready) return;
    const ctrl = new AbortController();
    bootstrapSession(ctrl.signal).catch((err: unknown) => {
      if (isAbort(err) || ctrl.signal.aborted) return;
      if (unreachable(err)) { setOutOfReach(true); return; }
      useSession.getState().reset();
      const msg = err instanceof Error ? err.message : String(err);
      if (msg) getNotifier().error(msg, ERROR_MS);
      navigate(loginRedirect(here), { replace: true });
    });
    return () => ctrl.abort();
    // `here` is read once per bootstrap: the page being opened when the session was found incomplete.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token, ready, attempt]);

  // Started from the offline profile: re-open the session with the server as soon as the network is back. A refusal
  // then (token revoked meanwhile) logs out like any failed start.
  useEffect(() => {
    if (!offline) return;
    const ctrl = new AbortController();
    const retry = () => {
      bootstrapSession(ctrl.signal).catch((err: unknown) => {
        if (isAbort(err) || ctrl.signal.aborted) return;
        useSession.getState().reset();
        const msg = err instanceof Error ? err.message : String(err);
        if (msg) getNotifier().error(msg, ERROR_MS);
        navigate(loginRedirect(window.location.pathname + window.location.search), { replace: true });
      });
    };
    window.addEventListener('online', retry);
    return () => { window.removeEventListener('online', retry); ctrl.abort(); };
  }, [offline, navigate]);

  if (!token) return <Navigate to={loginRedirect(here)} replace />;
  if (!ready && outOfReach) {
    return (
      <Center mih="100vh">
        <Stack align="center" gap="sm" data-testid="server-unreachable">
          <Text>{t('shell.unreachable')}</Text>
          <Button onClick={() => { setOutOfReach(false); setAttempt(a => a + 1); }}>{t('shell.retry')}</Button>
        </Stack>
      </Center>
    );
  }
  if (!ready) return <Center mih="100vh"><Loader /></Center>;
  return <>{children}</>;
}
