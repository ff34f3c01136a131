import { StrictMode, useEffect, useState, useSyncExternalStore, type CSSProperties } from 'react';
import { createRoot } from 'react-dom/client';
import { registerSW } from 'virtual:pwa-register';

/**
 * Entry of the PWA. For now a single page: the product name, the site name from the server's safe configs, and the
 * service-worker update prompt. The shell (providers, router, layout) replaces the page in a later step.
 */

const PRODUCT_NAME = '智能生产操作系统';

// ---- Service worker: updates are offered, never forced (DESIGN §6). ----------------------------------------------
// Registered once, outside React, so StrictMode's double effects cannot register twice.

let needRefresh = false;
const refreshListeners = new Set<() => void>();
const updateSW = registerSW({
  onNeedRefresh() {
    needRefresh = true;
    for (const notify of refreshListeners) notify();
  },
  onRegisterError(error: unknown) {
    console.warn('service worker registration failed', error);
  },
});

function subscribeRefresh(notify: () => void): () => void {
  refreshListeners.add(notify);
  return () => refreshListeners.delete(notify);
}

function UpdatePrompt() {
  const available = useSyncExternalStore(subscribeRefresh, () => needRefresh, () => false);
  const [dismissed, setDismissed] = useState(false);
  if (!available || dismissed) return null;
  return (
    <div role="status" style={styles.prompt}>
      <span>新版本可用</span>
      {/* Tells the waiting worker to SKIP_WAITING; the page reloads once it has taken control. */}
      <button type="button" style={styles.primary} onClick={() => void updateSW(true)}>刷新</button>
      <button type="button" style={styles.plain} onClick={() => setDismissed(true)}>稍后</button>
    </div>
  );
}

// ---- Safe configs: public, the login page needs them too (spec §7). ----------------------------------------------

interface ConfigRow { name: string; values: unknown }
interface ConfigsReply { msg?: string; dt?: ConfigRow[] }

async function loadSafeConfigs(signal: AbortSignal): Promise<Map<string, string>> {
  const res = await fetch('/accounts/configslist_safe/?name=software_name,site_name&ios=1', { signal });
  const body = (await res.json()) as ConfigsReply;
  if (!res.ok || (body.msg !== 'OK' && body.msg !== '操作成功')) throw new Error(body.msg ?? `HTTP ${res.status}`);
  const values = new Map<string, string>();
  for (const row of body.dt ?? []) {
    if (typeof row.values === 'string' && row.values) values.set(row.name, row.values);
  }
  return values;
}

type Configs = { state: 'loading' } | { state: 'ok'; values: Map<string, string> } | { state: 'error' };

function App() {
  const [configs, setConfigs] = useState<Configs>({ state: 'loading' });

  useEffect(() => {
    const abort = new AbortController();
    loadSafeConfigs(abort.signal).then(
      values => setConfigs({ state: 'ok', values }),
      (error: unknown) => {
        if (!abort.signal.aborted) {
          console.warn('configslist_safe failed', error);
          setConfigs({ state: 'error' });
        }
      },
    );
    return () => abort.abort();
  }, []);

  const software = configs.state === 'ok' ? configs.values.get('software_name') : undefined;
  const site = configs.state === 'ok' ? configs.values.get('site_name') : undefined;

  useEffect(() => {
    document.title = software ?? PRODUCT_NAME;
  }, [software]);

  return (
    <main style={styles.page}>
      <h1 style={styles.title}>{software ?? PRODUCT_NAME}</h1>
      <p style={styles.site}>
        {configs.state === 'loading' && '…'}
        {configs.state === 'error' && '连接服务器出错'}
        {configs.state === 'ok' && (site ?? '')}
      </p>
      <UpdatePrompt />
    </main>
  );
}

const styles = {
  page: {
    minHeight: '100vh', margin: 0, display: 'flex', flexDirection: 'column', alignItems: 'center',
    justifyContent: 'center', fontFamily: 'system-ui, "PingFang SC", "Microsoft YaHei", sans-serif',
    color: '#1f2329', background: '#f5f7fa',
  },
  title: { margin: 0, fontSize: '2rem', color: '#1890ff' },
  site: { marginTop: '0.75rem', minHeight: '1.5em', fontSize: '1.125rem' },
  prompt: {
    position: 'fixed', right: 16, bottom: 16, display: 'flex', alignItems: 'center', gap: 8,
    padding: '10px 14px', background: '#fff', border: '1px solid #d0d7de', borderRadius: 6,
    boxShadow: '0 4px 12px rgba(0,0,0,.12)',
  },
  primary: {
    padding: '4px 12px', border: 0, borderRadius: 4, background: '#1890ff', color: '#fff', cursor: 'pointer',
  },
  plain: { padding: '4px 12px', border: 0, background: 'transparent', color: '#57606a', cursor: 'pointer' },
} satisfies Record<string, CSSProperties>;

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
