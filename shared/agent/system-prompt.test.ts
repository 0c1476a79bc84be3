import assert from "node:assert/strict";
import * as z from "zod";
import { type AnyTool, defineTool, type ToolEffectAndRisk } from "../tools/define-tool.ts";
import { systemPrompt } from "./system-prompt.ts";

function tool(name: string, effect: { effect: "read" } | Extract<ToolEffectAndRisk, { effect: "write" }>): AnyTool {
  const common = {
    name,
    description: `${name} description`,
    summary: `What ${name}\n   does.`,
    doc: "",
    inputSchema: z.strictObject({}),
    outputSchema: z.null(),
    execute: () => Promise.resolve(null),
  };
  return effect.effect === "read"
    ? defineTool({ ...common, effect: "read" })
    : defineTool({ ...common, ...effect, describe: () => `Do ${name}` });
}

const reading = tool("recipe.list", { effect: "read" });
const confirmedMedium = tool("planner.add_meal", { effect: "write", risk: "medium" });
const risky = tool("recipe.delete", { effect: "write", risk: "high" });

Deno.test("the system prompt has today, the household, the policy and each tool's summary under its API name", () => {
  const prompt = systemPrompt({
    tools: [reading, confirmedMedium, risky],
    today: "2026-11-24",
    householdName: "The Smiths",
  });
  assert.match(prompt, /Today is 2026-11-24\. The household is "The Smiths"\./);
  assert.match(prompt, /^- recipe__list \(runs\): What recipe\.list does\.$/m);
  assert.match(prompt, /^- planner__add_meal \(needs the user's approval\): What planner\.add_meal does\.$/m);
  assert.match(prompt, /^- recipe__delete \(needs the user's approval\): /m);
  assert.match(prompt, /approval was requested/);
  assert.match(prompt, /After any tool that changes data, say what changed/);
});
