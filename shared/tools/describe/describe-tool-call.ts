// A proposed write in words, for the assistant's and MCP's pending actions. It lives apart from the runner because
// it needs every tool's describer (an undo names the write it undoes): a tool group's function, which runs only its
// own tools, then does not load the whole registry.
import type { AuthenticatedUser } from "../../auth/access-token.ts";
import type { Queryable } from "../../db/client.ts";
import type { AnyTool } from "../define-tool.ts";
import { readNamesAs } from "../runner.ts";
import { describeCalls } from "./describe-calls.ts";

/** The sentence a write's describer makes of its validated input, with the names read as the user. */
export async function describeToolCall(
  tool: AnyTool,
  input: unknown,
  options: { sql: Queryable; user: AuthenticatedUser; householdId: string | null },
): Promise<string> {
  const [sentence] = await describeCalls(
    [{ tool: tool.name, input }],
    readNamesAs(options.sql, options.user, options.householdId),
  );
  return sentence;
}
