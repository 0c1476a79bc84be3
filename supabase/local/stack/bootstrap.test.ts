import assert from "node:assert/strict";
import { createAccessTokenVerifier } from "../../../shared/auth/access-token.ts";
import { adminSql, createTestUser, stackEnv } from "../../../tests/support/stack.ts";
import { authIssuer } from "./signing-key.ts";

const verify = createAccessTokenVerifier({
  jwksUrl: `${stackEnv().apiUrl}/auth/v1/.well-known/jwks.json`,
  issuer: authIssuer(stackEnv().apiUrl),
});

Deno.test("auth.uid() and auth.role() return the verified token's claims inside a claims-scoped transaction", async () => {
  const sql = adminSql();
  try {
    const user = await createTestUser(sql, "bootstrap");
    const claims = await verify(user.token);
    const [row] = await sql.begin(async (transaction) => {
      await transaction`select set_config('request.jwt.claims', ${JSON.stringify(claims)}, true)`;
      await transaction`set local role authenticated`;
      return await transaction`select auth.uid() as uid, auth.role() as role, auth.jwt() ->> 'email' as email,
        current_user as role_name`;
    });
    assert.deepEqual({ ...row }, {
      uid: user.id,
      role: "authenticated",
      email: user.email,
      role_name: "authenticated",
    });
    const [after] = await sql`select auth.uid() as uid, current_user as role_name`;
    assert.deepEqual({ ...after }, { uid: null, role_name: "postgres" });
  } finally {
    await sql.end();
  }
});

for (const role of ["anon", "authenticated"]) {
  Deno.test(`${role} can neither create roles nor read auth.users`, async () => {
    const sql = adminSql();
    try {
      const user = await createTestUser(sql, "bootstrap-other");
      const asRole = (query: string) =>
        sql.begin(async (transaction) => {
          await transaction.unsafe(`set local role ${role}`);
          return await transaction.unsafe(query);
        });
      await assert.rejects(asRole("create role intruder"), /permission denied to create role/);
      await assert.rejects(asRole(`select email from auth.users where id = '${user.id}'`), /permission denied/);
      await assert.rejects(asRole("update auth.users set email = 'x@example.com'"), /permission denied/);
      await assert.rejects(asRole("alter role authenticated bypassrls"), /must be superuser|permission denied/);
    } finally {
      await sql.end();
    }
  });
}

Deno.test("the API roles have the attributes Supabase gives them", async () => {
  const sql = adminSql();
  try {
    const rows = await sql`select rolname, rolcanlogin, rolbypassrls, rolsuper from pg_roles
      where rolname in ('anon', 'authenticated', 'service_role', 'authenticator') order by rolname`;
    assert.deepEqual(rows.map((row) => ({ ...row })), [
      { rolname: "anon", rolcanlogin: false, rolbypassrls: false, rolsuper: false },
      { rolname: "authenticated", rolcanlogin: false, rolbypassrls: false, rolsuper: false },
      { rolname: "authenticator", rolcanlogin: true, rolbypassrls: false, rolsuper: false },
      { rolname: "service_role", rolcanlogin: false, rolbypassrls: true, rolsuper: false },
    ]);
  } finally {
    await sql.end();
  }
});

Deno.test("auth.users is shaped as GoTrue's where we touch it: id has no default, email unique among non-SSO users", async () => {
  const sql = adminSql();
  try {
    const columns = await sql<{ column_name: string; data_type: string; column_default: string | null }[]>`
      select column_name, data_type, column_default from information_schema.columns
      where table_schema = 'auth' and table_name = 'users'
        and column_name in ('id', 'email', 'raw_user_meta_data', 'is_sso_user', 'is_anonymous')
      order by column_name`;
    assert.deepEqual(columns.map((column) => ({ ...column })), [
      { column_name: "email", data_type: "character varying", column_default: null },
      { column_name: "id", data_type: "uuid", column_default: null },
      { column_name: "is_anonymous", data_type: "boolean", column_default: "false" },
      { column_name: "is_sso_user", data_type: "boolean", column_default: "false" },
      { column_name: "raw_user_meta_data", data_type: "jsonb", column_default: null },
    ]);
    await assert.rejects(sql`insert into auth.users (email) values ('no-id@example.com')`, /null value in column "id"/);
  } finally {
    await sql.end();
  }
});

Deno.test("GoTrue's tables that the Auth stand-in writes exist with GoTrue's key columns, closed to the API roles", async () => {
  const sql = adminSql();
  try {
    const columns = await sql<{ name: string; type: string }[]>`
      select table_name || '.' || column_name as name, udt_name as type from information_schema.columns
      where table_schema = 'auth' and (table_name, column_name) in (
        ('users', 'encrypted_password'), ('users', 'email_confirmed_at'), ('users', 'confirmation_token'),
        ('users', 'recovery_token'), ('users', 'last_sign_in_at'), ('users', 'confirmed_at'),
        ('identities', 'provider_id'), ('identities', 'identity_data'), ('identities', 'email'),
        ('sessions', 'aal'), ('sessions', 'refreshed_at'), ('refresh_tokens', 'token'), ('refresh_tokens', 'user_id'),
        ('refresh_tokens', 'parent'), ('refresh_tokens', 'session_id'), ('one_time_tokens', 'token_type'),
        ('mfa_amr_claims', 'authentication_method'))
      order by 1`;
    assert.deepEqual(columns.map((column) => `${column.name} ${column.type}`), [
      "identities.email text",
      "identities.identity_data jsonb",
      "identities.provider_id text",
      "mfa_amr_claims.authentication_method text",
      "one_time_tokens.token_type one_time_token_type",
      "refresh_tokens.parent varchar",
      "refresh_tokens.session_id uuid",
      "refresh_tokens.token varchar",
      "refresh_tokens.user_id varchar",
      "sessions.aal aal_level",
      "sessions.refreshed_at timestamp",
      "users.confirmation_token varchar",
      "users.confirmed_at timestamptz",
      "users.email_confirmed_at timestamptz",
      "users.encrypted_password varchar",
      "users.last_sign_in_at timestamptz",
      "users.recovery_token varchar",
    ]);
    for (const role of ["anon", "authenticated"]) {
      await assert.rejects(
        sql.begin(async (transaction) => {
          await transaction.unsafe(`set local role ${role}`);
          return await transaction`select token from auth.refresh_tokens limit 1`;
        }),
        /permission denied/,
      );
    }
  } finally {
    await sql.end();
  }
});
