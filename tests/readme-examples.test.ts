import assert from "node:assert/strict";
import { join } from "node:path";
import { projectRoot } from "../supabase/local/stack/stack-config.ts";
import { appClient, uniqueEmail } from "./auth/auth-client.ts";
import { catalogIngredient, householdOf } from "./support/households.ts";
import { adminSql, stackEnv } from "./support/stack.ts";
import { callToolOk } from "./support/tools-client.ts";

// The examples in the README and in docs/, run as a reader would paste them, against the test stack: only the
// stack's address and the way Deno is started are put in. A block is found by what it contains, in whichever page
// holds it now, so moving an example between pages keeps it tested.
const pages = await Promise.all(
  ["README.md", ...[...Deno.readDirSync(join(projectRoot, "docs"))].map((entry) => `docs/${entry.name}`)]
    .filter((path) => path.endsWith(".md"))
    .sort()
    .map(async (path) => ({ path, text: await Deno.readTextFile(join(projectRoot, path)) })),
);
const decoder = new TextDecoder();

function docsBlock(language: string, containing: string): string {
  const blocks = pages.flatMap(({ text }) =>
    [...text.matchAll(new RegExp("```" + language + "\\n([\\s\\S]*?)```", "g"))].map((match) => match[1])
  );
  const found = blocks.filter((text) => text.includes(containing));
  assert.equal(
    found.length,
    1,
    `one ${language} block with ${containing} in ${pages.map(({ path }) => path).join(", ")}`,
  );
  return found[0];
}

async function run(program: string, args: string[]) {
  const output = await new Deno.Command(program, { args, cwd: projectRoot }).output();
  return { code: output.code, stdout: decoder.decode(output.stdout), stderr: decoder.decode(output.stderr) };
}

Deno.test("docs: the curl that calls a tool runs on a machine without uuidgen", async () => {
  const { apiUrl } = stackEnv();
  const email = `readme-curl-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const script = docsBlock("sh", "grocery/create_list")
    .replaceAll("npx -y deno@2.9.6 task token alice@example.com", `${Deno.execPath()} task token --stack test ${email}`)
    .replaceAll("http://127.0.0.1:54321", apiUrl);
  const result = await run("bash", ["-c", script]);
  assert.equal(result.stderr.match(/command not found|No such file/)?.[0], undefined, result.stderr);
  assert.equal(result.code, 0, result.stderr);
  assert.equal(JSON.parse(result.stdout).ok, true, result.stdout);
});

Deno.test("docs: the typed client's snippet signs in and reaches the tools as the user", async () => {
  // A person who signed up through Auth (the local stand-in), with a password, as the snippet assumes.
  const email = uniqueEmail("readme-client");
  const password = "readme snippet password";
  const { data, error } = await appClient().auth.signUp({ email, password });
  assert.equal(error, null);
  const alice = { id: data.user!.id, email, token: data.session!.access_token };
  const sql = adminSql();
  const householdId = await householdOf(sql, alice);
  const riceId = await catalogIngredient(sql, "white rice");
  await sql.end();
  const { grocery_list_id: listId } = await callToolOk(alice, "grocery.create_list", { name: "README shop" });
  const { apiUrl, anonKey } = stackEnv();
  const snippet = docsBlock("ts", "createToolsClient");
  const declarations = `const SUPABASE_URL = ${JSON.stringify(apiUrl)}; const SUPABASE_ANON_KEY = ${
    JSON.stringify(anonKey)
  }; const email = ${JSON.stringify(email)}; const password = ${JSON.stringify(password)};
    const householdId = ${JSON.stringify(householdId)};
    const listId = ${JSON.stringify(listId)}; const riceId = ${JSON.stringify(riceId)};\n`;
  const imports = snippet.split("\n").filter((line) => line.startsWith("import "));
  const body = snippet.split("\n").filter((line) => !line.startsWith("import "));
  const result = await run(Deno.execPath(), ["eval", "--ext=ts", [...imports, declarations, ...body].join("\n")]);
  assert.equal(result.code, 0, result.stderr);
  assert.equal(result.stdout.trim(), "", "the snippet prints nothing (it prints a ToolError when a call fails)");
  const { items } = await callToolOk(alice, "grocery.get_list", { grocery_list_id: listId });
  assert.deepEqual(items.map((item) => [item.name, item.quantity, item.unit]), [["white rice", 1.5, "cup"]]);
});
