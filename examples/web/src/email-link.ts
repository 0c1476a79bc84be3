/// <reference lib="dom" />
// The app's side of the links in Supabase Auth's emails (sign-in, confirm sign-up, reset password). A link goes to
// GoTrue's /verify, which redirects back to the `redirect_to` the app sent: with the session in the fragment
// (implicit flow, which supabase-js's detectSessionInUrl reads and then clears), or with GoTrue's error in the
// fragment (and, after a PKCE flow, in the query too): #error=access_denied&error_code=otp_expired&error_description=….

/** Where an emailed link brings the person back: this page, without its hash or query. */
export function appAddress(url: URL): string {
  return url.origin + url.pathname;
}

const errorKeys = ["error", "error_code", "error_description"];

/** What a link that did not work said, in words for the sign-in screen; undefined when the URL carries no error. */
export function linkErrorIn(url: URL): string | undefined {
  const fragment = new URLSearchParams(url.hash.slice(1));
  const said = (key: string) => fragment.get(key) ?? url.searchParams.get(key) ?? undefined;
  const code = said("error_code");
  const description = said("error_description")?.replace(/[.\s]+$/, "");
  if (!said("error") && !code && !description) return undefined;
  if (code === "otp_expired") {
    // GoTrue's own words first (they name the cause), then what to do about it.
    return `${description ?? "Email link is invalid or has expired"}: a link works once, and only for a ` +
      `limited time. Ask for a new one with “Email me a code or link”, or sign in with your password.`;
  }
  return `${description ?? "The link from the email did not work"}. Sign in, or ask for a new link.`;
}

/**
 * The URL without the error a link brought (the rest of the hash and query kept): the message is shown once, and
 * a reload or a bookmark does not show it again. Undefined when there is nothing to remove.
 */
export function withoutLinkError(url: URL): string | undefined {
  const fragment = new URLSearchParams(url.hash.slice(1));
  const clean = new URL(url.href);
  let changed = false;
  for (const key of errorKeys) {
    if (fragment.has(key)) {
      fragment.delete(key);
      changed = true;
    }
    if (clean.searchParams.has(key)) {
      clean.searchParams.delete(key);
      changed = true;
    }
  }
  if (!changed) return undefined;
  // GoTrue's error fragment sometimes carries sb= too (a marker for supabase-js); nothing else is left of it.
  fragment.delete("sb");
  clean.hash = fragment.size ? `#${fragment}` : "";
  return clean.href;
}
