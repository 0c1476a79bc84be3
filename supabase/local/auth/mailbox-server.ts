import type { Mailbox, MailMessage } from "./mailbox.ts";

const escape = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

function page(title: string, body: string): Response {
  return new Response(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;max-width:60rem}td,th{padding:.3rem .6rem;text-align:left}
tr:nth-child(even){background:#f4f4f4}pre{white-space:pre-wrap;background:#f4f4f4;padding:1rem}</style></head>
<body>${body}</body></html>`,
    { headers: { "content-type": "text/html; charset=utf-8" } },
  );
}

function listPage(messages: MailMessage[], to: string | null): Response {
  const rows = messages.map((message) =>
    `<tr><td>${escape(message.created_at)}</td><td>${escape(message.to)}</td>` +
    `<td><a href="/mailbox/${encodeURIComponent(message.id)}">${escape(message.subject)}</a></td></tr>`
  ).join("\n");
  return page(
    "Local mailbox",
    `<h1>Local mailbox</h1><p>Emails the local Auth stand-in sent${to ? ` to ${escape(to)}` : ""}, newest first.
    JSON: <a href="/mailbox/v1/messages">/mailbox/v1/messages</a>?to=&lt;email&gt;</p>
    <form><input name="to" type="email" placeholder="recipient" value="${
      escape(to ?? "")
    }"> <button>Filter</button></form>
    <table><tr><th>Sent</th><th>To</th><th>Subject</th></tr>${rows || "<tr><td colspan=3>No emails yet.</td></tr>"}
    </table>`,
  );
}

function messagePage(message: MailMessage): Response {
  return page(
    message.subject,
    `<p><a href="/mailbox">← Mailbox</a></p><h1>${escape(message.subject)}</h1>
    <p>To ${escape(message.to)} · from ${escape(message.from)} · ${escape(message.created_at)}</p>
    <div>${message.html}</div><h2>Text</h2><pre>${escape(message.text)}</pre>`,
  );
}

const json = (body: unknown, status = 200) =>
  Response.json(body, { status, headers: { "access-control-allow-origin": "*" } });

/**
 * The mailbox on the API port, as `supabase start` offers Mailpit: GET /mailbox (a page), GET /mailbox/<id>,
 * GET /mailbox/v1/messages?to=<email> (JSON, newest first), GET /mailbox/v1/messages/<id>, DELETE
 * /mailbox/v1/messages (empties it).
 */
export function mailboxHandler(mailbox: Mailbox) {
  return async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const path = url.pathname.replace(/\/+$/, "");
    const to = url.searchParams.get("to");
    if (path === "/mailbox/v1/messages" && request.method === "GET") {
      return json({ messages: await mailbox.list(to ?? undefined) });
    }
    if (path === "/mailbox/v1/messages" && request.method === "DELETE") {
      await mailbox.clear();
      return new Response(null, { status: 204 });
    }
    const apiMessage = /^\/mailbox\/v1\/messages\/([^/]+)$/.exec(path);
    if (apiMessage && request.method === "GET") {
      const message = await mailbox.get(decodeURIComponent(apiMessage[1]));
      return message ? json(message) : json({ message: "No such email" }, 404);
    }
    if (path === "/mailbox" && request.method === "GET") return listPage(await mailbox.list(to ?? undefined), to);
    const pageMessage = /^\/mailbox\/([^/]+)$/.exec(path);
    if (pageMessage && request.method === "GET") {
      const message = await mailbox.get(decodeURIComponent(pageMessage[1]));
      if (message) return messagePage(message);
    }
    return json({ message: `Nothing at ${url.pathname}: the mailbox is at /mailbox and /mailbox/v1/messages` }, 404);
  };
}
