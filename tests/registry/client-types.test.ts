// Compile-time checks (deno check runs them before any test): the typed client's generated types are the Zod
// schemas' types, tool by tool, so the web app types what the server validates and returns.
import assert from "node:assert/strict";
import type * as z from "zod";
import type { ToolsClient, ToolTypes } from "../../shared/client/tools-client.generated.ts";
import type { RegisteredTool as Registered } from "../../shared/tools/registry.ts";
type ZodInput<Name> = z.input<Extract<Registered, { name: Name }>["inputSchema"]>;
type ZodOutput<Name> = z.output<Extract<Registered, { name: Name }>["outputSchema"]>;

/** Each type assignable to the other: the same values, whatever the spelling. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

type InputMismatches = {
  [Name in keyof ToolTypes]: Same<ToolTypes[Name]["input"], ZodInput<Name>> extends true ? never : Name;
}[keyof ToolTypes];
type OutputMismatches = {
  [Name in keyof ToolTypes]: Same<ToolTypes[Name]["output"], ZodOutput<Name>> extends true ? never : Name;
}[keyof ToolTypes];

// Each constant fails to compile, naming the tools, when a generated type and its Zod type differ.
const inputsAgree: [InputMismatches] extends [never] ? true : InputMismatches = true;
const outputsAgree: [OutputMismatches] extends [never] ? true : OutputMismatches = true;
const sameTools: Same<keyof ToolTypes, Registered["name"]> = true;

// The check can fail: an optional field is not a required one, and a nullable one is not a plain one.
const optionalDiffers: Same<{ a: string }, { a?: string }> = false;
const nullableDiffers: Same<{ a: string }, { a: string | null }> = false;

type PushInput = Parameters<ToolsClient["grocery"]["pushIngredients"]>[0];
type PushOutput = Awaited<ReturnType<ToolsClient["grocery"]["pushIngredients"]>>;
const pushIsTyped: [
  Same<PushInput, ZodInput<"grocery.push_ingredients">>,
  Same<PushOutput, ToolTypes["grocery.push_ingredients"]["output"]>,
] = [true, true];
type ListOptions = Parameters<ToolsClient["grocery"]["listLists"]>[1];
type JoinOptions = Parameters<ToolsClient["household"]["join"]>[1];
// A read takes no Idempotency-Key; a user-scoped tool takes no household.
const readsTakeNoKey: Same<"idempotencyKey" extends keyof NonNullable<ListOptions> ? 1 : 0, 0> = true;
const userToolsTakeNoHousehold: Same<"householdId" extends keyof NonNullable<JoinOptions> ? 1 : 0, 0> = true;

Deno.test("the typed client's types are the Zod schemas' types (checked when this file compiles)", () => {
  assert.deepEqual(
    [inputsAgree, outputsAgree, sameTools, optionalDiffers, nullableDiffers, readsTakeNoKey, userToolsTakeNoHousehold],
    [true, true, true, false, false, true, true],
  );
  assert.deepEqual(pushIsTyped, [true, true]);
});
