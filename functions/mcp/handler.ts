import { createMcpHandler } from "../../shared/mcp/handler.ts";

// The database pool and token verifier are created on the first request, so importing this is cheap.
export default createMcpHandler();
