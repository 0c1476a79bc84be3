/// <reference lib="dom" />
// The household web app: Preact (small, well kept, components instead of hand-written DOM code) over supabase-js.
import { createClient } from "@supabase/supabase-js";
import { render } from "preact";
import { App } from "./app.tsx";
import { loadConfig } from "./config.ts";
import { registerServiceWorker } from "./offline/register-service-worker.ts";

registerServiceWorker();
const config = await loadConfig();
// A password-reset link lands with "type=recovery" in the fragment. supabase-js announces it as PASSWORD_RECOVERY
// while it initialises, which can be before the app has subscribed (on a fast machine it was), so the app also
// reads it here, before supabase-js consumes the fragment.
const arrival = new URLSearchParams(location.hash.slice(1));
const arrivedByRecoveryLink = arrival.get("type") === "recovery";
// An emailed link that was used already or has expired lands with error_description ("Email link is invalid or
// has expired"): the sign-in screen says so rather than opening as if nothing had happened.
const linkError = arrival.get("error_description") ?? undefined;
// The session lives in localStorage and supabase-js refreshes it before it expires, hosted and local alike.
const supabase = createClient(config.apiUrl, config.anonKey, {
  auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true },
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
