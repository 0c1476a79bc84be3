// Released migrations are append-only. supabase/releases/<version>.sha256 lists, in sha256sum's format,
// every migration file of that release as it was released (v0.1.0: 20 files; v0.2.0: 52, through
// 20261126001000_catalog_everyday_gaps.sql); each was written once and no script regenerates it.
// A live project has applied those files already (`supabase db push` records each by its version and never runs it
// again), so a change to one would never reach them: a schema change is a new migration after the release.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { join } from "node:path";
import { projectRoot } from "../stack/stack-config.ts";
import { releaseManifest, releases } from "./upgrade-from-release.ts";

const migrationsDirectory = join(projectRoot, "supabase/migrations");

/** Every release, oldest first, with its files as its manifest lists them. */
function releaseManifests(): { version: string; files: { name: string; sha256: string }[] }[] {
  return releases(projectRoot).map((version) => ({ version, files: releaseManifest(projectRoot, version) }));
}

function sha256(path: string): string {
  return createHash("sha256").update(Deno.readFileSync(path)).digest("hex");
}

Deno.test("v0.1.0 and v0.2.0 are released: their manifests list their migrations", () => {
  const manifests = releaseManifests();
  const counts = Object.fromEntries(manifests.map((manifest) => [manifest.version, manifest.files.length]));
  assert.equal(counts["v0.1.0"], 20, "supabase/releases/v0.1.0.sha256 lists 20 migrations");
  assert.equal(counts["v0.2.0"], 52, "supabase/releases/v0.2.0.sha256 lists 52 migrations");
  assert.equal(manifests.at(-1)!.version, "v0.2.0");
  assert.equal(
    manifests.find((manifest) => manifest.version === "v0.2.0")!.files.at(-1)!.name,
    "20261126001000_catalog_everyday_gaps.sql",
  );
});

Deno.test("each release holds every migration of the one before, unchanged, and adds only later ones", () => {
  const manifests = releaseManifests();
  for (const [index, manifest] of manifests.entries()) {
    const names = manifest.files.map((file) => file.name);
    assert.deepEqual(names, [...names].sort(), `${manifest.version}.sha256 lists its migrations in order`);
    assert.equal(new Set(names).size, names.length, `${manifest.version}.sha256 lists a migration twice`);
    const previous = manifests[index - 1];
    if (!previous) continue;
    const own = new Map(manifest.files.map((file) => [file.name, file.sha256]));
    for (const file of previous.files) {
      assert.equal(
        own.get(file.name),
        file.sha256,
        `${file.name} of ${previous.version} is not in ${manifest.version} as released`,
      );
    }
    const previousLast = previous.files.at(-1)!.name;
    for (const name of names.slice(previous.files.length)) {
      assert.ok(
        name > previousLast,
        `${name} of ${manifest.version} sorts before ${previous.version}'s ${previousLast}`,
      );
    }
  }
});

Deno.test("a release holds every migration up to its last one: none left out between", () => {
  const all = [...Deno.readDirSync(migrationsDirectory)].map((entry) => entry.name).filter((name) =>
    name.endsWith(".sql")
  ).sort();
  for (const manifest of releaseManifests()) {
    const last = manifest.files.at(-1)!.name;
    assert.deepEqual(
      manifest.files.map((file) => file.name),
      all.filter((name) => name <= last),
      `${manifest.version}.sha256 lists every migration through ${last}`,
    );
  }
});

Deno.test("no migration of a release is changed or removed", () => {
  for (const manifest of releaseManifests()) {
    for (const file of manifest.files) {
      const path = join(migrationsDirectory, file.name);
      let actual: string;
      try {
        actual = sha256(path);
      } catch {
        assert.fail(`${file.name} of ${manifest.version} was removed: released migrations are append-only`);
      }
      assert.equal(
        actual,
        file.sha256,
        `${file.name} of ${manifest.version} was changed: add a new migration instead (released migrations are ` +
          `append-only)`,
      );
    }
  }
});

Deno.test("new migrations come after the last release's, so a live project applies them in order", () => {
  const manifests = releaseManifests();
  const released = new Set(manifests.flatMap((manifest) => manifest.files.map((file) => file.name)));
  const lastReleased = manifests.at(-1)!.files.at(-1)!.name;
  const added = [...Deno.readDirSync(migrationsDirectory)]
    .map((entry) => entry.name)
    .filter((name) => name.endsWith(".sql") && !released.has(name));
  for (const name of added) {
    assert.ok(
      name > lastReleased,
      `${name} sorts before ${manifests.at(-1)!.version}'s ${lastReleased}: it would never be applied`,
    );
  }
});

Deno.test("every release has its household fixture for the upgrade pass", () => {
  for (const { version } of releaseManifests()) {
    const path = join(projectRoot, "supabase/releases", `${version}-household.sql`);
    assert.ok(Deno.statSync(path).isFile, `${path} is missing`);
  }
});
