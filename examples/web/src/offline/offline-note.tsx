/// <reference lib="dom" />
// The sentence a screen shows over a copy kept on this device: that the person is offline and when it was read.
const timeWords = new Intl.DateTimeFormat("en-GB", {
  weekday: "short",
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
});

/** "Fri 27 Nov, 18:05" in the person's own time zone. */
export function copyTime(savedAt: number): string {
  return timeWords.format(new Date(savedAt));
}

export function OfflineNote({ copyFrom, what, more }: { copyFrom: number | null; what: string; more?: string }) {
  if (copyFrom === null) return null;
  return (
    <p class="offline-note" role="status">
      <strong>You are offline.</strong> This is the copy of {what} saved on this device on {copyTime(copyFrom)}.
      {more ? ` ${more}` : ""}
    </p>
  );
}
