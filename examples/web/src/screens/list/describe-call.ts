import type { QueuedCall } from "../../offline/queue.ts";

/** A queued call in words, for messages about it. */
export function describeCall(call: QueuedCall): string {
  switch (call.tool) {
    case "grocery.check_item":
      return `Ticking ${call.itemName}`;
    case "grocery.uncheck_item":
      return `Unticking ${call.itemName}`;
    case "grocery.add_item":
    case "grocery.add_text":
      return `Adding ${call.itemName}`;
    case "grocery.remove_item":
      return `Removing ${call.itemName}`;
    case "grocery.update_item":
      return `Changing the amount of ${call.itemName}`;
    // The week's calls share the queue (screens/week shows them beside their meals).
    case "planner.add_meal":
      return `Planning ${call.itemName}`;
    case "planner.update_meal":
      return `Changing ${call.itemName}`;
    case "planner.remove_meal":
      return `Removing ${call.itemName}`;
  }
}
