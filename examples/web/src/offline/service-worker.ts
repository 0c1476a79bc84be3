/// <reference lib="dom" />
// The service worker (bundled to sw.js, Workbox): the app shell (index.html, app.js, style.css, config.json) is
// fetched from the network first and kept in a cache, which answers when the network does not (offline, or no reply
// within 3 s), so the app opens offline and online always shows the newest files. The shell is cached when the worker
// installs, so the first visit is enough. The list itself is not here: it is read with POST calls, which the Cache
// API cannot hold; the page keeps the last list read in IndexedDB (src/offline/browser-storage.ts).
import { clientsClaim } from "workbox-core";
import { registerRoute } from "workbox-routing";
import { NetworkFirst } from "workbox-strategies";

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
declare const self: {
  location: Location;
  skipWaiting(): Promise<void>;
  addEventListener(type: "install", listener: (event: ExtendableEvent) => void): void;
};

const cacheName = "app-shell";
const shellFiles = ["./", "index.html", "app.js", "style.css", "config.json"];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(cacheName).then((cache) => cache.addAll(shellFiles)));
});
// A new worker takes over at once: the page keeps nothing an older worker must go on serving.
self.skipWaiting();
clientsClaim();
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && request.method === "GET",
  new NetworkFirst({ cacheName, networkTimeoutSeconds: 3 }),
);
