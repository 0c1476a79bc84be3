import { createRouter } from "../../shared/http/router.ts";
import document from "../../shared/tools/generated/openapi.json" with { type: "json" };

const body = JSON.stringify(document);

/**
 * GET /openapi: the OpenAPI 3.1 document of the whole HTTP API, as `deno task build:tools` wrote it (imported,
 * so a deploy bundles it). Public, like the tool listings; CORS comes with the router.
 */
export default createRouter([
  {
    method: "GET",
    path: "/openapi",
    handle: () =>
      new Response(body, {
        headers: { "content-type": "application/json; charset=utf-8", "cache-control": "public, max-age=300" },
      }),
  },
], "Routes: GET /openapi.");
