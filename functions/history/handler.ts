import { createGroupHandler } from "../../shared/http/handler.ts";
import { groupTools } from "../../shared/tools/generated/groups/history.ts";

// The database pool and token verifier are created on the first request, so importing this is cheap.
export default createGroupHandler("history", { tools: groupTools });
