// The modules each function's graph holds, as `deno info --json` lists them (what a bundle of it contains): ours
// (file: URLs) and the rest (npm packages' modules and node built-ins).
export interface ModuleCount {
  local: number;
  total: number;
}

export async function moduleCount(entry: string, projectRoot: string): Promise<ModuleCount> {
  const result = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", entry],
    cwd: projectRoot,
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!result.success) throw new Error(`deno info ${entry}: ${new TextDecoder().decode(result.stderr)}`);
  const graph = JSON.parse(new TextDecoder().decode(result.stdout)) as { modules: { specifier: string }[] };
  return {
    local: graph.modules.filter((module) => module.specifier.startsWith("file:")).length,
    total: graph.modules.length,
  };
}

export async function moduleCounts(names: string[], projectRoot: string): Promise<Map<string, ModuleCount>> {
  const counts = new Map<string, ModuleCount>();
  for (const name of names) counts.set(name, await moduleCount(`functions/${name}/index.ts`, projectRoot));
  return counts;
}
