import * as z from "zod";
import { errorStatus } from "../errors.ts";
import type { AnyTool } from "../tools/define-tool.ts";
import type { PendingAction } from "../agent/turn-events.ts";

const id = z.guid();
const timestamp = z.iso.datetime({ offset: true });

/**
 * What a write called through MCP returns while it waits for a person: the pending action, whose `result`
 * becomes the tool's reply (its data, or its error) once a household member confirms it in the app.
 */
export function awaitingConfirmationSchema(tool: AnyTool) {
  return z.strictObject({
    status: z.literal("awaiting_confirmation"),
    action_id: id.describe("The pending action: GET /functions/v1/assistant/actions?status=pending lists it."),
    message: z.string(),
    action: z.strictObject({
      id,
      tool: z.literal(tool.name),
      input: z.record(z.string(), z.unknown()).describe("The validated input that runs once confirmed."),
      summary: z.string().nullable().describe('The action in plain words, as the app shows it ("Add 1 l milk to …").'),
      status: z.enum(["pending", "confirmed", "rejected", "expired"]),
      conversation_id: id.nullable(),
      result: z.union([
        z.null(),
        z.strictObject({ ok: z.literal(true), data: tool.outputSchema }),
        z.strictObject({
          ok: z.literal(false),
          error: z.strictObject({
            type: z.enum(Object.keys(errorStatus) as [keyof typeof errorStatus]),
            message: z.string(),
            field: z.string().optional(),
            retryable: z.boolean(),
            details: z.record(z.string(), z.unknown()).optional(),
          }),
        }),
      ]).describe("Null until decided; the tool's reply once confirmed."),
      created_at: timestamp,
      expires_at: timestamp,
      decided_at: timestamp.nullable(),
    }),
  });
}

export const awaitingConfirmationMessage =
  "Nothing has changed yet: a member of the household must confirm this action in the app before it runs " +
  "(or reject it; it expires otherwise). Tell the user what is waiting for them.";

export function awaitingConfirmation(action: PendingAction) {
  return {
    status: "awaiting_confirmation" as const,
    action_id: action.id,
    message: awaitingConfirmationMessage,
    action,
  };
}
