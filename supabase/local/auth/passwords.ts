import bcrypt from "bcryptjs";
import { AuthApiError } from "./responses.ts";
import type { AuthSettings } from "./settings.ts";

/** bcrypt at Go's default cost (10), as GoTrue hashes; its hashes are `$2a$`, bcryptjs's `$2b$`: both verify alike. */
export async function hashPassword(password: string): Promise<string> {
  return await bcrypt.hash(password, 10);
}

export async function passwordMatches(password: string, encryptedPassword: string | null): Promise<boolean> {
  if (!encryptedPassword) return false;
  return await bcrypt.compare(password, encryptedPassword);
}

/** GoTrue's weak_password error for a password under the minimum length (bcrypt reads 72 bytes at most). */
export function checkPassword(settings: AuthSettings, password: string): void {
  if (password.length < settings.minimumPasswordLength) {
    throw new AuthApiError(
      422,
      "weak_password",
      `Password should be at least ${settings.minimumPasswordLength} characters.`,
      { weak_password: { reasons: ["length"] } },
    );
  }
  if (new TextEncoder().encode(password).length > 72) {
    throw new AuthApiError(422, "validation_failed", "Password cannot be longer than 72 characters");
  }
}
