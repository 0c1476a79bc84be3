// Each tool group function's own list of tools, as a module that imports only the modules its tools come from: a
// deployed function boots from a bundle of its module graph, and a graph that reaches the registry holds every
// group's tools (the OCR engine and the page reader among them). Made by deno task build:tools from the entries of
// shared/tools/registry.ts, so a tool registered there reaches its group's function with the next build.
import { dirname, join, relative } from "node:path";
import type { AnyTool } from "../define-tool.ts";
import { groupOf } from "../tool-names.ts";

/** One entry of registry.ts's list: `...name` (an array of tools) or `name` (one tool), and its module. */
interface RegistryEntry {
  name: string;
  spread: boolean;
  /** The module's path from the project root. */
  module: string;
  /** Called with the registry's lookup (`...historyTools(findTool)`): only a function that has the registry can. */
  needsRegistry: boolean;
}

const registryPath = "shared/tools/registry.ts";

export function groupToolsPath(group: string): string {
  return `shared/tools/generated/groups/${group}.ts`;
}

/** The entries of `registeredTools` in registry.ts, with the module each name is imported from. */
export function registryEntries(source: string): RegistryEntry[] {
  const modules = new Map<string, string>();
  for (const match of source.matchAll(/^import \{ ([^}]+) \} from "(\.[^"]+)";$/gm)) {
    for (const name of match[1].split(",").map((part) => part.trim())) {
      modules.set(name, join("shared/tools", match[2]));
    }
  }
  const list = source.match(/const registeredTools = \[([\s\S]*?)\];/);
  if (!list) throw new Error(`${registryPath} has no "const registeredTools = [ … ];"`);
  return list[1].split(",").map((item) => item.trim()).filter(Boolean).map((item) => {
    const match = item.match(/^(\.\.\.)?([A-Za-z]+)(\(findTool\))?$/);
    if (!match) throw new Error(`${registryPath}: cannot read the entry "${item}"`);
    const module = modules.get(match[2]);
    if (!module) throw new Error(`${registryPath}: "${match[2]}" is not imported`);
    return { name: match[2], spread: Boolean(match[1]), module, needsRegistry: Boolean(match[3]) };
  });
}

/** The group's module: its entries' imports, and their tools of this group (in the registry's order). */
export async function groupToolsSource(group: string, projectRoot: string): Promise<string> {
  const entries = registryEntries(await Deno.readTextFile(join(projectRoot, registryPath)));
  const own: RegistryEntry[] = [];
  let needsRegistry = false;
  for (const entry of entries) {
    const module = await import(join(projectRoot, entry.module));
    const exported = module[entry.name] as AnyTool | readonly AnyTool[] | ((...args: never[]) => unknown);
    if (entry.needsRegistry) {
      if (group === "history") needsRegistry = true;
      continue;
    }
    const tools = (Array.isArray(exported) ? exported : [exported]) as AnyTool[];
    if (tools.some((tool) => groupOf(tool.name) === group)) own.push(entry);
  }
  const from = (module: string) => {
    const path = relative(dirname(groupToolsPath(group)), module);
    return path.startsWith(".") ? path : `./${path}`;
  };
  const header = [
    `// Generated from ${registryPath} by deno task build:tools: the tools of functions/${group}, imported from`,
    "// their own modules only, so that the function's bundle holds no other group's. Do not edit.",
    'import type { AnyTool } from "../../define-tool.ts";',
  ];
  if (needsRegistry) {
    return [
      ...header,
      'import { allTools } from "../../registry.ts";',
      "",
      "// History describes and undoes every tool's calls: its function needs the whole registry.",
      `export const groupTools: readonly AnyTool[] = allTools.filter((tool) => tool.name.startsWith("${group}."));`,
      "",
    ].join("\n");
  }
  const byModule = new Map<string, string[]>();
  for (const entry of own) byModule.set(entry.module, [...(byModule.get(entry.module) ?? []), entry.name]);
  return [
    ...header,
    ...[...byModule].map(([module, names]) => `import { ${names.join(", ")} } from "${from(module)}";`),
    "",
    `export const groupTools: readonly AnyTool[] = [${
      own.map((entry) => `${entry.spread ? "..." : ""}${entry.name}`).join(", ")
    }].filter((tool) => tool.name.startsWith("${group}."));`,
    "",
  ].join("\n");
}
