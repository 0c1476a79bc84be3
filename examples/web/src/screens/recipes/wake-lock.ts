/// <reference lib="dom" />
// Keeps the screen on while cook mode is open, where the browser has the Screen Wake Lock API. The browser drops the
// lock when the page is hidden, so it is asked for again when the page is visible; it is released on leaving. Where
// the API is absent or refuses (a low battery, a policy), nothing is said and cooking carries on.
import { useEffect } from "preact/hooks";

interface Sentinel {
  release(): Promise<void>;
}
type WithWakeLock = Navigator & { wakeLock?: { request(type: "screen"): Promise<Sentinel> } };

export function useScreenWakeLock(): void {
  useEffect(() => {
    let sentinel: Sentinel | null = null;
    let left = false;
    async function request() {
      if (document.visibilityState !== "visible") return;
      try {
        const held = await (navigator as WithWakeLock).wakeLock?.request("screen");
        if (!held) return;
        if (left) held.release().catch(() => {});
        else sentinel = held;
      } catch {
        // Refused: the screen may dim, as it would anyway.
      }
    }
    const onVisibility = () => {
      if (document.visibilityState === "visible") request();
    };
    request();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      left = true;
      document.removeEventListener("visibilitychange", onVisibility);
      sentinel?.release().catch(() => {});
      sentinel = null;
    };
  }, []);
}
