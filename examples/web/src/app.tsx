/// <reference lib="dom" />
// The shell: who is signed in (supabase-js auth, which refreshes its own session), which household is open, which
// screen shows. Everything a screen shows comes from the tools; nothing about the household is kept in the browser
// but the session and the offline queue.
import type { Session, SupabaseClient } from "@supabase/supabase-js";
import { useCallback, useEffect, useMemo, useState } from "preact/hooks";
import { type ApiError, asApiError, createApi } from "./api.ts";
import { ErrorMessage } from "./components/error-message.tsx";
import { useDeparture } from "./live/departure.ts";
import { AppContext, type AppContextValue, type HouseholdSummary } from "./context.ts";
import { forgetStoredCopies } from "./offline/stored-copies-browser.ts";
import { mainScreens, parseRoute, type Route, routeHash } from "./routes.ts";
import { shownScreens, useAssistantAvailability } from "./screens/assistant/assistant-availability.ts";
import { JoinScreen } from "./screens/household/join-screen.tsx";
import { Screen } from "./screens/screen.tsx";
import { sessionStored } from "./session-arrival.ts";
import { SetNewPassword, SignIn } from "./screens/sign-in.tsx";

export function App(
  { supabase, apiUrl, arrivedByRecoveryLink = false, linkError }: {
    supabase: SupabaseClient;
    apiUrl: string;
    arrivedByRecoveryLink?: boolean;
    /** What an emailed link that did not work said (used already, expired). */
    linkError?: string;
  },
) {
  const [session, setSession] = useState<Session | null | undefined>(undefined);
  const [route, setRoute] = useState<Route>(() => parseRoute(location.hash));
  // Set by a password-reset link: the person is signed in by it and chooses a new password first.
  const [recovering, setRecovering] = useState(arrivedByRecoveryLink);

  useEffect(() => {
    supabase.auth.getSession().then(({ data }) => setSession(data.session));
    // Events can be answered out of order (a sign-in waits for storage below): only the latest one is shown.
    let latest = 0;
    const { data } = supabase.auth.onAuthStateChange((event, changed) => {
      const thisEvent = ++latest;
      if (event === "PASSWORD_RECOVERY") setRecovering(true);
      // The recipes and weeks kept for reading offline are the household's: the next person here must not read them.
      if (event === "SIGNED_OUT") void forgetStoredCopies();
      const show = () => {
        if (thisEvent === latest) setSession(changed);
      };
      // Signed in from another tab: this tab's calls carry the session only once its storage has it.
      if (event === "SIGNED_IN" && changed) void sessionStored(supabase.auth, changed.user.id).then(show);
      else show();
    });
    const onHash = () => setRoute(parseRoute(location.hash));
    addEventListener("hashchange", onHash);
    return () => {
      data.subscription.unsubscribe();
      removeEventListener("hashchange", onHash);
    };
  }, [supabase]);

  if (session === undefined) return <p class="loading">Loading…</p>;
  if (session === null) {
    return (
      <SignIn
        supabase={supabase}
        inviteCode={route.screen === "join" ? route.code : undefined}
        linkError={linkError}
      />
    );
  }
  if (recovering) {
    return (
      <SetNewPassword
        supabase={supabase}
        email={session?.user.email}
        onDone={() => {
          setRecovering(false);
          location.hash = routeHash({ screen: "list" });
        }}
      />
    );
  }
  return <SignedIn supabase={supabase} apiUrl={apiUrl} session={session} route={route} />;
}

