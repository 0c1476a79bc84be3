import { existsSync, readdirSync } from "node:fs";
import { commandExists, isRoot, runCommand } from "./command.ts";

export interface PostgresInstallation {
  version: number;
  binDirectory: string;
  pgProve: string;
}

const minimumVersion = 15;

function installedVersions(): number[] {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .map(Number)
    .filter((version) => Number.isInteger(version) && version >= minimumVersion)
    .filter((version) => existsSync(`${root}/${version}/bin/initdb`))
    .sort((a, b) => b - a);
}

function hasPgTap(version: number): boolean {
  return existsSync(`/usr/share/postgresql/${version}/extension/pgtap.control`);
}

function packagesFor(version: number | undefined): string[] {
  const serverVersion = version ?? "15";
  return [
    version ? `postgresql-${version}` : "postgresql",
    `postgresql-${serverVersion}-pgtap`,
    "libtap-parser-sourcehandler-pgtap-perl",
  ];
}

export async function aptInstall(packages: string[]): Promise<void> {
  console.log(`Installing ${packages.join(", ")} with apt-get…`);
  const env = { DEBIAN_FRONTEND: "noninteractive" };
  const update = await runCommand("apt-get", ["update", "-qq"], { env });
  if (update.code !== 0) throw new Error(`apt-get update failed:\n${update.stderr}`);
  const install = await runCommand("apt-get", ["install", "-y", "-qq", "--no-install-recommends", ...packages], {
    env,
  });
  if (install.code !== 0) throw new Error(`apt-get install failed:\n${install.stderr}`);
}

/**
 * Finds PostgreSQL (15 or newer), pgTAP and pg_prove; installs them with apt
 * when missing and allowed (root with apt-get), else explains what to install.
 */
export async function ensurePostgres(): Promise<PostgresInstallation> {
  let version = installedVersions()[0];
  const complete = () => version !== undefined && hasPgTap(version);
  if (!complete() || !(await commandExists("pg_prove"))) {
    const missing = packagesFor(version);
    if (!isRoot() || !(await commandExists("apt-get"))) {
      throw new Error(
        `PostgreSQL ${minimumVersion}+ with pgTAP and pg_prove is needed. Install: sudo apt-get install ${
          missing.join(" ")
        }`,
      );
    }
    if (version === undefined) await aptInstall(["postgresql"]);
    version = installedVersions()[0];
    if (version === undefined) throw new Error("apt-get installed postgresql, but no server binaries were found.");
    await aptInstall(packagesFor(version));
    if (!complete()) throw new Error(`pgTAP for PostgreSQL ${version} is still missing after installing it.`);
  }
  return { version, binDirectory: `/usr/lib/postgresql/${version}/bin`, pgProve: "pg_prove" };
}
