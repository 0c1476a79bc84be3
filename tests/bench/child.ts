import { join } from "node:path";

/**
 * Runs a load script of tests/bench in its own Deno process (so that sending requests does not share an
 * event loop with the server being measured): the plan goes in as JSON on stdin, the figures come back as
 * JSON on stdout; its progress lines (stderr) show as they come.
 */
export async function runLoadProcess<Result>(projectRoot: string, script: string, plan: unknown): Promise<Result> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", join(projectRoot, "tests/bench", script)],
    stdin: "piped",
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(JSON.stringify(plan)));
  await writer.close();
  const output = await child.output();
  if (!output.success) throw new Error(`tests/bench/${script} failed`);
  return JSON.parse(new TextDecoder().decode(output.stdout));
}
