/// <reference lib="dom" />
// The sentence a screen shows over a copy kept on this device: that the person is offline and when it was read.
import { useEffect } from "preact/hooks";

const timeWords = new Intl.DateTimeFormat("en-GB", {
  weekday: "short",
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
});

/** "Fri 27 Nov, 18:05" in the person's own time zone. */
/** How often a screen showing a copy reads the server again while the browser says it is online. */
const retryMs = 3000;

export function copyTime(savedAt: number): string {
  return timeWords.format(new Date(savedAt));
}

export function OfflineNote(
  { copyFrom, what, more, onOnline }: {
    copyFrom: number | null;
    what: string;
    more?: string;
    /** Called when the browser is back online while the copy shows: the screen reads the server's again. */
    onOnline?: () => void;
  },
) {
  useEffect(() => {
    if (copyFrom === null || !onOnline) return;
    const tryAgain = () => onOnline();
    addEventListener("online", tryAgain);
    // Also now and then: the browser does not always say it is online again (a page reloaded while offline may
    // never hear the event), and a read that gets no reply just shows the copy again.
    const timer = setInterval(() => navigator.onLine && tryAgain(), retryMs);
    return () => {
      removeEventListener("online", tryAgain);
      clearInterval(timer);
    };
  }, [copyFrom, onOnline]);
  if (copyFrom === null) return null;
  return (
    <p class="offline-note" role="status">
      <strong>You are offline.</strong> This is the copy of {what} saved on this device on {copyTime(copyFrom)}.
      {more ? ` ${more}` : ""}
    </p>
  );
}
