import { bearerToken, requireUser } from "../../shared/auth/access-token.ts";
import { verifierFromEnv } from "../../shared/auth/verifier-from-env.ts";
import { databaseClient } from "../../shared/db/client.ts";
import { AppError } from "../../shared/errors.ts";
import { errorResponse, okResponse } from "../../shared/http/envelope.ts";

async function pingDatabase(): Promise<void> {
  try {
    await databaseClient()`select 1`;
  } catch (error) {
    console.error("health: database", error);
    throw new AppError("UNAVAILABLE", "The database is not answering.");
  }
}

/**
 * GET /health: 200 when the database answers. With a bearer token it also
 * verifies it and says whose it is; a bad token is a 401.
 * GET /health/ping: a signed-in user's token, then one `select 1`: the floor
 * the benchmarks compare every tool with (same server, auth and pool).
 */
export default async function health(request: Request): Promise<Response> {
  try {
    if (request.method !== "GET") throw new AppError("METHOD_NOT_ALLOWED", "Use GET.");
    const path = new URL(request.url).pathname.replace(/\/+$/, "");
    if (path.endsWith("/health/ping")) {
      const user = await requireUser(request, verifierFromEnv());
      await pingDatabase();
      return okResponse({ user_id: user.id });
    }
    if (!path.endsWith("/health")) throw new AppError("NOT_FOUND", "Routes: GET /health, GET /health/ping.");
    const token = bearerToken(request);
    const claims = token ? await verifierFromEnv()(token) : undefined;
    await pingDatabase();
    return okResponse({
      status: "ok",
      database: "ok",
      role: claims?.role ?? null,
      user: claims?.role === "authenticated" ? { id: claims.sub, email: claims.email ?? null } : null,
    });
  } catch (error) {
    return errorResponse(error);
  }
}
