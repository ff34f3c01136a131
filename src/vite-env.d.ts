/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/client" />

/** The build's id (vite.config.ts `define`). */
declare const __APP_BUILD__: string;
