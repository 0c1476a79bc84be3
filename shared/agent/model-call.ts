import Anthropic from "@anthropic-ai/sdk";
import { AppError } from "../errors.ts";
import type { EmitEvent } from "./turn-events.ts";

export type ContentBlock =
  | { type: "text"; text: string }
  | { type: "tool_use"; id: string; name: string; input: Record<string, unknown> };

export interface ToolUse {
  id: string;
  name: string;
  input: Record<string, unknown>;
  /** Set when the model's arguments were not a JSON object: the call goes back to it as an error. */
  argumentError?: string;
}

export interface ModelReply {
  content: ContentBlock[];
  toolUses: ToolUse[];
  stopReason: string | null;
}

export interface ModelRequest {
  model: string;
  max_tokens: number;
  system: string;
  tools: Anthropic.Tool[];
  messages: Anthropic.MessageParam[];
}

interface BlockInProgress {
  type: "text" | "tool_use";
  text: string;
  id: string;
  name: string;
  json: string;
}

function parseArguments(json: string): { input: Record<string, unknown>; error?: string } {
  if (json.trim() === "") return { input: {} };
  try {
    const value = JSON.parse(json);
    if (typeof value === "object" && value !== null && !Array.isArray(value)) return { input: value };
    return { input: {}, error: "the arguments must be a JSON object" };
  } catch (error) {
    return { input: {}, error: `the arguments are not valid JSON (${(error as Error).message})` };
  }
}

/**
 * One streamed Messages API call, assembled by hand from the raw events so
 * that text reaches the user as it comes and tool arguments that are not
 * valid JSON become an error for the model instead of a crash.
 */
export async function callModel(client: Anthropic, request: ModelRequest, emit: EmitEvent): Promise<ModelReply> {
  let stream;
  try {
    stream = await client.messages.create({ ...request, stream: true });
  } catch (error) {
    throw modelError(error);
  }
  const blocks: BlockInProgress[] = [];
  let stopReason: string | null = null;
  try {
    for await (const event of stream) {
      if (event.type === "content_block_start") {
        const block = event.content_block;
        blocks[event.index] = block.type === "tool_use"
          ? { type: "tool_use", text: "", id: block.id, name: block.name, json: "" }
          : { type: "text", text: block.type === "text" ? block.text : "", id: "", name: "", json: "" };
        if (block.type === "text" && block.text) emit({ type: "text_delta", text: block.text });
      } else if (event.type === "content_block_delta") {
        const block = blocks[event.index];
        if (event.delta.type === "text_delta" && block) {
          block.text += event.delta.text;
          emit({ type: "text_delta", text: event.delta.text });
        } else if (event.delta.type === "input_json_delta" && block) {
          block.json += event.delta.partial_json;
        }
      } else if (event.type === "message_delta") {
        stopReason = event.delta.stop_reason ?? stopReason;
      }
    }
  } catch (error) {
    throw modelError(error);
  }
  return assemble(blocks.filter(Boolean), stopReason);
}

function assemble(blocks: BlockInProgress[], stopReason: string | null): ModelReply {
  const content: ContentBlock[] = [];
  const toolUses: ToolUse[] = [];
  for (const block of blocks) {
    if (block.type === "text") {
      if (block.text) content.push({ type: "text", text: block.text });
      continue;
    }
    const { input, error } = parseArguments(block.json);
    content.push({ type: "tool_use", id: block.id, name: block.name, input });
    toolUses.push({ id: block.id, name: block.name, input, argumentError: error });
  }
  return { content, toolUses, stopReason };
}

/** The SDK's failures (after its own retries) as envelope errors a person can act on. */
export function modelError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof Anthropic.RateLimitError) {
    return new AppError("RATE_LIMITED", "The AI service is busy (rate limited). Try again in a moment.");
  }
  if (error instanceof Anthropic.AuthenticationError || error instanceof Anthropic.PermissionDeniedError) {
    return new AppError("UNAVAILABLE", "The AI service refused the assistant's API key.", { retryable: false });
  }
  if (error instanceof Anthropic.APIError) {
    const status = error.status ?? 0;
    if (status >= 500 || error instanceof Anthropic.APIConnectionError) {
      return new AppError("UNAVAILABLE", "The AI service failed to answer. Try again in a moment.");
    }
    console.error("assistant: model request refused", error);
    return new AppError("INTERNAL", "The AI service refused the assistant's request.");
  }
  console.error("assistant: model call failed", error);
  return new AppError("UNAVAILABLE", "The AI service could not be reached. Try again in a moment.");
}
