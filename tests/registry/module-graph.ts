// The modules of an entry point's graph as `deno info --json` lists them: what `deno bundle` and a deploy bundle hold.
const projectRoot = new URL("../../", import.meta.url);

export async function moduleGraph(entry: string): Promise<string[]> {
  const result = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", entry],
    cwd: projectRoot,
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!result.success) throw new Error(`deno info ${entry}: ${new TextDecoder().decode(result.stderr)}`);
  const graph = JSON.parse(new TextDecoder().decode(result.stdout)) as { modules: { specifier: string }[] };
  return graph.modules.map((module) => module.specifier);
}
