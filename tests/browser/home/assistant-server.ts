// The assistant function for a browser test: the real handler (functions/assistant's) on a port of its own, with
// the real Anthropic SDK pointed at the local fake Messages API the test scripts. The page's calls to
// <API>/functions/v1/assistant/* are routed here (the test stack's own functions have no model configured), so the
// reply streams to the page as it would from the stack.
import postgres from "postgres";
import type { BrowserContext } from "playwright-core";
import { createAccessTokenVerifier } from "../../../shared/auth/access-token.ts";
import { corsHeaders, preflightResponse } from "../../../shared/http/cors.ts";
import { createAssistantHandler } from "../../../shared/http/assistant-handler.ts";
import { authIssuer } from "../../../supabase/local/stack/signing-key.ts";
import { type FakeAnthropic, startFakeAnthropic } from "../../support/fake-anthropic.ts";
import { stackEnv } from "../../support/stack.ts";

export interface AssistantServer {
  fake: FakeAnthropic;
  close(): Promise<void>;
}

export async function routeAssistant(context: BrowserContext): Promise<AssistantServer> {
  const { apiUrl, databaseUrl } = stackEnv();
  const fake = await startFakeAnthropic();
  const sql = postgres(databaseUrl, { max: 2, onnotice: () => {} });
  const handler = createAssistantHandler({
    sql,
    verify: createAccessTokenVerifier({
      jwksUrl: `${apiUrl}/auth/v1/.well-known/jwks.json`,
      issuer: authIssuer(apiUrl),
    }),
    settings: () => ({
      apiKey: "test-key",
      baseURL: fake.baseURL,
      model: "claude-test",
      maxTokens: 512,
      maxRounds: 4,
      maxRetries: 1,
      actionTtlSeconds: 3600,
    }),
  });
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (request) => {
    if (request.method === "OPTIONS") return preflightResponse(request);
    const url = new URL(request.url);
    const response = await handler(
      new Request(`http://assistant.local${url.pathname}${url.search}`, {
        method: request.method,
        headers: request.headers,
        body: request.body,
      }),
    );
    const headers = new Headers(response.headers);
    for (const [name, value] of Object.entries(corsHeaders)) headers.set(name, value);
    return new Response(response.body, { status: response.status, headers });
  });
  const local = `http://127.0.0.1:${server.addr.port}`;
  await context.route(`${apiUrl}/functions/v1/assistant/**`, (route) => {
    const url = new URL(route.request().url());
    return route.continue({ url: `${local}${url.pathname.replace("/functions/v1", "")}${url.search}` });
  });
  return {
    fake,
    close: async () => {
      await server.shutdown();
      await fake.close();
      await sql.end();
    },
  };
}
