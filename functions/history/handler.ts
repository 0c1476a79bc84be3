import { createGroupHandler } from "../../shared/http/handler.ts";

// The database pool and token verifier are created on the first request, so importing this is cheap.
export default createGroupHandler("history");
