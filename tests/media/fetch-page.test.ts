// fetchPage, recipe.import_url's reader, against servers on loopback only. Every other address is
// refused before a connection opens: the resolver is the test's, and `watched` counts connection attempts and
// throws on one to an address off this machine, so a regression cannot send a packet anywhere else.
import assert from "node:assert/strict";
import { AppError, type ErrorBody } from "../../shared/errors.ts";
import { fetchPage, type PageLimits, pageLimits, type PageNetwork } from "../../shared/page-fetching/fetch-page.ts";
import { nonPublicForms } from "./address-forms.ts";

const encoder = new TextEncoder();
const internalPage = "<html><body>internal admin page</body></html>";

/** A raw TCP server on a loopback address that counts the connections it accepts (and serves a page). */
function countingServer(hostname: string, port = 0) {
  const listener = Deno.listen({ hostname, port });
  const server = { port: listener.addr.port, accepted: 0, close: () => listener.close() };
  (async () => {
    for await (const connection of listener) {
      server.accepted++;
      await connection.read(new Uint8Array(8192)).catch(() => null);
      const head = `HTTP/1.1 200 OK\r\ncontent-type: text/html\r\ncontent-length: ${internalPage.length}\r\n`;
      await connection.write(encoder.encode(`${head}connection: close\r\n\r\n${internalPage}`)).catch(() => 0);
      connection.close();
    }
  })().catch(() => {});
  return server;
}

function watched(answers: (hostname: string, call: number) => string[]) {
  const seen = { lookups: [] as string[], connections: [] as string[] };
  const network: PageNetwork = {
    resolve: (hostname) => Promise.resolve(answers(hostname, seen.lookups.push(hostname))),
    beforeConnect: (address, port) => {
      seen.connections.push(`${address} ${port}`);
      if (!address.startsWith("127.") && address !== "::1") throw new Error(`the test must not reach ${address}`);
    },
  };
  return { network, seen };
}

/** The error fetchPage answers, as the tool's envelope carries it (or the page, when it wrongly reads one). */
async function refusal(
  url: string,
  limits: PageLimits,
  network: PageNetwork,
): Promise<Partial<ErrorBody> & { status?: number; read?: string }> {
  try {
    const page = await fetchPage(url, limits, network);
    return { read: page.html };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { status: error.status, ...error.toBody() };
  }
}

const internal = countingServer("127.0.0.1");
const site = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, (request) => {
  const url = new URL(request.url);
  if (url.pathname === "/redirect") return Response.redirect(url.searchParams.get("to")!, 302);
  if (url.pathname === "/stall") {
    return new Response(new ReadableStream({ start: (body) => body.enqueue(encoder.encode("<html>half")) }));
  }
  return new Response(`<html>host: ${request.headers.get("host")}</html>`, {
    headers: { "content-type": "text/html" },
  });
});
const sitePort = site.addr.port;
const bracketed = (address: string) => address.includes(":") ? `[${address}]` : address;

Deno.test("each private form is refused before any connection opens, written in the URL or resolved", async () => {
  const limits = { ...pageLimits, allowedHosts: [`127.0.0.1:${sitePort}`] };
  for (const [form, addresses] of Object.entries(nonPublicForms)) {
    for (const address of addresses) {
      const { network, seen } = watched(() => ["93.184.216.34", address]);
      const literal = await refusal(`http://${bracketed(address)}:${internal.port}/`, limits, network);
      assert.equal(literal.status, 400, `${form} ${address}: ${JSON.stringify(literal)}`);
      assert.match(literal.message!, /is a private or local address \(.+\); only public pages are read/);
      const named = await refusal(`http://recipes.example:${internal.port}/`, limits, network);
      assert.equal(named.status, 400, `${form} ${address} resolved: ${JSON.stringify(named)}`);
      assert.equal(named.message, "recipes.example does not resolve to a public address; only public pages are read");
      assert.deepEqual([named.field, named.retryable], ["url", false]);
      assert.deepEqual(seen.connections, [], `${form} ${address}`);
    }
  }
  assert.equal(internal.accepted, 0);
});

Deno.test("a redirect from an allow-listed host is checked again: no other port, no mapped form of it", async () => {
  const { network, seen } = watched(() => ["127.0.0.1"]);
  const limits = { ...pageLimits, allowedHosts: [`127.0.0.1:${sitePort}`, `recipes.example:${sitePort}`] };
  for (
    const target of [
      `http://127.0.0.1:${internal.port}/`,
      `http://recipes.example:${internal.port}/`,
      `http://[::ffff:127.0.0.1]:${sitePort}/`,
      `http://[::ffff:7f00:1]:${internal.port}/`,
      `http://[0:0:0:0:0:ffff:127.0.0.1]:${internal.port}/`,
      `http://localhost.example:${sitePort}/`,
    ]
  ) {
    for (const start of [`http://127.0.0.1:${sitePort}`, `http://recipes.example:${sitePort}`]) {
      const reply = await refusal(`${start}/redirect?to=${encodeURIComponent(target)}`, limits, network);
      assert.equal(reply.status, 400, `${start} → ${target}: ${JSON.stringify(reply)}`);
      assert.match(reply.message!, /private or local address|does not resolve to a public address/, target);
    }
  }
  assert.equal(internal.accepted, 0);
  assert.ok(seen.connections.every((connection) => connection === `127.0.0.1 ${sitePort}`), `${seen.connections}`);
});

