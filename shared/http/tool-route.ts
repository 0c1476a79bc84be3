export interface ToolRoute {
  group: string;
  /** Absent for the group itself (`/<group>`). */
  action?: string;
}

const functionsPrefix = "/functions/v1";

/**
 * `/<group>/<action>` as Supabase hands it to the function, or the full `/functions/v1/<group>/<action>`
 * (the local stack and direct calls); a trailing slash is ignored. Undefined for any other shape.
 */
export function parseToolRoute(pathname: string): ToolRoute | undefined {
  const path = pathname.startsWith(`${functionsPrefix}/`) ? pathname.slice(functionsPrefix.length) : pathname;
  const segments = path.split("/").filter((segment) => segment !== "");
  if (segments.length === 0 || segments.length > 2) return undefined;
  return segments.length === 1 ? { group: segments[0] } : { group: segments[0], action: segments[1] };
}
