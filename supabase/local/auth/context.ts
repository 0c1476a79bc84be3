import type { AccessTokenVerifier } from "../../../shared/auth/access-token.ts";
import type { Sql } from "../../../shared/db/client.ts";
import type { SigningKey } from "../stack/signing-key.ts";
import type { Mailbox } from "./mailbox.ts";
import type { AuthSettings } from "./settings.ts";

/** What every endpoint of the stand-in works with. */
export interface AuthContext {
  sql: Sql;
  key: SigningKey;
  settings: AuthSettings;
  mailbox: Mailbox;
  /** Users' access tokens, checked as the functions check them. */
  verifyAccessToken: AccessTokenVerifier;
}
