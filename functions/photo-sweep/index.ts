import photoSweep from "./handler.ts";

Deno.serve(photoSweep);
