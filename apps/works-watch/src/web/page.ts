/**
 * The web page: recent works with their latest permit status and update history. It loads
 * `GET /api/works`, listens on `GET /live` (Server-Sent Events) and loads again on each
 * change; if the stream fails it falls back to loading every 10 s. Plain HTML, CSS and
 * script, no build step and nothing fetched from elsewhere.
 */
export const page = /* html */ `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Works watch</title>
<style>
  :root {
    --ink: #1d2733; --muted: #5b6878; --line: #dde3ea; --bg: #f4f6f9; --card: #fff;
    --accent: #1f5fbf; --ok: #1c7c4a; --warn: #a86400; --bad: #b42318; --idle: #6b7685;
  }
  * { box-sizing: border-box; }
  body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: var(--bg); }
  header { display: flex; align-items: center; justify-content: space-between; gap: 16px;
    padding: 14px 28px; background: #14324f; color: #fff; }
  header h1 { margin: 0; font-size: 20px; font-weight: 650; letter-spacing: .2px; }
  header p { margin: 2px 0 0; color: #c4d3e3; font-size: 13px; }
  header code { color: #fff; }
  .live { display: inline-flex; align-items: center; gap: 8px; padding: 5px 12px; border-radius: 999px;
    background: rgba(255,255,255,.12); font-size: 13px; white-space: nowrap; }
  .live::before { content: ""; width: 9px; height: 9px; border-radius: 50%; background: #9aa6b2; }
  .live[data-state="live"]::before { background: #3ddc84; box-shadow: 0 0 0 3px rgba(61,220,132,.25); }
  .live[data-state="polling"]::before { background: #f5b841; }
  main { padding: 20px 28px 40px; max-width: 1500px; margin: 0 auto; }
  .stats { display: grid; grid-template-columns: repeat(auto-fit, minmax(170px, 1fr)); gap: 12px; margin-bottom: 18px; }
  .stat { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: 12px 14px; }
  .stat dt { color: var(--muted); font-size: 12px; text-transform: uppercase; letter-spacing: .5px; }
  .stat dd { margin: 4px 0 0; font-size: 20px; font-weight: 600; font-variant-numeric: tabular-nums; }
  .stat dd small { display: block; font-size: 12px; font-weight: 400; color: var(--muted); }
  .error { background: #fdecea; color: var(--bad); border: 1px solid #f5c2bd; border-radius: 8px; padding: 8px 12px; margin-bottom: 14px; }
  .error:empty { display: none; }
  table { width: 100%; border-collapse: separate; border-spacing: 0; background: var(--card);
    border: 1px solid var(--line); border-radius: 10px; overflow: hidden; }
  th { text-align: left; font-size: 12px; text-transform: uppercase; letter-spacing: .5px; color: var(--muted);
    background: #f9fafc; padding: 10px 12px; border-bottom: 1px solid var(--line); }
  td { padding: 10px 12px; border-bottom: 1px solid var(--line); vertical-align: top; }
  tr:last-child td { border-bottom: 0; }
  tr.fresh td { animation: fresh 4s ease-out; }
  tr.fresh td:first-child { box-shadow: inset 3px 0 0 #f5b841; }
  @keyframes fresh { from { background: #fff8e1; } to { background: transparent; } }
  .ref { font: 600 13px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
  .sub { color: var(--muted); font-size: 12.5px; }
  .badge { display: inline-block; padding: 2px 9px; border-radius: 999px; font-size: 12px; font-weight: 600;
    background: #e8edf3; color: var(--idle); white-space: nowrap; }
  .badge[data-status="granted"], .badge[data-status="progressed"] { background: #e3f4ea; color: var(--ok); }
  .badge[data-status="submitted"] { background: #e6eefb; color: var(--accent); }
  .badge[data-status="permit_modification_request"] { background: #fff1dc; color: var(--warn); }
  .badge[data-status="refused"], .badge[data-status="revoked"] { background: #fdecea; color: var(--bad); }
  .badge.pending { background: transparent; border: 1px dashed #b8c2cc; color: var(--muted); font-weight: 500; }
  details summary { cursor: pointer; color: var(--accent); font-size: 12.5px; margin-top: 4px; }
  ol.history { list-style: none; margin: 6px 0 0; padding: 0 0 0 10px; border-left: 2px solid var(--line); }
  ol.history li { margin: 0 0 4px; font-size: 12.5px; }
  ol.history time, ol.history .id { color: var(--muted); font-variant-numeric: tabular-nums; }
  .empty { text-align: center; color: var(--muted); padding: 40px; }
  footer { color: var(--muted); font-size: 12px; margin-top: 12px; }
</style>
</head>
<body>
<header>
  <div>
    <h1>Works watch</h1>
    <p>Street works changes from <code id="service">…</code>, kept in step by polling and push notifications</p>
  </div>
  <span id="live" class="live" data-state="connecting">Connecting…</span>
</header>
<main>
  <div id="error" class="error" role="alert"></div>
  <dl class="stats">
    <div class="stat"><dt>Works tracked</dt><dd id="works-count">–</dd></div>
    <div class="stat"><dt>Updates stored</dt><dd id="events-count">–</dd></div>
    <div class="stat"><dt>Cursor (update_id)</dt><dd id="cursor">–</dd></div>
    <div class="stat"><dt>Push notifications</dt><dd id="push">–</dd></div>
    <div class="stat"><dt>Last reconciled</dt><dd id="reconciled">–</dd></div>
  </dl>
  <table>
    <thead><tr><th>Work</th><th>Location</th><th>Promoter / authority</th><th>Permit</th><th>Proposed</th><th>Latest update and history</th></tr></thead>
    <tbody id="works"><tr><td class="empty" colspan="6">Loading…</td></tr></tbody>
  </table>
  <footer>Showing the <span id="shown">0</span> most recently updated works. Times are local.</footer>
</main>
<script>
(() => {
  const $ = (id) => document.getElementById(id);
  const seen = new Map();
  const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
  const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });
  const timeOnly = new Intl.DateTimeFormat(undefined, { timeStyle: "medium" });
  const when = (iso, format = dateTime) => (iso ? format.format(new Date(iso)) : "–");

  function el(tag, props = {}, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(props)) {
      if (key === "class") node.className = value;
      else if (key === "text") node.textContent = value;
      else node.setAttribute(key, value);
    }
    for (const child of children) if (child != null) node.append(child);
    return node;
  }

  function permitCell(work) {
    const permit = work.permit;
    if (!permit) return el("td", {}, el("span", { class: "badge pending", text: "Fetching…" }));
    return el("td", {},
      el("span", { class: "badge permit-status", "data-status": permit.status, text: permit.status_string }),
      el("div", { class: "sub", text: permit.permit_reference_number }),
      el("div", { class: "sub", text: permit.work_status_string + " · " + permit.work_category_string }));
  }

  function historyCell(work) {
    const [latest] = work.events;
    const list = el("ol", { class: "history" }, ...work.events.map((row) =>
      el("li", { "data-update-id": String(row.update_id) },
        el("time", { datetime: row.update_date_time, text: when(row.update_date_time) }), " ",
        el("strong", { text: row.event_type_string }), " ",
        el("span", { class: "sub", text: row.object_reference_number || "" }), " ",
        el("span", { class: "id", text: "#" + row.update_id }))));
    const more = work.event_count > work.events.length ? " (latest " + work.events.length + ")" : "";
    return el("td", {},
      el("div", { class: "latest-event" }, el("strong", { text: latest ? latest.event_type_string : "–" })),
      el("div", { class: "sub", text: when(work.last_update_date_time) }),
      el("details", {}, el("summary", { text: work.event_count + " update" + (work.event_count === 1 ? "" : "s") + more }), list));
  }

  function row(work) {
    const permit = work.permit;
    const tr = el("tr", { "data-work": work.work_reference_number },
      el("td", {}, el("div", { class: "ref", text: work.work_reference_number }),
        el("div", { class: "sub", text: permit ? permit.description_of_work : "" })),
      el("td", {}, el("div", { text: permit ? permit.street : "–" }),
        el("div", { class: "sub", text: permit ? permit.town + " · " + permit.location_description : "" })),
      el("td", {}, el("div", { text: permit ? permit.promoter_organisation : "–" }),
        el("div", { class: "sub", text: permit ? permit.highway_authority : "" })),
      permitCell(work),
      el("td", { class: "sub", text: permit ? when(permit.proposed_start_date, dateOnly) + " – " + when(permit.proposed_end_date, dateOnly) : "–" }),
      historyCell(work));
    const before = seen.get(work.work_reference_number);
    if (before !== undefined && before !== work.last_update_id) tr.classList.add("fresh");
    seen.set(work.work_reference_number, work.last_update_id);
    return tr;
  }

  function pushText(status) {
    const sub = status.subscription;
    const labels = { confirmed: "Confirmed", awaiting_confirmation: "Awaiting confirmation", off: "Off", elsewhere: "Elsewhere", failed: "Not subscribed" };
    return [String(status.counts.notifications), el("small", { text: labels[sub.state] || sub.state })];
  }

  function render({ status, works }) {
    $("service").textContent = status.service;
    $("works-count").textContent = status.counts.works.toLocaleString();
    $("events-count").textContent = status.counts.events.toLocaleString();
    $("cursor").textContent = status.cursor == null ? "–" : String(status.cursor);
    $("push").replaceChildren(...pushText(status));
    $("reconciled").replaceChildren(when(status.reconciler.lastReconciledAt, timeOnly),
      el("small", { text: status.counts.stale_works ? status.counts.stale_works + " permit lookups pending" : "permits up to date" }));
    $("error").textContent = status.reconciler.lastError ? "Cannot reach the service: " + status.reconciler.lastError : "";
    $("shown").textContent = String(works.length);
    const body = $("works");
    if (works.length === 0) body.replaceChildren(el("tr", {}, el("td", { class: "empty", colspan: "6", text: "No works yet" })));
    else {
      const open = new Set([...body.querySelectorAll("tr[data-work] details[open]")].map((d) => d.closest("tr").dataset.work));
      body.replaceChildren(...works.map(row));
      for (const ref of open) body.querySelector('tr[data-work="' + CSS.escape(ref) + '"] details')?.setAttribute("open", "");
    }
    document.body.dataset.version = String(status.version);
  }

  let loading = null, again = false;
  async function load() {
    if (loading) { again = true; return loading; }
    loading = (async () => {
      do {
        again = false;
        try {
          const response = await fetch("/api/works", { cache: "no-store" });
          if (!response.ok) throw new Error("HTTP " + response.status);
          render(await response.json());
        } catch (error) {
          $("error").textContent = "Cannot load the works: " + error.message;
        }
      } while (again);
    })();
    try { await loading; } finally { loading = null; }
  }

  let fallback = null;
  function setLive(state, text) { const live = $("live"); live.dataset.state = state; live.textContent = text; }
  const events = new EventSource("/live");
  events.addEventListener("open", () => { setLive("live", "Live"); clearInterval(fallback); fallback = null; });
  events.addEventListener("change", () => load());
  events.addEventListener("error", () => {
    setLive("polling", "Reconnecting… (refreshing every 10 s)");
    fallback ??= setInterval(load, 10_000);
  });
  load();
})();
</script>
</body>
</html>
`;
