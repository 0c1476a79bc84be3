// The modules of an entry point's graph as `deno info --json` lists them: what `deno bundle` and a deploy bundle hold.
const projectRoot = new URL("../../", import.meta.url);

interface Dependency {
  code?: { specifier: string };
  isDynamic?: boolean;
}

interface ModuleInfo {
  specifier: string;
  dependencies?: Dependency[];
}

interface GraphInfo {
  roots: string[];
  modules: ModuleInfo[];
  redirects: Record<string, string>;
}

async function denoInfo(entry: string): Promise<GraphInfo> {
  const result = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", entry],
    cwd: projectRoot,
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!result.success) throw new Error(`deno info ${entry}: ${new TextDecoder().decode(result.stderr)}`);
  return JSON.parse(new TextDecoder().decode(result.stdout)) as GraphInfo;
}

export async function moduleGraph(entry: string): Promise<string[]> {
  return (await denoInfo(entry)).modules.map((module) => module.specifier);
}

/**
 * The modules evaluated when the entry point starts: its graph reached through static imports only, so without what
 * is loaded by a dynamic import() when a route first needs it (a bundle still holds that). npm packages are named by
 * their specifier ("npm:/zod@4.6.7") and not followed inside.
 */
export async function startupModules(entry: string): Promise<string[]> {
  const graph = await denoInfo(entry);
  const byName = new Map(graph.modules.map((module) => [module.specifier, module]));
  const resolved = (specifier: string) => graph.redirects[specifier] ?? specifier;
  const reached = new Set<string>();
  const pending = graph.roots.map(resolved);
  while (pending.length > 0) {
    const specifier = pending.pop()!;
    if (reached.has(specifier)) continue;
    reached.add(specifier);
    for (const dependency of byName.get(specifier)?.dependencies ?? []) {
      // A type-only import has no code edge; a dynamic one is evaluated when it runs, not at start.
      if (dependency.isDynamic || !dependency.code) continue;
      pending.push(resolved(dependency.code.specifier));
    }
  }
  return [...reached];
}
