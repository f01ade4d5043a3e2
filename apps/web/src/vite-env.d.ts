/// <reference types="vite/client" />

/** The app version from apps/web/package.json, injected by Vite `define`. */
declare const __APP_VERSION__: string;