Deno.test("the connection goes to the address that was checked, with the URL's Host: no second lookup", async () => {
  const trap = countingServer("127.0.0.2", sitePort);
  try {
    // A rebinding name: the check sees the site, a second lookup would answer the trap on the same port.
    const { network, seen } = watched((_hostname, call) => call === 1 ? ["127.0.0.1"] : ["127.0.0.2"]);
    const limits = { ...pageLimits, allowedHosts: [`rebinding.example:${sitePort}`] };
    const page = await fetchPage(`http://rebinding.example:${sitePort}/`, limits, network);
    assert.equal(page.html, `<html>host: rebinding.example:${sitePort}</html>`);
    assert.deepEqual(seen, { lookups: ["rebinding.example"], connections: [`127.0.0.1 ${sitePort}`] });
    assert.equal(trap.accepted, 0);
  } finally {
    trap.close();
  }
});

Deno.test("a closed, silent, stalling or non-http port answers as a closed one: one 400, not to be retried", async () => {
  const closedPort = (() => {
    const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
    listener.close();
    return listener.addr.port;
  })();
  const silent = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const banner = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const held: Deno.Conn[] = [];
  (async () => {
    for await (const connection of silent) held.push(connection);
  })().catch(() => {});
  (async () => {
    for await (const connection of banner) {
      await connection.write(encoder.encode("SSH-2.0-OpenSSH_9.6\r\n")).catch(() => 0);
      connection.close();
    }
  })().catch(() => {});
  try {
    const urls = [
      `http://127.0.0.1:${closedPort}/`,
      `http://127.0.0.1:${silent.addr.port}/`,
      `http://127.0.0.1:${banner.addr.port}/`,
      `http://127.0.0.1:${sitePort}/stall`,
      `https://127.0.0.1:${sitePort}/`,
    ];
    const limits = { ...pageLimits, timeoutMs: 300, allowedHosts: urls.map((url) => new URL(url).host) };
    const replies = [];
    for (const url of urls) replies.push(await refusal(url, limits, watched(() => []).network));
    for (const reply of replies) {
      assert.deepEqual(reply, {
        status: 400,
        type: "VALIDATION_ERROR",
        message: "the page could not be read: its server refused or dropped the connection, did not answer " +
          "within 0.3 s, or does not speak http(s)",
        field: "url",
        retryable: false,
      });
    }
  } finally {
    silent.close();
    banner.close();
    held.forEach((connection) => connection.close());
  }
});

Deno.test("https goes to the checked address with the URL's name as SNI, and the certificate must carry it", async () => {
  const directory = await Deno.makeTempDir();
  try {
    const made = await new Deno.Command("openssl", {
      args: ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2"]
        .concat(["-keyout", `${directory}/key.pem`, "-out", `${directory}/cert.pem`, "-subj", "/CN=recipes.example"])
        .concat(["-addext", "subjectAltName=DNS:recipes.example"]),
      stdout: "null",
      stderr: "piped",
    }).output();
    assert.ok(made.success, new TextDecoder().decode(made.stderr));
    const cert = await Deno.readTextFile(`${directory}/cert.pem`);
    const key = await Deno.readTextFile(`${directory}/key.pem`);
    const secure = Deno.serve({ hostname: "127.0.0.1", port: 0, cert, key, onListen: () => {} }, (request) => {
      return new Response(`<html>host: ${request.headers.get("host")}</html>`);
    });
    const helloSeen = Deno.listen({ hostname: "127.0.0.1", port: 0 });
    const hello = (async () => {
      const connection = await helloSeen.accept();
      const bytes = new Uint8Array(4096);
      const size = await connection.read(bytes);
      connection.close();
      return new TextDecoder("latin1").decode(bytes.subarray(0, size ?? 0));
    })().catch(() => "no connection");
    try {
      const { network } = watched(() => ["127.0.0.1"]);
      network.trustedCertificates = [cert];
      const port = secure.addr.port;
      const limits = {
        ...pageLimits,
        allowedHosts: [`recipes.example:${port}`, `other.example:${port}`, `recipes.example:${helloSeen.addr.port}`],
      };
      const page = await fetchPage(`https://recipes.example:${port}/`, limits, network);
      assert.equal(page.html, `<html>host: recipes.example:${port}</html>`);
      const otherName = await refusal(`https://other.example:${port}/`, limits, network);
      assert.match(otherName.message!, /could not be read/);
      await refusal(`https://recipes.example:${helloSeen.addr.port}/`, limits, network);
      assert.match(await hello, /recipes\.example/, "the TLS ClientHello names the host");
    } finally {
      await secure.shutdown();
      helloSeen.close();
    }
  } finally {
    await Deno.remove(directory, { recursive: true });
  }
});

globalThis.addEventListener("unload", () => {
  internal.close();
  site.shutdown();
});
