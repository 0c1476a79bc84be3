import { createAssistantHandler } from "../../shared/agent/assistant-handler.ts";

export default createAssistantHandler();
