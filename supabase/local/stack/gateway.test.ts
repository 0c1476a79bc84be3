import assert from "node:assert/strict";
import { join } from "node:path";
import { projectRoot } from "./stack-config.ts";

// In a process of its own: Deno prints the request.signal warning once per process, so a test sharing its
// process with others could miss it (printed earlier) or be blamed for another's.
const script = `
import { startGateway } from ${JSON.stringify(new URL("./gateway.ts", import.meta.url).href)};
import { ensureSigningKey } from ${JSON.stringify(new URL("./signing-key.ts", import.meta.url).href)};
const [functionsDirectory, stateDirectory] = Deno.args;
const probe = Deno.listen({ hostname: "127.0.0.1", port: 0 });
const port = probe.addr.port;
probe.close();
const gateway = await startGateway({ port, functionsDirectory, signingKey: await ensureSigningKey(stateDirectory) });
const response = await fetch(\`http://127.0.0.1:\${port}/functions/v1/echo/path?q=1\`, {
  method: "POST",
  headers: { "content-type": "application/json", "x-custom": "kept" },
  body: JSON.stringify({ hello: "world" }),
});
console.log(await response.text());
await gateway.server.shutdown();
`;

Deno.test("the gateway forwards method, headers and body without the request.signal warning", async () => {
  const directory = await Deno.makeTempDir();
  try {
    await Deno.mkdir(join(directory, "functions/echo"), { recursive: true });
    await Deno.writeTextFile(
      join(directory, "functions/echo/handler.ts"),
      `export default async (request: Request) => Response.json({
        url: request.url, method: request.method, custom: request.headers.get("x-custom"), body: await request.json(),
      });`,
    );
    const output = await new Deno.Command(Deno.execPath(), {
      args: ["eval", "--ext=ts", script, join(directory, "functions"), join(directory, "state")],
      cwd: projectRoot,
      stdout: "piped",
      stderr: "piped",
    }).output();
    const stderr = new TextDecoder().decode(output.stderr);
    assert.equal(output.code, 0, stderr);
    const reply = JSON.parse(new TextDecoder().decode(output.stdout));
    assert.match(reply.url, /^http:\/\/127\.0\.0\.1:\d+\/echo\/path\?q=1$/);
    assert.deepEqual({ ...reply, url: undefined }, {
      url: undefined,
      method: "POST",
      custom: "kept",
      body: { hello: "world" },
    });
    assert.doesNotMatch(stderr, /request\.signal/);
  } finally {
    await Deno.remove(directory, { recursive: true });
  }
});
