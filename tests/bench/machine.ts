import type { Sql } from "../../shared/db/client.ts";

function cpuModel(): string {
  try {
    return /^model name\s*:\s*(.+)$/m.exec(Deno.readTextFileSync("/proc/cpuinfo"))?.[1] ?? "unknown";
  } catch {
    return "unknown";
  }
}

export function loadAverage(): number[] {
  return Deno.loadavg().map((value) => Math.round(value * 100) / 100);
}

/**
 * What the figures were measured on. The load averages at start and end say how busy the machine was with
 * other work: on a shared machine absolute figures move, and only the ratios to the floors, measured in
 * alternating batches of the same run, compare across runs.
 */
export async function machineInfo(sql: Sql) {
  const [{ version }] = await sql<{ version: string }[]>`select current_setting('server_version') as version`;
  return {
    cpu: cpuModel(),
    cores: navigator.hardwareConcurrency,
    memory_gb: Math.round(Deno.systemMemoryInfo().total / 2 ** 30),
    os: `${Deno.build.os} ${Deno.osRelease()}`,
    deno: Deno.version.deno,
    postgres: version,
    started_at: new Date().toISOString(),
    load_average_start: loadAverage(),
    load_average_end: [] as number[],
  };
}

export type MachineInfo = Awaited<ReturnType<typeof machineInfo>>;

// Linux reports CPU time in USER_HZ ticks, 100 per second on every architecture Deno runs on.
const ticksPerSecond = 100;

/**
 * CPU time the whole machine has spent on work so far, in ms, from /proc/stat (Linux; undefined elsewhere):
 * user, nice, system, irq and softirq time of every core. Idle, I/O wait and the time the hypervisor gave
 * to other machines (steal) are not work done here. Read around a batch of requests, it covers everything
 * the batch made the machine do: the load process, the functions and PostgreSQL with its WAL writer.
 */
export function machineBusyMs(): number | undefined {
  try {
    const fields = /^cpu\s+(.+)$/m.exec(Deno.readTextFileSync("/proc/stat"))?.[1].trim().split(/\s+/).map(Number);
    if (!fields || fields.length < 7 || fields.some(Number.isNaN)) return undefined;
    const [user, nice, system, _idle, _iowait, irq, softirq] = fields;
    return ((user + nice + system + irq + softirq) / ticksPerSecond) * 1000;
  } catch {
    return undefined;
  }
}

/** Resident memory of a process in MB, from /proc (Linux). */
export function residentMegabytes(pid: number): number {
  const status = Deno.readTextFileSync(`/proc/${pid}/status`);
  const kilobytes = Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1]);
  return Math.round((kilobytes / 1024) * 10) / 10;
}
