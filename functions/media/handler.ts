import { createGroupHandler } from "../../shared/http/handler.ts";
import { groupTools } from "../../shared/tools/generated/groups/media.ts";
import { ocrLimits } from "../../shared/tools/media/docs.ts";

// Images come as base64 in the JSON body, so this group takes larger bodies than the others. The OCR worker
// starts on the first media.ocr_image call, so importing this is cheap.
export default createGroupHandler("media", { tools: groupTools, maxBodyBytes: ocrLimits.maxBodyBytes });
