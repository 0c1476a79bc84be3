import { createGroupHandler } from "../../shared/http/handler.ts";
import { groupTools } from "../../shared/tools/generated/groups/grocery.ts";

// The database pool and token verifier are created on the first request, so importing this is cheap.
export default createGroupHandler("grocery", { tools: groupTools });
