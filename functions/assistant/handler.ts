import { createAssistantHandler } from "../../shared/http/assistant-handler.ts";

export default createAssistantHandler();
