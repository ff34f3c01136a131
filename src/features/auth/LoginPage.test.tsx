// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoginBranding } from '../../domain/contract/login-branding';
import { initI18n } from '../../i18n/react';
import type { LoginReply } from '../../data/shell-client';
import { useSession } from '../../ui/stores';
import { click, setupDom, typeInto } from '../../resources/form/test-utils';
import LoginPage from './LoginPage';

/** The login page reads its branding through the data layer before login; the server's answer is stood in here. */
const calls = vi.hoisted(() => ({
  branding: vi.fn<() => Promise<LoginBranding>>(),
  login: vi.fn<(username: string, password: string, o?: { terminal?: string; client?: string }) => Promise<LoginReply>>(),
}));
vi.mock('../../data/shell-client', async importOriginal => ({
  ...await importOriginal<typeof import('../../data/shell-client')>(),
  loginBranding: calls.branding,
  loginWithPassword: calls.login,
  serverList: () => Promise.resolve([]),
}));

const UNSET: LoginBranding = { software_name: '', site_name: '', logo: '', banner: '', banner_background: '' };

let container: HTMLDivElement;
let root: Root;

beforeAll(async () => {
  // act() and what Mantine measures with, which jsdom lacks.
  setupDom();
  await initI18n('zh');
});

beforeEach(() => {
  sessionStorage.clear();
  localStorage.removeItem('client');
  localStorage.removeItem('ipos.terminal');
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  calls.branding.mockReset();
  calls.login.mockReset();
});

async function render(path = '/login') {
  await act(async () => {
    root.render(<MantineProvider><MemoryRouter initialEntries={[path]}><LoginPage /></MemoryRouter></MantineProvider>);
  });
}

const byTestId = (id: string) => container.querySelector(`[data-testid="${id}"]`);

describe('login page branding', () => {
  it('shows the company name, product name, logo and banner the system parameters configure', async () => {
    calls.branding.mockResolvedValue({
      software_name: '星河生产系统', site_name: '星河包装有限公司', logo: '/icons/icon-192.png',
      banner: '质量第一', banner_background: 'linear-gradient(135deg, #1890ff 0%, #0050b3 100%)',
    });
    await render();
    await vi.waitFor(() => expect(byTestId('login-company')?.textContent).toBe('星河包装有限公司'));
    expect(byTestId('login-product')?.textContent).toBe('星河生产系统');
    expect(byTestId('login-logo')?.getAttribute('src')).toBe('/icons/icon-192.png');
    expect(byTestId('login-banner')?.textContent).toBe('质量第一');
    expect(calls.branding).toHaveBeenCalledOnce();
  });

  it('falls back to the product name when nothing is configured', async () => {
    calls.branding.mockResolvedValue(UNSET);
    await render();
    await vi.waitFor(() => expect(calls.branding).toHaveBeenCalled());
    await act(async () => { await calls.branding.mock.results[0]!.value; });
    expect(byTestId('login-product')?.textContent).toBe('智能生产操作系统');
    expect(byTestId('login-company')).toBeNull();
    expect(byTestId('login-logo')).toBeNull();
    expect(byTestId('login-banner')).toBeNull();
  });

  it('still shows the form, with the product name, when the branding cannot be read', async () => {
    calls.branding.mockRejectedValue(new Error('offline'));
    await render();
    await vi.waitFor(() => expect(calls.branding).toHaveBeenCalled());
    expect(byTestId('login-form')).not.toBeNull();
    expect(byTestId('login-product')?.textContent).toBe('智能生产操作系统');
  });
});

describe('login page terminal number', () => {
  const terminal = () => byTestId('login-terminal') as HTMLInputElement;
  async function logIn() {
    calls.branding.mockResolvedValue(UNSET);
    calls.login.mockResolvedValue({ msg: 'OK', name: 'K', site_name: 'S', sessionid: 'sess', token: 'tok', data: { token: 'tok' } });
    await typeInto(container.querySelector('input[name="username"]')!, 'kiosk1');
    await typeInto(container.querySelector('input[name="password"]')!, 'pw');
    await click(byTestId('login-submit')!);
    await vi.waitFor(() => expect(calls.login).toHaveBeenCalled());
    await vi.waitFor(() => expect(useSession.getState().sessionid).toBe('sess'));
  }

  it('is prefilled from ?client (the local helper\'s kiosk name), sent as the terminal, and remembered apart', async () => {
    calls.branding.mockResolvedValue(UNSET);
    await render('/login?client=K-07');
    expect(terminal().value).toBe('K-07');
    await logIn();
    expect(calls.login).toHaveBeenCalledWith('kiosk1', 'pw', { terminal: 'K-07' });
    expect(localStorage.getItem('ipos.terminal')).toBe('K-07');
  });

  it('is prefilled from the remembered number, and can be changed; remembering it never tells the shell a helper is there', async () => {
    localStorage.setItem('ipos.terminal', 'K-01');
    calls.branding.mockResolvedValue(UNSET);
    await render();
    expect(terminal().value).toBe('K-01');
    await typeInto(terminal(), ' K-02 ');
    await logIn();
    expect(calls.login).toHaveBeenCalledWith('kiosk1', 'pw', { terminal: 'K-02' });
    expect(localStorage.getItem('ipos.terminal')).toBe('K-02');
    expect(localStorage.getItem('client')).toBeNull();
  });

  it('left empty, the login is an ordinary one', async () => {
    calls.branding.mockResolvedValue(UNSET);
    await render();
    expect(terminal().value).toBe('');
    await logIn();
    expect(calls.login).toHaveBeenCalledWith('kiosk1', 'pw', { terminal: undefined });
    expect(localStorage.getItem('ipos.terminal')).toBeNull();
  });
});
