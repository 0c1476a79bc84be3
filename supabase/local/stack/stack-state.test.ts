import assert from "node:assert/strict";
import { join } from "node:path";
import { projectRoot } from "./stack-config.ts";

const decoder = new TextDecoder();

async function runDeno(args: string[], env: Record<string, string>, cwd = projectRoot) {
  const output = await new Deno.Command(Deno.execPath(), { args, env, cwd, clearEnv: true }).output();
  return { code: output.code, stdout: decoder.decode(output.stdout).trim(), stderr: decoder.decode(output.stderr) };
}

// The parent's environment without the named variables (a child's env is otherwise merged with ours).
function environmentWithout(...names: string[]): Record<string, string> {
  const copy = Deno.env.toObject();
  for (const name of names) delete copy[name];
  return copy;
}

Deno.test("a relative STATE_DIR is taken from the directory the command was run in (INIT_CWD, else the cwd)", async () => {
  const elsewhere = await Deno.makeTempDir({ prefix: "state-dir-" });
  try {
    const script = `import { stackConfig } from "${join(projectRoot, "supabase/local/stack/stack-config.ts")}";
      console.log(stackConfig("dev").stateDirectory, stackConfig("test").stateDirectory);`;
    const base = environmentWithout("INIT_CWD", "STATE_DIR", "TEST_STATE_DIR");
    const fromCwd = await runDeno(["eval", script], { ...base, STATE_DIR: ".local/x", TEST_STATE_DIR: "t" }, elsewhere);
    assert.equal(fromCwd.stdout, `${join(elsewhere, ".local/x")} ${join(elsewhere, "t")}`, fromCwd.stderr);
    const fromTask = await runDeno(["eval", script], { ...base, STATE_DIR: "../y", INIT_CWD: elsewhere });
    assert.equal(fromTask.stdout.split(" ")[0], join(elsewhere, "..", "y"), fromTask.stderr);
  } finally {
    await Deno.remove(elsewhere, { recursive: true });
  }
});

Deno.test("deno task token finds the running stack on its own ports without the variables it was started with", async () => {
  const apiUrl = Deno.env.get("SUPABASE_URL");
  assert.ok(apiUrl, "the test task sets SUPABASE_URL to the test stack's API");
  const result = await runDeno(
    ["run", "-A", "supabase/local/stack/token.ts", "--stack", "test", "state-file@example.com"],
    environmentWithout("TEST_API_PORT", "TEST_DB_PORT", "TEST_STATE_DIR"),
  );
  assert.equal(result.code, 0, result.stderr);
  const claims = JSON.parse(atob(result.stdout.split(".")[1].replace(/-/g, "+").replace(/_/g, "/")));
  assert.equal(claims.iss, `${apiUrl}/auth/v1`);
  assert.equal(claims.email, "state-file@example.com");
});
