import { createGroupHandler } from "../../shared/http/handler.ts";
import { groupTools } from "../../shared/tools/generated/groups/household.ts";
import { inviteReadRoute } from "../../shared/http/invite-read-route.ts";

// The database pool and token verifier are created on the first request, so importing this is cheap. Besides the
// tools, the household answers one read without a user: what an invite link opens (its sign-up page names it).
export default createGroupHandler("household", { tools: groupTools, routes: (sql) => [inviteReadRoute(sql)] });
