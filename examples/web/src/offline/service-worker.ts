/// <reference lib="dom" />
// The service worker (bundled to sw.js): Workbox precaches the app shell (index.html, app.js, style.css,
// config.json) under revisions the server computes from their content, and answers from that cache, so the app
// opens offline. The list itself is not here: it is read with POST calls, which the Cache API cannot hold; the page
// keeps the last list read in IndexedDB (src/offline/browser-storage.ts).
import { clientsClaim } from "workbox-core";
import { cleanupOutdatedCaches, precacheAndRoute } from "workbox-precaching";

declare const self: { __WB_MANIFEST: { url: string; revision: string }[]; skipWaiting(): Promise<void> };

// A new shell takes over at once: the page holds no state that an older worker's cache must keep serving.
self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: "index.html", ignoreURLParametersMatching: [/.*/] });
