// Released migrations are append-only (issue 24.3). supabase/releases/<version>.sha256 lists, in sha256sum's format,
// every migration file of that release as it was released; it was written once by hand and no script regenerates it.
// A live project has applied those files already (`supabase db push` records each by its version and never runs it
// again), so a change to one would never reach them: a schema change is a new migration after the release.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { join } from "node:path";
import { projectRoot } from "./stack-config.ts";

const releasesDirectory = join(projectRoot, "supabase/releases");
const migrationsDirectory = join(projectRoot, "supabase/migrations");

function releaseManifests(): { version: string; files: { name: string; sha256: string }[] }[] {
  return [...Deno.readDirSync(releasesDirectory)]
    .filter((entry) => entry.name.endsWith(".sha256"))
    .map((entry) => ({
      version: entry.name.replace(/\.sha256$/, ""),
      files: Deno.readTextFileSync(join(releasesDirectory, entry.name)).trim().split("\n").map((line) => {
        const match = line.match(/^([0-9a-f]{64}) [ *](\S+\.sql)$/);
        if (!match) throw new Error(`${entry.name}: not a sha256sum line: ${line}`);
        return { sha256: match[1], name: match[2] };
      }),
    }));
}

function sha256(path: string): string {
  return createHash("sha256").update(Deno.readFileSync(path)).digest("hex");
}

Deno.test("v0.1.0 is released: its manifest lists its migrations", () => {
  const manifests = releaseManifests();
  const first = manifests.find((manifest) => manifest.version === "v0.1.0");
  assert.ok(first, "supabase/releases/v0.1.0.sha256 is missing");
  assert.equal(first.files.length, 20);
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
  const released = new Set(releaseManifests().flatMap((manifest) => manifest.files.map((file) => file.name)));
  const lastReleased = [...released].sort().at(-1)!;
  const added = [...Deno.readDirSync(migrationsDirectory)]
    .map((entry) => entry.name)
    .filter((name) => name.endsWith(".sql") && !released.has(name));
  for (const name of added) {
    assert.ok(name > lastReleased, `${name} sorts before the released ${lastReleased}: it would never be applied`);
  }
});
