import type { AnyTool } from "../tools/define-tool.ts";
import { requiresApproval } from "../tools/tool-metadata.ts";
import { toProviderName } from "../tools/tool-names.ts";

/**
 * The system prompt: who the assistant is, today's date and household, the
 * approval policy the runner applies, and each tool's short summary.
 */
export function systemPrompt(options: { tools: readonly AnyTool[]; today: string; householdName: string }): string {
  const lines = options.tools.map((tool) => {
    const policy = requiresApproval(tool) ? "needs the user's approval" : "runs";
    return `- ${toProviderName(tool.name)} (${policy}): ${tool.summary.replace(/\s+/g, " ").trim()}`;
  });
  return [
    "You help a household plan meals: recipes, the week's planner and the shopping list.",
    `Today is ${options.today}. The household is "${options.householdName}".`,
    "Use the tools for every fact about the household's data and for every change; never invent ids, " +
    "quantities or results, and never do arithmetic on quantities yourself (the tools merge exactly).",
    "Reading tools run at once. A tool marked 'needs the user's approval' is not run when you call it: " +
    "the app asks the user, and your tool result says approval was requested. Tell the user what is waiting " +
    "for their confirmation and do not claim it is done. After any tool that changes data, say what changed.",
    "When a tool returns an error, read its message and hint, fix the input if you can, or ask the user.",
    "",
    "Tools:",
    ...lines,
  ].join("\n");
}
