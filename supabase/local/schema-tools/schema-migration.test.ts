// deno task db:migration on a copy of the project: an edited function, policy and grant come out as exactly those
// three changes, and the migration makes the two builds agree; a changed table is refused and nothing is written.
import assert from "node:assert/strict";
import { cpSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { catalogDifferences, catalogSnapshot } from "./catalog-snapshot.ts";
import { generateMigration, planMigration } from "./schema-migration.ts";
import { databaseFromMigrations, databaseFromSchemas, dropDatabase } from "./schema-databases.ts";
import { projectRoot } from "../stack/stack-config.ts";
import { bootstrapFiles } from "../stack/migrations.ts";

function clusterUrl(): string {
  const url = Deno.env.get("SUPABASE_DB_URL");
  if (!url) throw new Error("SUPABASE_DB_URL is not set: run the tests with deno task test");
  return url;
}

/** A temporary project holding what the generator reads: config.toml, schemas, migrations and the bootstrap. */
function projectCopy(): string {
  const root = Deno.makeTempDirSync({ prefix: "schema-migration-" });
  for (
    const path of [
      "supabase/config.toml",
      "supabase/schemas",
      "supabase/migrations",
      ...bootstrapFiles,
    ]
  ) {
    mkdirSync(join(root, path, ".."), { recursive: true });
    cpSync(join(projectRoot, path), join(root, path), { recursive: true });
  }
  return root;
}

function edit(root: string, file: string, before: string, after: string): void {
  const path = join(root, "supabase/schemas", file);
  const text = Deno.readTextFileSync(path);
  assert.deepEqual(text.split(before).length, 2, `${file} holds ${JSON.stringify(before)} once`);
  Deno.writeTextFileSync(path, text.replace(before, after));
}

const migrationNames = (root: string) => [...Deno.readDirSync(join(root, "supabase/migrations"))].map((e) => e.name);

Deno.test({
  name: "db:migration writes an edited function, policy and grant, and refuses a column",
  async fn(t) {
    const cluster = clusterUrl();
    const root = projectCopy();
    const options = { root, cluster, databasePrefix: "schema_migration_test", log: () => {} };
    try {
      await t.step("a function, a policy and a grant: exactly those, and the builds agree after", async () => {
        edit(
          root,
          "13_describers.sql",
          "coalesce(p_plural, p_singular || 's')",
          "coalesce(p_plural, p_singular || 'es')",
        );
        edit(
          root,
          "30_recipes.sql",
          `create policy "Recipes are visible to household members" on public.recipes
  for select to authenticated
  using (household_id in (select private.member_household_ids()));`,
          `create policy "Recipes are visible to household members" on public.recipes
  for select to authenticated
  using (household_id in (select private.owned_household_ids()));`,
        );
        edit(
          root,
          "30_recipes.sql",
          "grant insert, update on public.recipes to meal_planner_writer;",
          "grant insert, update, delete on public.recipes to meal_planner_writer;",
        );
        const before = migrationNames(root);
        const result = await generateMigration({ ...options, name: "edited", timestamp: "29990101000000" });
        assert.ok(result.outcome === "written", JSON.stringify(result));
        assert.deepEqual(result.path, join(root, "supabase/migrations/29990101000000_edited.sql"));
        assert.deepEqual(migrationNames(root).sort(), [...before, "29990101000000_edited.sql"].sort());
        assert.deepEqual(Deno.readTextFileSync(result.path), result.text);
        assert.deepEqual(result.statements.length, 3, result.text);
        const [fn, policy, grant] = result.statements;
        assert.ok(fn.startsWith("create or replace function private.counted("), fn);
        assert.ok(fn.includes("p_singular || 'es'"), fn);
        assert.ok(
          policy.startsWith(
            `drop policy if exists "Recipes are visible to household members" on public.recipes;\n` +
              `create policy "Recipes are visible to household members" on public.recipes`,
          ),
          policy,
        );
        assert.ok(policy.includes("private.owned_household_ids()"), policy);
        assert.deepEqual(grant, "grant delete on public.recipes to meal_planner_writer;");

        // Built anew, the migrations with the new one and the edited schema files make one catalog.
        const migrationsName = "schema_migration_test_check_migrations";
        const filesName = "schema_migration_test_check_files";
        try {
          const migrationsUrl = await databaseFromMigrations(cluster, migrationsName, root);
          const filesUrl = await databaseFromSchemas(cluster, filesName, root);
          assert.deepEqual(
            catalogDifferences(await catalogSnapshot(migrationsUrl), await catalogSnapshot(filesUrl)),
            [],
          );
        } finally {
          await dropDatabase(cluster, migrationsName);
          await dropDatabase(cluster, filesName);
        }
      });

      await t.step("a column is refused, the difference named, and no file written", async () => {
        edit(
          root,
          "58_grocery_aisles_and_buying.sql",
          "  updated_by uuid references auth.users (id) on delete set null,\n",
          "  updated_by uuid references auth.users (id) on delete set null,\n  note text,\n",
        );
        const before = migrationNames(root).sort();
        const result = await generateMigration({ ...options, name: "column", timestamp: "29990101000001" });
        assert.ok(result.outcome === "refused", JSON.stringify(result));
        assert.ok(
          result.differences.join("\n").includes("public.household_aisle_orders.note"),
          result.differences.join("\n"),
        );
        assert.ok(result.message.includes("public.household_aisle_orders.note"), result.message);
        assert.deepEqual(migrationNames(root).sort(), before);
      });
    } finally {
      Deno.removeSync(root, { recursive: true });
    }
  },
});

Deno.test("a dropped function comes after the dropped trigger that called it", () => {
  const fromMigrations = {
    "function private.stamp()": "plpgsql stamp acl={}",
    "trigger public.items trigger items_stamp": "before update execute private.stamp()",
  };
  const { statements, refused } = planMigration(fromMigrations, {}, new Map());
  assert.deepEqual(refused, []);
  assert.deepEqual(statements, [
    "drop trigger if exists items_stamp on public.items;",
    "drop function private.stamp();",
  ]);
});
