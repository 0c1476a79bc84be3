export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a program to completion and returns what it printed; never throws for a non-zero exit. */
export async function runCommand(
  program: string,
  args: string[],
  options: { env?: Record<string, string>; cwd?: string; stdin?: string } = {},
): Promise<CommandResult> {
  const command = new Deno.Command(program, {
    args,
    env: options.env,
    cwd: options.cwd,
    stdin: options.stdin === undefined ? "null" : "piped",
    stdout: "piped",
    stderr: "piped",
  });
  const child = command.spawn();
  if (options.stdin !== undefined) {
    const writer = child.stdin.getWriter();
    await writer.write(new TextEncoder().encode(options.stdin));
    await writer.close();
  }
  const output = await child.output();
  const decoder = new TextDecoder();
  return { code: output.code, stdout: decoder.decode(output.stdout), stderr: decoder.decode(output.stderr) };
}

export async function commandExists(program: string): Promise<boolean> {
  try {
    const result = await runCommand("sh", ["-c", `command -v ${program}`]);
    return result.code === 0;
  } catch {
    return false;
  }
}

export function isRoot(): boolean {
  return Deno.uid() === 0;
}
