/** Browsers call the functions from the web app's origin; access is decided by the token, not the origin. */
export const corsHeaders: Record<string, string> = {
  "access-control-allow-origin": "*",
  "access-control-allow-headers": "authorization, x-client-info, apikey, content-type, idempotency-key, x-household-id",
  "access-control-allow-methods": "GET, POST, OPTIONS",
  "access-control-expose-headers": "idempotent-replayed, x-household-id",
  "access-control-max-age": "86400",
};

export function preflightResponse(): Response {
  return new Response(null, { status: 204, headers: corsHeaders });
}
