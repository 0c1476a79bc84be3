/// <reference lib="dom" />
// The household web app: Preact (small, well kept, components instead of hand-written DOM code) over supabase-js.
import { createClient } from "@supabase/supabase-js";
import { render } from "preact";
import { App } from "./app.tsx";
import { loadConfig } from "./config.ts";
import { linkErrorIn, withoutLinkError } from "./email-link.ts";
import { registerServiceWorker } from "./offline/register-service-worker.ts";

registerServiceWorker();
const config = await loadConfig();
// A password-reset link lands with "type=recovery" in the fragment. supabase-js announces it as PASSWORD_RECOVERY
// while it initialises, which can be before the app has subscribed (on a fast machine it was), so the app also
// reads it here, before supabase-js consumes the fragment.
const arrival = new URLSearchParams(location.hash.slice(1));
const arrivedByRecoveryLink = arrival.get("type") === "recovery";
// An emailed link that was used already or has expired lands with GoTrue's error (#error=access_denied&
// error_code=otp_expired&…): the sign-in screen says so in words rather than opening as if nothing had happened.
// The error leaves the address before supabase-js starts, so a reload does not say it again, and a session
// already kept in this browser stays as it was.
const linkError = linkErrorIn(new URL(location.href));
const cleaned = withoutLinkError(new URL(location.href));
if (cleaned) history.replaceState(history.state, "", cleaned);
// The session lives in localStorage and supabase-js refreshes it before it expires, hosted and local alike. The
// implicit flow (supabase-js's default) on purpose: an emailed link then signs in in whichever browser opens it
// (a phone's mail app often opens its own), where PKCE would need the browser that asked for the email.
const supabase = createClient(config.apiUrl, config.anonKey, {
  auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true, flowType: "implicit" },
});
render(
  <App
    supabase={supabase}
    apiUrl={config.apiUrl}
    arrivedByRecoveryLink={arrivedByRecoveryLink}
    linkError={linkError}
  />,
  document.getElementById("app")!,
);
