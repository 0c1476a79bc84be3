// The migrations apply as a hosted project's owner does: on Supabase the migrations run as `postgres`,
// which is not a superuser (NOSUPERUSER CREATEROLE CREATEDB REPLICATION BYPASSRLS) and holds ADMIN OPTION on anon,
// authenticated, service_role and authenticator (a hosted PostgreSQL 17 project's role dump shows these). From
// PostgreSQL 16, granting authenticated to the writer and reader roles takes that ADMIN OPTION; a superuser never
// meets the check, so this runs on a cluster of its own (roles are the cluster's), with an owner role made like
// hosted's `postgres`, and the superuser doing only what supabase_admin does there (the bootstrap).
import assert from "node:assert/strict";
import { join } from "node:path";
import postgres from "postgres";
import { startCluster } from "../stack/cluster.ts";
import { applyBootstrap, applyMigrations, migrationFiles } from "../stack/migrations.ts";
import { ensurePostgres } from "../stack/postgres-install.ts";
import { databaseUrl, projectRoot, type StackConfig } from "../stack/stack-config.ts";

const owner = "project_owner";

Deno.test("every migration applies as a non-superuser owner like hosted's postgres, and the tools run", async () => {
  const installation = await ensurePostgres();
  const stateDirectory = await Deno.makeTempDir({ prefix: "hosted-owner-test-" });
  const config: StackConfig = {
    name: `hosted-owner-${crypto.randomUUID().slice(0, 8)}`,
    projectRoot,
    stateDirectory,
    apiPort: 25463,
    databasePort: 25464,
    databaseName: "postgres",
  };
  const cluster = await startCluster(installation, config);
  const superuser = postgres(databaseUrl(config), { max: 1, onnotice: () => {} });
  try {
    // What supabase_admin sets up before a project's migrations: the bootstrap, and the owner role as hosted has it.
    await superuser.unsafe(
      `create role ${owner} login password 'owner' nosuperuser inherit createrole createdb replication bypassrls`,
    );
    await superuser.unsafe(`create database project owner ${owner}`);
    const project = postgres(databaseUrl(config, "project"), { max: 1, onnotice: () => {} });
    try {
      await applyBootstrap(project, projectRoot);
      await project.unsafe(`
        grant anon, authenticated, service_role, authenticator to ${owner} with admin option;
        grant pg_signal_backend, pg_read_all_data, pg_monitor to ${owner};
        grant usage on schema auth, extensions to ${owner};
        grant select, references, trigger on auth.users to ${owner};
        alter schema supabase_migrations owner to ${owner};
        alter table supabase_migrations.schema_migrations owner to ${owner};
        alter default privileges for role ${owner} in schema public grant all on tables to anon, authenticated, service_role;
        alter default privileges for role ${owner} in schema public grant all on functions to anon, authenticated, service_role;
        alter default privileges for role ${owner} in schema public grant all on sequences to anon, authenticated, service_role;
        -- Realtime's schema is not the owner's: supabase_realtime_admin owns realtime.messages, and supautils
        -- (policy_grants) lets postgres create policies on it; membership of the owning role does that here.
        do $$ begin
          if not exists (select from pg_roles where rolname = 'supabase_realtime_admin') then
            create role supabase_realtime_admin nologin noinherit;
          end if;
        end $$;
        alter table realtime.messages owner to supabase_realtime_admin;
        grant supabase_realtime_admin to ${owner};
        grant usage on schema realtime to ${owner};
        -- Storage's schema is supabase_storage_admin's; postgres holds every privilege on buckets and objects (the
        -- Storage server's grants) and, through supautils, may create policies on storage.objects: membership here.
        do $$ begin
          if not exists (select from pg_roles where rolname = 'supabase_storage_admin') then
            create role supabase_storage_admin nologin noinherit;
          end if;
        end $$;
        alter table storage.objects owner to supabase_storage_admin;
        alter table storage.buckets owner to supabase_storage_admin;
        grant supabase_storage_admin to ${owner};
        grant all on storage.buckets, storage.objects to ${owner} with grant option;
      `).simple();
    } finally {
      await project.end();
    }

    const ownerUrl = databaseUrl(config, "project").replace("postgres:postgres@", `${owner}:owner@`);
    const asOwner = postgres(ownerUrl, { max: 1, onnotice: () => {} });
    try {
      const [{ superuser: isSuperuser }] = await asOwner<{ superuser: boolean }[]>`
        select rolsuper as superuser from pg_roles where rolname = current_user`;
      assert.equal(isSuperuser, false);
      const result = await applyMigrations(asOwner, join(projectRoot, "supabase/migrations"));
      assert.equal(result.applied.length, migrationFiles(join(projectRoot, "supabase/migrations")).length);

      // The owner logs in as the functions do and takes the reader and writer roles, which from 16 needs the
      // membership the migrations granted it (with ADMIN on authenticated, which it holds as on hosted).
      const [{ reader, writer }] = await asOwner<{ reader: boolean; writer: boolean }[]>`
        select pg_has_role(current_user, 'meal_planner_reader', 'member') as reader,
               pg_has_role(current_user, 'meal_planner_writer', 'member') as writer`;
      assert.deepEqual([reader, writer], [true, true]);

      // A sign-up (as GoTrue writes it) and a read and a write tool through private.invoke, as the owner.
      const userId = crypto.randomUUID();
      await asOwner.begin(async (transaction) => {
        await transaction.unsafe("set local role service_role");
        await transaction`insert into auth.users (id, aud, role, email, created_at, updated_at)
          values (${userId}, 'authenticated', 'authenticated', 'owner-test@example.com', now(), now())`;
      });
      const invoke = async (tool: string, input: unknown, isWrite: boolean) => {
        const [{ reply }] = await asOwner<{ reply: { data: Record<string, unknown> } }[]>`
          select private.invoke(${
          asOwner.json({
            claims: { sub: userId, role: "authenticated", email: "owner-test@example.com" },
            tool,
            function: `app.${tool.replace(".", "_")}`,
            input,
            scope: "household",
            is_write: isWrite,
            idempotency_key: isWrite ? crypto.randomUUID() : null,
          } as never)
        }::jsonb) as reply`;
        return reply.data;
      };
      const created = await invoke("grocery.create_list", { name: "Hosted" }, true);
      const lists = await invoke("grocery.list_lists", {}, false) as { lists: { id: string }[] };
      assert.deepEqual(lists.lists.map((list) => list.id), [created.grocery_list_id]);

      // A poke, sent by the owner's security definer helper: realtime.send's insert passes without a policy.
      const [{ household }] = await asOwner<{ household: string }[]>`
        select household_id as household from household_members where user_id = ${userId}`;
      await asOwner`select private.poke_household(${household}, ${
        asOwner.json({ list_id: created.grocery_list_id, version: 1 } as never)
      })`;
      const [{ pokes }] = await asOwner<{ pokes: number }[]>`
        select count(*)::int as pokes from realtime.messages where topic = ${"household:" + household}`;
      assert.equal(pokes, 1);
    } finally {
      await asOwner.end();
    }
  } finally {
    await superuser.end();
    if (cluster.started) await cluster.stop();
    await Deno.remove(stateDirectory, { recursive: true }).catch(() => {});
  }
});
