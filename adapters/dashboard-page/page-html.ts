export const DASHBOARD_PATH = '/dashboard';

/**
 * The page's markup: plain HTML the bundle fills in (web/main.ts). Every
 * figure has a data-figure name, every table a caption, so people with
 * screen readers and tests find the same things.
 */
export const DASHBOARD_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Open Bank live dashboard</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${DASHBOARD_PATH}/assets/dashboard.css">
<script src="${DASHBOARD_PATH}/assets/dashboard.js" defer></script>
</head>
<body>
<header class="top">
  <h1>Open Bank live dashboard</h1>
  <p id="live" class="live" role="status" aria-live="polite" data-state="idle">Not connected</p>
</header>
<main>
  <form id="key-form" class="key-form" autocomplete="off">
    <label for="api-key">API key (operator key, or a team's key)</label>
    <input id="api-key" name="api-key" type="password" spellcheck="false" required>
    <button type="submit">Connect</button>
    <button type="button" id="forget-key">Forget key</button>
    <p class="hint">The key stays in this browser tab (session storage) and is sent only to this server, as <code>Authorization: Bearer</code>.</p>
  </form>
  <p id="error" class="error" role="alert" hidden></p>

  <section aria-labelledby="summary-title">
    <h2 id="summary-title">Summary</h2>
    <dl class="figures">
      <div><dt>Events (all time)</dt><dd data-figure="events-total">–</dd></div>
      <div><dt>Events per second</dt><dd data-figure="events-per-second">–</dd></div>
      <div><dt>Handled per second</dt><dd data-figure="handled-per-second">–</dd></div>
      <div><dt>Error rate</dt><dd data-figure="error-rate">–</dd></div>
      <div><dt>Pending events</dt><dd data-figure="pending-total">–</dd></div>
      <div><dt>Parked events</dt><dd data-figure="parked-total">–</dd></div>
      <div><dt>Head position</dt><dd data-figure="head-position">–</dd></div>
      <div><dt>Store</dt><dd data-figure="store">–</dd></div>
      <div><dt>Uptime</dt><dd data-figure="uptime">–</dd></div>
    </dl>
    <p class="hint" id="updated">No figures yet.</p>
  </section>

  <section aria-labelledby="charts-title">
    <h2 id="charts-title">Over time</h2>
    <div class="charts">
      <figure><figcaption>Events per second (sliding 60 s window)</figcaption><div id="chart-throughput" class="chart" role="img" aria-label="No samples yet"></div></figure>
      <figure><figcaption>Latency, event to handled (ms)</figcaption><div id="chart-latency" class="chart" role="img" aria-label="No samples yet"></div></figure>
    </div>
  </section>

  <section aria-labelledby="groups-title">
    <h2 id="groups-title">Consumer groups</h2>
    <table id="groups">
      <caption>Each consumer group (projector, fan-out) and how far it is behind the head</caption>
      <thead><tr><th scope="col">Group</th><th scope="col">Checkpoint</th><th scope="col">Pending</th><th scope="col">Lag (positions)</th><th scope="col">Lag (seconds)</th><th scope="col">Handled</th><th scope="col">Parked</th><th scope="col">Status</th><th scope="col">Last error</th><th scope="col"><span class="visually-hidden">Action</span></th></tr></thead>
      <tbody></tbody>
    </table>
  </section>

  <section aria-labelledby="health-title">
    <h2 id="health-title">Projector health by domain</h2>
    <table id="health">
      <caption>Per domain: status, its projectors, recent consumer errors and parked events</caption>
      <thead><tr><th scope="col">Domain</th><th scope="col">Status</th><th scope="col">Projectors</th><th scope="col">Events</th><th scope="col">Recent errors</th><th scope="col">Parked</th></tr></thead>
      <tbody></tbody>
    </table>
  </section>

  <section aria-labelledby="parked-title">
    <h2 id="parked-title">Parked events</h2>
    <table id="parked">
      <caption>The 20 most recently parked events; re-drive hands one (or a whole group's) to its handler again</caption>
      <thead><tr><th scope="col">Group</th><th scope="col">Position</th><th scope="col">Type</th><th scope="col">Error</th><th scope="col">Attempts</th><th scope="col">Parked at</th><th scope="col"><span class="visually-hidden">Action</span></th></tr></thead>
      <tbody></tbody>
    </table>
    <p id="redrive-result" role="status" aria-live="polite"></p>
  </section>
</main>
</body>
</html>
`;
