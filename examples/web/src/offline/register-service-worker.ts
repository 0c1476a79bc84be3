/// <reference lib="dom" />
/** Registers sw.js where the browser has service workers; the app works without it (online only). */
export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register("sw.js").catch((error) => console.warn("No offline shell:", error));
}
