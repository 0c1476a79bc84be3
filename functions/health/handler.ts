import { bearerToken } from "../../shared/auth/access-token.ts";
import { verifierFromEnv } from "../../shared/auth/verifier-from-env.ts";
import { databaseClient } from "../../shared/db/client.ts";
import { AppError } from "../../shared/errors.ts";
import { errorResponse, okResponse } from "../../shared/http/envelope.ts";

/**
 * GET /health: 200 when the database answers. With a bearer token it also
 * verifies it and says whose it is; a bad token is a 401.
 */
export default async function health(request: Request): Promise<Response> {
  try {
    if (request.method !== "GET") throw new AppError("METHOD_NOT_ALLOWED", "Use GET.");
    const token = bearerToken(request);
    const claims = token ? await verifierFromEnv()(token) : undefined;
    try {
      await databaseClient()`select 1`;
    } catch (error) {
      console.error("health: database", error);
      throw new AppError("UNAVAILABLE", "The database is not answering.");
    }
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
