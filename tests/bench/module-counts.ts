// The modules each function's graph holds (what a bundle of it contains): ours (file: URLs) and the rest (npm
// packages' modules and node built-ins), from the same `deno info` reading the module budget test uses.
import { moduleGraph } from "../registry/module-graph.ts";

export interface ModuleCount {
  local: number;
  total: number;
}

export async function moduleCounts(names: string[]): Promise<Map<string, ModuleCount>> {
  const counts = new Map<string, ModuleCount>();
  for (const name of names) {
    const graph = await moduleGraph(`functions/${name}/index.ts`);
    counts.set(name, { local: graph.filter((module) => module.startsWith("file:")).length, total: graph.length });
  }
  return counts;
}
