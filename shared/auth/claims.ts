import type { JWTPayload } from "jose";

/** The claims Supabase Auth puts in an access token, as far as we read them. */
export interface AccessTokenClaims extends JWTPayload {
  sub?: string;
  role?: string;
  email?: string;
  session_id?: string;
  is_anonymous?: boolean;
  app_metadata?: Record<string, unknown>;
  user_metadata?: Record<string, unknown>;
}
