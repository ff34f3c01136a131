import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * The PWA build (DESIGN §2, §6). The service worker is our own source (`sw/sw.ts`, injectManifest) so the offline
 * rules stay in code we can read; the plugin only injects the precache list and writes the web manifest.
 * Unit and API tests are configured in vitest.config.ts, not here.
 */
export default defineConfig({
  // Each build's own id: the persisted query cache of an older build is not restored into a newer one.
  define: { __APP_BUILD__: JSON.stringify(Date.now().toString(36)) },
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // Updates are offered, never forced: the page asks, and a kiosk may wait until its outbox is empty.
      registerType: 'prompt',
      // main.tsx registers through `virtual:pwa-register`; no extra register script in index.html.
      injectRegister: false,
      manifest: {
        name: '智能生产操作系统',
        short_name: 'IPOS',
        description: 'IPOS 智能生产操作系统',
        lang: 'zh-CN',
        theme_color: '#1890ff',
        background_color: '#ffffff',
        display: 'standalone',
        start_url: '/',
        scope: '/',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      // The icons are already matched by globPatterns; listing them twice would precache them twice.
      includeManifestIcons: false,
      injectManifest: {
        // Every screen's chunk is precached, so a kiosk or tablet reloads offline onto any route — the camera scanner's
        // barcode decoder (1.1 MB of WebAssembly) included, so a tablet scans offline.
        globPatterns: ['**/*.{js,css,html,png,svg,ico,woff2,wasm}'],
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
});
