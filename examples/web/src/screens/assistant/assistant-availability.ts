/// <reference lib="dom" />
// Whether the assistant works here, asked once per signed-in session of GET assistant/status ({ configured }):
// the Assistant tab shows only when it does, and nothing of its setup (which key the functions need) reaches a
// family. Unknown (still asking, or offline) counts as not available.
import { useEffect, useState } from "preact/hooks";
import { type Api, ApiError } from "../../api.ts";

export type AssistantAvailability = "checking" | "available" | "unavailable";

export function useAssistantAvailability(api: Api, userId: string): AssistantAvailability {
  const [availability, setAvailability] = useState<AssistantAvailability>("checking");
  useEffect(() => {
    let closed = false;
    api.get<{ configured: boolean }>("assistant/status").then(
      (status) => !closed && setAvailability(status.configured === true ? "available" : "unavailable"),
      () => !closed && setAvailability("unavailable"),
    );
    return () => {
      closed = true;
    };
  }, [userId]);
  return availability;
}

/** The screens shown in the nav: the Assistant only where it is available. */
export function shownScreens<Entry extends { screen: string }>(
  screens: readonly Entry[],
  availability: AssistantAvailability,
): Entry[] {
  return screens.filter((entry) => entry.screen !== "assistant" || availability === "available");
}

/**
 * The assistant's own refusal when no model is set up names an environment variable: a family reads that it is
 * not available instead.
 */
export function forFamily(error: ApiError): ApiError {
  if (error.type !== "UNAVAILABLE" || error.retryable) return error;
  return new ApiError(error.type, "The assistant is not available right now.", error.status, false);
}
