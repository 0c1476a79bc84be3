import assert from "node:assert/strict";
import { AuthSessionMissingError, createClient } from "@supabase/supabase-js";
import { stackEnv } from "../support/stack.ts";
import { uniqueEmail } from "./auth-client.ts";

Deno.test("deno task token makes a session: its token passes GET /user until that session is signed out", async () => {
  const email = uniqueEmail("cli");
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "supabase/local/stack/token.ts", email, "--stack", "test"],
    env: { TEST_STATE_DIR: stackEnv().stateDirectory },
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(output.code, 0, new TextDecoder().decode(output.stderr));
  const token = new TextDecoder().decode(output.stdout).trim();
  const supabase = createClient(stackEnv().apiUrl, stackEnv().anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const { data, error } = await supabase.auth.getUser(token);
  assert.equal(error, null);
  assert.equal(data.user?.email, email);
  await supabase.auth.admin.signOut(token);
  const after = await supabase.auth.getUser(token);
  assert.ok(after.error instanceof AuthSessionMissingError);
});
