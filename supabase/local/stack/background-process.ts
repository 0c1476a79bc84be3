/** A long-running child whose output goes to a log file, with what it has printed so far kept at hand. */
export interface BackgroundProcess {
  child: Deno.ChildProcess;
  logFile: string;
  /** Everything it has printed so far (stdout and stderr, interleaved). */
  output(): string;
  /** Resolves once it has exited. */
  exited: Promise<Deno.CommandStatus>;
  /** SIGTERM, then SIGKILL if it has not exited after `graceMilliseconds`. */
  stop(graceMilliseconds?: number): Promise<void>;
}

export function startBackgroundProcess(
  program: string,
  args: string[],
  options: { env?: Record<string, string>; cwd?: string; logFile: string },
): BackgroundProcess {
  const child = new Deno.Command(program, {
    args,
    // Its output goes to a log file, where terminal colour codes would only be noise (a child Deno colours its
    // warnings and errors whatever its output is); the caller's own NO_COLOR still wins.
    env: { NO_COLOR: "1", ...options.env },
    cwd: options.cwd,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const log = Deno.openSync(options.logFile, { create: true, write: true, truncate: true });
  let printed = "";
  const pump = async (stream: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder();
    for await (const chunk of stream) {
      printed += decoder.decode(chunk, { stream: true });
      log.writeSync(chunk);
    }
  };
  const pumped = Promise.all([pump(child.stdout), pump(child.stderr)]);
  const exited = Promise.all([child.status, pumped]).then(([status]) => {
    log.close();
    return status;
  });
  let stopping: Promise<void> | undefined;
  const stop = (graceMilliseconds = 5000) => {
    stopping ??= (async () => {
      try {
        child.kill("SIGTERM");
      } catch {
        // it has exited already
      }
      const timer = setTimeout(() => {
        try {
          child.kill("SIGKILL");
        } catch {
          // it exited in the meantime
        }
      }, graceMilliseconds);
      await exited;
      clearTimeout(timer);
    })();
    return stopping;
  };
  return { child, logFile: options.logFile, output: () => printed, exited, stop };
}

/**
 * Polls `ready` until it is true, failing early if the process exits and after `timeoutMilliseconds`,
 * with the end of its output in the message.
 */
export async function waitUntilReady(
  process: BackgroundProcess,
  what: string,
  ready: () => boolean | Promise<boolean>,
  timeoutMilliseconds = 60_000,
): Promise<void> {
  let exitCode: number | undefined;
  process.exited.then((status) => exitCode = status.code);
  const deadline = performance.now() + timeoutMilliseconds;
  const tail = () => process.output().trim().split("\n").slice(-20).join("\n");
  while (!(await ready())) {
    if (exitCode !== undefined) throw new Error(`${what} exited (code ${exitCode}) before it was ready:\n${tail()}`);
    if (performance.now() > deadline) {
      await process.stop();
      throw new Error(`${what} was not ready within ${timeoutMilliseconds / 1000} s:\n${tail()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
