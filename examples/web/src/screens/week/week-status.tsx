/// <reference lib="dom" />
// What the week screen says about the connection: offline with the copy kept on this device and when it was read,
// how many changes wait to be sent, and each refused change that has no meal left to stand beside.
import { OfflineNote } from "../../offline/offline-note.tsx";
import type { QueuedCall } from "../../offline/queue.ts";
import { describeCall } from "../list/describe-call.ts";

const kept = "Meals you plan, move or remove are kept here and sent when you are back online.";

export function WeekStatus(
  { copyFrom, offline, pendingCount, looseProblems, onDismiss }: {
    copyFrom: number | null;
    offline: boolean;
    pendingCount: number;
    looseProblems: QueuedCall[];
    onDismiss: (callId: string) => void;
  },
) {
  return (
    <>
      {copyFrom !== null
        ? <OfflineNote copyFrom={copyFrom} what="this week" more={kept} />
        : offline
        ? (
          <p class="offline-note" role="status">
            <strong>You are offline.</strong> {kept}
          </p>
        )
        : null}
      {pendingCount
        ? (
          <p class="pending-count" role="status">
            {pendingCount === 1 ? "1 change waits" : `${pendingCount} changes wait`} to be sent.
          </p>
        )
        : null}
      {looseProblems.map((call) => (
        <p key={call.id} class="problem" role="alert">
          {describeCall(call)}: {call.message}{" "}
          <button type="button" class="secondary" onClick={() => onDismiss(call.id)}>Dismiss</button>
        </p>
      ))}
    </>
  );
}
