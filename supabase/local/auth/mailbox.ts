import { join } from "node:path";

/** An email the stand-in sent, kept in the state folder's mailbox/ (one JSON file each) for tests and people. */
export interface MailMessage {
  id: string;
  to: string;
  from: string;
  subject: string;
  /** confirmation, magiclink, recovery or invite: GoTrue's email templates. */
  kind: string;
  text: string;
  html: string;
  created_at: string;
}

export class Mailbox {
  constructor(readonly directory: string) {}

  async deliver(message: Omit<MailMessage, "id" | "created_at" | "from">): Promise<MailMessage> {
    await Deno.mkdir(this.directory, { recursive: true });
    const createdAt = new Date();
    // The name sorts by time; the random part keeps two emails of one millisecond apart.
    const id = `${createdAt.getTime()}-${crypto.randomUUID().slice(0, 8)}`;
    const stored: MailMessage = {
      id,
      from: "Supabase Auth (local) <noreply@localhost>",
      created_at: createdAt.toISOString(),
      ...message,
    };
    await Deno.writeTextFile(join(this.directory, `${id}.json`), JSON.stringify(stored, null, 2));
    return stored;
  }

  /** Newest first; only those sent to `to` (any case) when given. */
  async list(to?: string): Promise<MailMessage[]> {
    let entries: Deno.DirEntry[];
    try {
      entries = [...Deno.readDirSync(this.directory)];
    } catch (error) {
      if (error instanceof Deno.errors.NotFound) return [];
      throw error;
    }
    const names = entries.filter((entry) => entry.isFile && entry.name.endsWith(".json")).map((entry) => entry.name)
      .sort().reverse();
    const messages: MailMessage[] = [];
    for (const name of names) {
      const message: MailMessage = JSON.parse(await Deno.readTextFile(join(this.directory, name)));
      if (!to || message.to.toLowerCase() === to.trim().toLowerCase()) messages.push(message);
    }
    return messages;
  }

  async get(id: string): Promise<MailMessage | undefined> {
    if (!/^[0-9]+-[0-9a-f]{8}$/.test(id)) return undefined;
    try {
      return JSON.parse(await Deno.readTextFile(join(this.directory, `${id}.json`)));
    } catch (error) {
      if (error instanceof Deno.errors.NotFound) return undefined;
      throw error;
    }
  }

  async clear(): Promise<void> {
    await Deno.remove(this.directory, { recursive: true }).catch(() => {});
  }
}
