// A person's connection, cut and given back: the API, the Realtime socket (open ones closed) and the app's own
// origin (the service worker's fetches too). Playwright's setOffline cuts neither WebSockets nor a service worker.
import type { Page, WebSocketRoute } from "playwright-core";
import { stackEnv } from "../../../support/stack.ts";

export interface Connection {
  goOffline(): Promise<void>;
  goOnline(): Promise<void>;
}

/** Set up before the page opens the app, so that every socket it opens can be closed. */
export async function controlConnection(page: Page, appUrl: string): Promise<Connection> {
  const context = page.context();
  let offline = false;
  const sockets = new Set<WebSocketRoute>();
  await context.route(`${stackEnv().apiUrl}/**`, async (route) => {
    if (offline) return await route.abort("internetdisconnected");
    await route.continue().catch(() => {});
  });
  await context.route(`${appUrl}**`, async (route) => {
    if (offline) return await route.abort("internetdisconnected");
    await route.continue().catch(() => {});
  });
  await context.routeWebSocket(/\/realtime\/v1\/websocket/, (socket) => {
    if (offline) return void socket.close({ code: 1006, reason: "offline" });
    socket.connectToServer();
    sockets.add(socket);
  });
  return {
    async goOffline() {
      offline = true;
      // The browser says so too: the app's status follows navigator.onLine and its offline event.
      await context.setOffline(true);
      for (const socket of sockets) await socket.close({ code: 1006, reason: "offline" }).catch(() => {});
      sockets.clear();
    },
    async goOnline() {
      offline = false;
      await context.setOffline(false);
    },
  };
}
