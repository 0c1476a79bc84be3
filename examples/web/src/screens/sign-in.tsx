/// <reference lib="dom" />
// Sign-in through supabase-js auth (Supabase Auth hosted, the local stand-in on `deno task start`): password
// sign-in, sign-up that names the household (or joins one through an invite link, whose household and inviter the
// page names first: "Join The Journeys — Alice invited you", read with the code alone), an emailed sign-in link or
// code, and a password-reset email. Every email's link brings the person back to this page (appAddress), where
// supabase-js reads the session from the address. Hosted Supabase's default "Magic Link" template sends only the
// link; a template with {{ .Token }} sends a code too, typed here. supabase-js keeps and refreshes the session;
// the shell follows onAuthStateChange.
import type { SupabaseClient } from "@supabase/supabase-js";
import { useState } from "preact/hooks";
import { appAddress } from "../email-link.ts";
import { inviteHeading, useInvitePreview } from "./invite-preview.ts";

type Mode = "sign-in" | "sign-up" | "email" | "forgot";

export function SignIn(
  { supabase, inviteCode: linkCode, linkError }: { supabase: SupabaseClient; inviteCode?: string; linkError?: string },
) {
  // An invite link names the household and who invited before the person signs in or up; a link the server says
  // does not work is told, and the page becomes a plain sign-up (a household of one's own, named here).
  const invite = useInvitePreview(supabase, linkCode);
  const inviteCode = invite?.state === "refused" ? undefined : linkCode;
  const [mode, setMode] = useState<Mode>(linkCode ? "sign-up" : "sign-in");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [householdName, setHouseholdName] = useState("");
  const [displayName, setDisplayName] = useState("");
  const [code, setCode] = useState("");
  const [codeSent, setCodeSent] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(
    linkError ? { text: linkError, error: true } : null,
  );
  const [busy, setBusy] = useState(false);

  async function submit(event: Event) {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    try {
      const error = await act();
      if (error) setMessage({ text: error, error: true });
    } finally {
      setBusy(false);
    }
  }

  async function act(): Promise<string | undefined> {
    if (mode === "sign-in") {
      const { error } = await supabase.auth.signInWithPassword({ email, password });
      return error?.message;
    }
    if (mode === "sign-up") {
      // The display name is what fellow members see ("Alice ticked milk"); the sign-up trigger keeps it.
      const data = {
        display_name: displayName.trim(),
        ...(inviteCode ? { invite_code: inviteCode } : { household_name: householdName.trim() }),
      };
      // With confirmations on (hosted's default), the confirmation link brings the person back here signed in.
      const { data: signedUp, error } = await supabase.auth.signUp({
        email,
        password,
        options: { data, emailRedirectTo: appAddress(new URL(location.href)) },
      });
      if (error) return error.message;
      // Signing up with a valid code joined the household already; the link stays open, so the join page says
      // so, or, when the code no longer works (revoked, expired, used up), why (household.join's words).
      if (!signedUp.session) {
        setMessage({ text: `We sent a confirmation link to ${email}. Open it to finish.`, error: false });
      } else if (linkCode && !inviteCode) {
        // The link was told not to work and a household of one's own was made: open it, not the link again.
        location.hash = "#/list";
      }
      return undefined;
    }
    if (mode === "email") {
      if (!codeSent) {
        const { error } = await supabase.auth.signInWithOtp({
          email,
          options: { shouldCreateUser: false, emailRedirectTo: appAddress(new URL(location.href)) },
        });
        if (error) return error.message;
        setCodeSent(true);
        setMessage({
          text: `We sent an email to ${email}. Open its link to sign in, ` +
            "or enter the 6-digit code from it above if it has one.",
          error: false,
        });
        return undefined;
      }
      const { error } = await supabase.auth.verifyOtp({ email, token: code.trim(), type: "email" });
      return error?.message;
    }
    const { error } = await supabase.auth.resetPasswordForEmail(email, {
      redirectTo: appAddress(new URL(location.href)),
    });
    if (error) return error.message;
    setMessage({ text: `If ${email} has an account, a link to set a new password is on its way.`, error: false });
  }

  const invitedTitle = invite?.state === "read" ? inviteHeading(invite) : null;
  const titles: Record<Mode, string> = {
    "sign-in": invitedTitle ?? "Sign in",
    "sign-up": invitedTitle ?? (inviteCode ? "Create your account to join the household" : "Create your household"),
    email: "Sign in with an emailed link or code",
    forgot: "Reset your password",
  };
  const switchTo = (next: Mode) => () => {
    setMode(next);
    setMessage(null);
    setCodeSent(false);
  };

  return (
    <main class="sign-in" id="main">
      <h1>Meal planner</h1>
      <h2>{titles[mode]}</h2>
      {invite?.state === "read" && (mode === "sign-up" || mode === "sign-in")
        ? (
          <p class="hint">
            {mode === "sign-up"
              ? "Create your account to join, or sign in if you have one."
              : "Sign in to join, or create an account."}
          </p>
        )
        : null}
      {invite?.state === "unknown" || invite?.state === "reading"
        ? <p class="hint">You were invited to a household. Sign up, or sign in if you have an account.</p>
        : null}
      {invite?.state === "refused"
        ? (
          <p role="alert" class="error">
            {invite.message} You can still create an account with a household of your own.
          </p>
        )
        : null}
      <form onSubmit={submit}>
        <label>
          Email
          <input
            type="email"
            required
            autoComplete="email"
            value={email}
            onInput={(e) => setEmail(e.currentTarget.value)}
          />
        </label>
        {mode === "sign-in" || mode === "sign-up"
          ? (
            <label>
              Password
              <input
                type="password"
                required
                minLength={mode === "sign-up" ? 8 : undefined}
                autoComplete={mode === "sign-up" ? "new-password" : "current-password"}
                value={password}
                onInput={(e) => setPassword(e.currentTarget.value)}
              />
            </label>
          )
          : null}
        {mode === "sign-up"
          ? (
            <label>
              Your name, as members see it
              <input
                maxLength={60}
                autoComplete="name"
                placeholder="Alice"
                value={displayName}
                onInput={(e) => setDisplayName(e.currentTarget.value)}
              />
            </label>
          )
          : null}
        {mode === "sign-up" && !inviteCode
          ? (
            <label>
              Household name
              <input
                required
                maxLength={200}
                placeholder="The Smiths"
                value={householdName}
                onInput={(e) => setHouseholdName(e.currentTarget.value)}
              />
            </label>
          )
          : null}
        {mode === "email" && codeSent
          ? (
            <label>
              6-digit code
              <input
                inputMode="numeric"
                autoComplete="one-time-code"
                required
                pattern="[0-9]{6}"
                value={code}
                onInput={(e) => setCode(e.currentTarget.value)}
              />
            </label>
          )
          : null}
        <button type="submit" disabled={busy}>
          {mode === "sign-up"
            ? "Sign up"
            : mode === "forgot"
            ? "Send reset link"
            : mode === "email" && !codeSent
            ? "Email me a code or link"
            : "Sign in"}
        </button>
      </form>
      {message
        ? <p role={message.error ? "alert" : "status"} class={message.error ? "error" : "notice"}>{message.text}</p>
        : null}
      <nav class="sign-in-modes" aria-label="Other ways to sign in">
        {mode === "email" && codeSent
          ? <button type="button" class="link" onClick={switchTo("email")}>Send a new email</button>
          : null}
        {mode !== "sign-in"
          ? <button type="button" class="link" onClick={switchTo("sign-in")}>Sign in with a password</button>
          : null}
        {mode !== "sign-up"
          ? <button type="button" class="link" onClick={switchTo("sign-up")}>Create an account</button>
          : null}
        {mode !== "email"
          ? <button type="button" class="link" onClick={switchTo("email")}>Email me a code or link</button>
          : null}
        {mode !== "forgot"
          ? <button type="button" class="link" onClick={switchTo("forgot")}>Forgot password?</button>
          : null}
      </nav>
    </main>
  );
}

/**
 * After a password-reset link: supabase-js signed the person in from the link (PASSWORD_RECOVERY), and the app
 * asks for the new password before anything else (supabase.auth.updateUser).
 */
export function SetNewPassword(
  { supabase, email, onDone }: { supabase: SupabaseClient; email?: string; onDone: () => void },
) {
  const [password, setPassword] = useState("");
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: Event) {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    const { error } = await supabase.auth.updateUser({ password });
    setBusy(false);
    if (error) setMessage(error.message);
    else onDone();
  }

  return (
    <main class="sign-in" id="main">
      <h1>Meal planner</h1>
      <h2>Set a new password</h2>
      {email ? <p class="hint">You are signed in as {email} from the reset link.</p> : null}
      <form onSubmit={submit}>
        <label>
          New password
          <input
            type="password"
            required
            minLength={8}
            autoComplete="new-password"
            value={password}
            onInput={(e) => setPassword(e.currentTarget.value)}
          />
        </label>
        <button type="submit" disabled={busy}>Save the new password</button>
      </form>
      {message ? <p role="alert" class="error">{message}</p> : null}
    </main>
  );
}
