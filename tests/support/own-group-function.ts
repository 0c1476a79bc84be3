import { createAccessTokenVerifier } from "../../shared/auth/access-token.ts";
import { parseEnvironment } from "../../shared/config/env.ts";
import { createPool, type Sql } from "../../shared/db/client.ts";
import { createGroupHandler } from "../../shared/http/handler.ts";
import { toolsOfGroup } from "../../shared/tools/registry.ts";
import type { RequestHandler } from "../../shared/http/router.ts";
import { authIssuer } from "../../supabase/local/stack/signing-key.ts";
import { stackEnv } from "./stack.ts";

/**
 * A tool group's function served in the test's own process, on a pool of its own (so a test can kill its
 * connections or stop its database without disturbing the tests beside it), checking tokens as the stack's do.
 */
export function ownGroupFunction(
  group: string,
  databaseUrl: string,
  settings: Record<string, string> = {},
): { handler: RequestHandler; pool: Sql } {
  const pool = createPool(databaseUrl, parseEnvironment({ DATABASE_URL: databaseUrl, ...settings }));
  const handler = createGroupHandler(group, {
    tools: toolsOfGroup(group),
    sql: pool,
    verify: createAccessTokenVerifier({
      jwksUrl: `${stackEnv().apiUrl}/auth/v1/.well-known/jwks.json`,
      issuer: authIssuer(stackEnv().apiUrl),
    }),
  });
  return { handler, pool };
}
