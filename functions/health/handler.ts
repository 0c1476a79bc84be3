import { bearerToken, requireUser } from "../../shared/auth/access-token.ts";
import { verifierFromEnv } from "../../shared/auth/verifier-from-env.ts";
import { databaseClient } from "../../shared/db/client.ts";
import { databaseErrorToAppError } from "../../shared/db/sql-errors.ts";
import { AppError } from "../../shared/errors.ts";
import { okResponse } from "../../shared/http/envelope.ts";
import { createRouter } from "../../shared/http/router.ts";

async function pingDatabase(): Promise<void> {
  try {
    await databaseClient()`select 1`;
  } catch (error) {
    console.error("health: database", error);
    throw new AppError("UNAVAILABLE", "The database is not answering.");
  }
}

// Only the benchmark's database has this table (tests/bench/write-floor.ts); elsewhere the route is a 404.
async function insertWriteFloorRow(userId: string): Promise<void> {
  try {
    await databaseClient()`insert into bench.write_floor (user_id) values (${userId})`;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === "42P01" || code === "3F000") {
      throw new AppError(
        "NOT_FOUND",
        "No write floor here: bench.write_floor exists only in the benchmark's database.",
      );
    }
    throw databaseErrorToAppError(error);
  }
}

/**
 * GET /health: 200 when the database answers. With a bearer token it also
 * verifies it and says whose it is; a bad token is a 401.
 * GET /health/ping: a signed-in user's token, then one `select 1`: the floor
 * the benchmarks compare every read tool with (same server, auth and pool).
 * POST /health/write: the same token check, then one row inserted and committed: the floor of the write
 * tools. Only the benchmark's database has its table; anywhere else it answers 404.
 */
export default createRouter([
  {
    method: "GET",
    path: "/health",
    handle: async ({ request }) => {
      const token = bearerToken(request);
      const claims = token ? await verifierFromEnv()(token) : undefined;
      await pingDatabase();
      return okResponse({
        status: "ok",
        database: "ok",
        role: claims?.role ?? null,
        user: claims?.role === "authenticated" ? { id: claims.sub, email: claims.email ?? null } : null,
      });
    },
  },
  {
    method: "GET",
    path: "/health/ping",
    handle: async ({ request }) => {
      const user = await requireUser(request, verifierFromEnv());
      await pingDatabase();
      return okResponse({ user_id: user.id });
    },
  },
  {
    method: "POST",
    path: "/health/write",
    handle: async ({ request }) => {
      const user = await requireUser(request, verifierFromEnv());
      await insertWriteFloorRow(user.id);
      return okResponse({ user_id: user.id });
    },
  },
], "Routes: GET /health, GET /health/ping, POST /health/write.");
