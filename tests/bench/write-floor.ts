import type { Sql } from "../../shared/db/client.ts";

/**
 * The table behind the write floor (POST /health/write): one insert and its commit, the least a write tool
 * can cost. It exists only in the benchmark's database, never in the migrations. The functions connect as its
 * owner (postgres, as on Supabase), so they need no grant; a new schema gives the API roles (anon,
 * authenticated) no usage, so the Data API cannot reach it.
 */
export async function createWriteFloorTable(sql: Sql): Promise<void> {
  await sql`create schema if not exists bench`;
  await sql`create table if not exists bench.write_floor (
    id bigint generated always as identity primary key,
    user_id uuid not null,
    created_at timestamptz not null default now()
  )`;
}
