import postgres from "postgres";
import { readSigningKey, signUserToken, type TokenUser } from "../../supabase/local/stack/signing-key.ts";
import { ensureUser } from "../../supabase/local/stack/users.ts";
import type { Sql } from "../../shared/db/client.ts";

/** What `deno task test` tells the tests about the stack it started. */
export function stackEnv() {
  const read = (name: string) => {
    const value = Deno.env.get(name);
    if (!value) throw new Error(`${name} is not set: run the tests with deno task test`);
    return value;
  };
  return {
    apiUrl: read("SUPABASE_URL"),
    databaseUrl: read("SUPABASE_DB_URL"),
    anonKey: read("SUPABASE_ANON_KEY"),
    stateDirectory: read("LOCAL_STACK_DIR"),
  };
}

export function functionsUrl(path: string): string {
  return `${stackEnv().apiUrl}/functions/v1/${path.replace(/^\//, "")}`;
}

/** A superuser connection for arranging and inspecting data; close it with `await sql.end()`. */
export function adminSql(): Sql {
  return postgres(stackEnv().databaseUrl, { max: 2, onnotice: () => {} });
}

export interface TestUser extends TokenUser {
  token: string;
}

/** A new user (a unique email per call, so test files never share users) and an access token for it. */
export async function createTestUser(sql: Sql, label = "user"): Promise<TestUser> {
  const email = `${label}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const user = await ensureUser(sql, email);
  const key = await readSigningKey(stackEnv().stateDirectory);
  return { ...user, token: await signUserToken(key, stackEnv().apiUrl, user) };
}
