import { createGroupHandler } from "../../shared/http/handler.ts";
import { groupTools } from "../../shared/tools/generated/groups/planner.ts";

// The database pool and token verifier are created on the first request, so importing this is cheap.
export default createGroupHandler("planner", { tools: groupTools });