function SignedIn(
  { supabase, apiUrl, session, route }: { supabase: SupabaseClient; apiUrl: string; session: Session; route: Route },
) {
  const [households, setHouseholds] = useState<HouseholdSummary[] | null>(null);
  const [householdId, setHouseholdId] = useState<string | null>(null);
  const [status, setStatus] = useState("");
  const [error, setError] = useState<ApiError | null>(null);
  // The households could not be read: the person may well be in one, so the screen must not say they are not.
  const [householdsUnread, setHouseholdsUnread] = useState(false);
  // The header names the household on every call once the person has several; with one the API implies it.
  const api = useMemo(() => createApi(supabase, apiUrl, () => householdId), [supabase, apiUrl, householdId]);

  const assistant = useAssistantAvailability(api, session.user.id);

  const householdsKey = `households:${session.user.id}`;
  const refreshHouseholds = useCallback(async () => {
    try {
      const loaded = await createApi(supabase, apiUrl, () => null).tools().household.list().then(
        (reply) => reply.households,
        (caught: unknown) => {
          // Offline: the households as last read, so the screens' offline copies still open.
          const saved = (caught as { status?: number }).status === 0 && localStorage.getItem(householdsKey);
          if (saved) return JSON.parse(saved) as HouseholdSummary[];
          throw caught;
        },
      );
      localStorage.setItem(householdsKey, JSON.stringify(loaded));
      setHouseholdsUnread(false);
      setHouseholds(loaded);
      setHouseholdId((current) =>
        loaded.some((household) => household.id === current)
          ? current
          : (loaded.find((household) => household.is_default) ?? loaded[0])?.id ?? null
      );
    } catch (caught) {
      setError(asApiError(caught));
      setHouseholdsUnread(true);
      setHouseholds((current) => current ?? []);
    }
  }, [supabase, apiUrl, householdsKey]);

  useEffect(() => {
    refreshHouseholds();
  }, [refreshHouseholds, session.user.id]);

  // Removed from the open household, or left it elsewhere: said at once, in the server's words.
  const [departure, setDeparture] = useState<{ householdId: string; words: string } | null>(null);
  useDeparture(supabase, session.user.id, householdId, (words) => {
    // The household's screens close at once (no "Up to date." under the news); the rest follows the reload.
    if (householdId) setDeparture({ householdId, words });
    setStatus(words);
    void refreshHouseholds();
  });

  const household = departure?.householdId === householdId
    ? undefined
    : households?.find((candidate) => candidate.id === householdId);
  const navigate = useCallback((next: Route) => {
    location.hash = routeHash(next);
  }, []);

  if (households === null) return <p class="loading">Loading your household…</p>;
  // An invite link: joined from here, whether the person is in a household or in none (removed, or left).
  if (route.screen === "join") {
    return (
      <JoinScreen
        supabase={supabase}
        code={route.code}
        onJoined={async (joinedId, sentence) => {
          await refreshHouseholds();
          setHouseholdId(joinedId);
          setDeparture(null);
          setStatus(sentence);
          navigate({ screen: "list" });
        }}
      />
    );
  }
  if (!household) {
    return (
      <main class="empty-state">
        <h1>Meal planner</h1>
        <ErrorMessage error={error} />
        {departure?.words ?? status ? <p role="alert" class="departure">{departure?.words ?? status}</p> : null}
        {householdsUnread
          ? (
            <p class="retry-line">
              <span>Your households could not be read.</span>
              <button
                type="button"
                onClick={() => {
                  setError(null);
                  void refreshHouseholds();
                }}
              >
                Try again
              </button>
            </p>
          )
          : (
            <p>
              You are not in a household. Open an invite link from a member to join one (again), or sign out and sign up
              again.
            </p>
          )}
        <button type="button" onClick={() => supabase.auth.signOut()}>Sign out</button>
      </main>
    );
  }

  const context: AppContextValue = {
    supabase,
    session,
    api,
    household,
    households,
    refreshHouseholds,
    chooseHousehold: setHouseholdId,
    navigate,
    announce: setStatus,
    showError: setError,
  };
  return (
    <AppContext.Provider value={context}>
      <header class="app-header">
        <a class="skip-link" href="#main">Skip to content</a>
        <span class="app-name">Meal planner</span>
        {households.length > 1
          ? (
            <label class="household-choice">
              <span class="visually-hidden">Household</span>
              <select value={household.id} onChange={(event) => setHouseholdId(event.currentTarget.value)}>
                {households.map((option) => <option key={option.id} value={option.id}>{option.name}</option>)}
              </select>
            </label>
          )
          : <span class="household-name">{household.name}</span>}
        <span class="signed-in-as">{session.user.email}</span>
        <button type="button" class="secondary" onClick={() => supabase.auth.signOut()}>Sign out</button>
      </header>
      <nav class="app-nav" aria-label="Screens">
        {shownScreens(mainScreens, assistant).map((entry) => (
          <a
            key={entry.screen}
            href={routeHash({ screen: entry.screen })}
            aria-current={route.screen === entry.screen ? "page" : undefined}
            // The status line and an error speak of the screen they were said on: moving to another screen from
            // the menu clears them (a screen that saves and then opens another keeps its message).
            onClick={() => {
              setStatus("");
              setError(null);
            }}
          >
            {entry.label}
          </a>
        ))}
      </nav>
      <p class="status" role="status">{status}</p>
      <ErrorMessage error={error} onDismiss={() => setError(null)} />
      <main id="main" tabIndex={-1}>
        {route.screen === "assistant" && assistant !== "available"
          ? (
            <p class={assistant === "checking" ? "loading" : "hint"}>
              {assistant === "checking" ? "Loading…" : "The assistant is not available here."}
            </p>
          )
          : <Screen route={route} key={household.id} />}
      </main>
    </AppContext.Provider>
  );
}
