/// <reference lib="dom" />
import { routeHash } from "../../routes.ts";

/** The link a person opens to join: this app's address with #/join/<code>. */
export function inviteLink(code: string): string {
  return `${location.origin}${location.pathname}${routeHash({ screen: "join", code })}`;
}
