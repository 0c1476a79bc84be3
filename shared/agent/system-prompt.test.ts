import assert from "node:assert/strict";
import { z } from "zod";
import { type AnyTool, defineTool } from "../tools/define-tool.ts";
import { readTraits, writeTraits } from "../tools/traits.ts";
import { needsApproval, systemPrompt } from "./system-prompt.ts";

function tool(name: string, traits: Pick<AnyTool, "risk" | "requiresConfirmation">): AnyTool {
  return defineTool({
    ...readTraits(),
    ...traits,
    name,
    description: `${name} description`,
    summary: `What ${name}\n   does.`,
    doc: "",
    inputSchema: z.strictObject({}),
    execute: () => Promise.resolve(null),
  });
}

const reading = tool("recipe.list", readTraits());
const reported = tool("note.add", { risk: "medium", requiresConfirmation: false });
const confirmedMedium = tool("planner.add_meal", writeTraits("medium"));
const risky = tool("recipe.delete", { risk: "high", requiresConfirmation: false });

Deno.test("high risk and requiresConfirmation need approval; low and plain medium run", () => {
  assert.deepEqual([reading, reported, confirmedMedium, risky].map(needsApproval), [false, false, true, true]);
});

Deno.test("the system prompt has today, the household, the policy and each tool's summary under its API name", () => {
  const prompt = systemPrompt({
    tools: [reading, reported, confirmedMedium, risky],
    today: "2026-11-24",
    householdName: "The Smiths",
  });
  assert.match(prompt, /Today is 2026-11-24\. The household is "The Smiths"\./);
  assert.match(prompt, /^- recipe__list \(runs\): What recipe\.list does\.$/m);
  assert.match(prompt, /^- note__add \(runs; report it\): What note\.add does\.$/m);
  assert.match(prompt, /^- planner__add_meal \(needs the user's approval\): /m);
  assert.match(prompt, /^- recipe__delete \(needs the user's approval\): /m);
  assert.match(prompt, /approval was requested/);
  assert.match(prompt, /After any tool that changes data, say what changed/);
});
