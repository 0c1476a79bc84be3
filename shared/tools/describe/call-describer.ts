// Sentences for tool calls: the names every call mentions read in one round trip (and, for an undo, the write it
// undoes and that write's names in one more), then each tool's describer, found through the lookup it is given.
import type { AnyTool } from "../define-tool.ts";
import {
  collectMentions,
  mentionKinds,
  type Mentions,
  Names,
  type NameTables,
  noMentions,
  type Recorded,
} from "./names.ts";

export interface DescribableCall {
  /** The tool's dotted name. */
  tool: string;
  /** Its validated input; null when it was not kept (a write recorded before inputs were). */
  input: unknown;
  /** What to say when the input cannot be described (the summary a write was recorded with). */
  fallback?: string | null;
  /** For a recorded write: what its reply says was there before it. */
  recorded?: Recorded;
}

export type ReadNames = (mentions: Mentions) => Promise<NameTables>;

/** A tool by its dotted name: the registry's findTool. */
export type ToolLookup = (name: string) => AnyTool | undefined;

// An undo of an undo of … names the write it undoes: three levels are more than history.undo makes in practice.
const maxInvocationDepth = 3;

const groupWords: Readonly<Record<string, string>> = {
  grocery: "A change to a grocery list",
  recipe: "A change to a recipe",
  planner: "A change to the plan",
  household: "A change to the household",
  ingredient: "A change to the ingredients",
  history: "An undo",
};

function wordsForUnknown(toolName: string): string {
  return groupWords[toolName.slice(0, toolName.indexOf("."))] ?? "A change";
}

function hasAny(mentions: Mentions): boolean {
  return mentionKinds.some((kind) => mentions[kind].length > 0);
}

function merge(tables: NameTables, more: NameTables): NameTables {
  const merged: NameTables = { ...tables, household: tables.household ?? more.household };
  for (const kind of mentionKinds) {
    merged[kind] = { ...tables[kind], ...more[kind] } as never;
  }
  return merged;
}

/** The describing functions over the tools `findTool` knows. */
export function callDescriber(findTool: ToolLookup) {
  /** One call's sentence with the names already read; a stored input the tool no longer accepts gets the fallback. */
  function describeCall(call: DescribableCall, names: Names): string {
    const tool = findTool(call.tool);
    if (tool?.effect === "write" && call.input != null) {
      const parsed = tool.inputSchema.safeParse(call.input);
      if (parsed.success) return tool.describe(parsed.data, names, call.recorded);
    }
    if (tool?.effect === "write" && call.input == null && call.recorded && tool.describeWithoutInput) {
      return tool.describeWithoutInput(names, call.recorded);
    }
    return call.fallback ?? wordsForUnknown(call.tool);
  }

  /**
   * The names every input mentions, read as the caller through `readNames`: one round trip, and one more per level of
   * writes an undo names (their inputs mention rows of their own).
   */
  async function namesFor(inputs: readonly unknown[], readNames: ReadNames): Promise<Names> {
    const mentions = noMentions();
    for (const input of inputs) collectMentions(input, mentions);
    // Read even when nothing is mentioned: the household's own name comes with every answer.
    let tables: NameTables = await readNames(mentions);
    let seen = new Set<string>();
    for (let depth = 0; depth < maxInvocationDepth; depth++) {
      const next = noMentions();
      for (const [id, invocation] of Object.entries(tables.invocations ?? {})) {
        if (!seen.has(id)) collectMentions(invocation.input, next);
      }
      seen = new Set(Object.keys(tables.invocations ?? {}));
      for (const kind of mentionKinds) {
        const known = (tables[kind] ?? {}) as Record<string, unknown>;
        next[kind] = next[kind].filter((id) => !(id in known));
      }
      if (!hasAny(next)) break;
      tables = merge(tables, await readNames(next));
    }
    const names: Names = new Names(tables, (invocationId) => {
      const invocation = tables.invocations?.[invocationId.toLowerCase()];
      if (!invocation) return null;
      return describeCall({
        tool: invocation.tool,
        input: invocation.input,
        recorded: invocation.recorded,
        fallback: invocation.summary,
      }, names);
    });
    return names;
  }

  /** The sentences of the calls, in order, with the names read as the caller through `readNames`. */
  async function describeCalls(calls: readonly DescribableCall[], readNames: ReadNames): Promise<string[]> {
    const names = await namesFor(calls.map((call) => call.input), readNames);
    return calls.map((call) => describeCall(call, names));
  }

  return { describeCall, namesFor, describeCalls };
}
