import openapi from "./handler.ts";

Deno.serve(openapi);
