import health from "./handler.ts";

Deno.serve(health);
