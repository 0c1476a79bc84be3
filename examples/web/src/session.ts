/// <reference lib="dom" />
// The access token comes from `deno task token <email>` (pasted into the form, or `?token=` in the address,
// which is then dropped from the address bar) and is kept in this browser's localStorage until sign-out.
const storageKey = "meal-planner.access-token";

export function initialToken(): string | null {
  const url = new URL(location.href);
  const fromAddress = url.searchParams.get("token");
  if (fromAddress !== null) {
    url.searchParams.delete("token");
    history.replaceState(null, "", url);
    saveToken(fromAddress.trim() || null);
  }
  return localStorage.getItem(storageKey);
}

export function saveToken(token: string | null): void {
  if (token) localStorage.setItem(storageKey, token);
  else localStorage.removeItem(storageKey);
}

/** The email claim, for display only: the functions verify the token, the page never trusts it. */
export function tokenEmail(token: string): string | null {
  try {
    const payload = token.split(".")[1].replace(/-/g, "+").replace(/_/g, "/");
    const claims = JSON.parse(atob(payload.padEnd(Math.ceil(payload.length / 4) * 4, "=")));
    return typeof claims.email === "string" && claims.email ? claims.email : null;
  } catch {
    return null;
  }
}
