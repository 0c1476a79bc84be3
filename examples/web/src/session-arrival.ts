// A sign-in in another tab reaches this one twice: supabase-js's BroadcastChannel message (the event, with the
// session in it) and the browser's copy of localStorage, from which supabase-js reads the token for every call.
// Chromium delivers the two independently, so the message can come first; the calls the app makes at once then go
// out with the API key alone and are refused ("This needs a signed-in user's access token"). The app waits, briefly,
// until this tab's storage holds the session it was told of.

/** The part of supabase-js's auth client this needs: the session its calls would use now. */
export interface SessionSource {
  getSession(): Promise<{ data: { session: { user: { id: string } } | null } }>;
}

/**
 * Resolves once `auth` gives the signed-in user `userId`'s session, or after `attempts` reads `intervalMs` apart
 * (the app then goes on as before: the first call says what is wrong). The first read waits a turn, so that it is
 * never made inside supabase-js's own event callback, which holds its lock.
 */
export async function sessionStored(
  auth: SessionSource,
  userId: string,
  { attempts = 40, intervalMs = 50 }: { attempts?: number; intervalMs?: number } = {},
): Promise<boolean> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, attempt === 0 ? 0 : intervalMs));
    const { data } = await auth.getSession();
    if (data.session?.user.id === userId) return true;
  }
  return false;
}
