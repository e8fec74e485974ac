// The account area's only stylesheet and script, served from /account/assets/ (CSP allows 'self' only).

export const STYLESHEET = `
:root {
  --bg: #f5f7fa; --card: #fff; --text: #1d2430; --muted: #5b6677; --line: #dde3ea;
  --accent: #2456c9; --accent-dark: #1a3f96; --danger: #b42318; --danger-bg: #fef3f2;
  --ok: #067647; --ok-bg: #ecfdf3; --warn-bg: #fffaeb; --warn: #93370d; --radius: 10px;
  color-scheme: light;
}
* { box-sizing: border-box; }
[hidden] { display: none !important; }
html { -webkit-text-size-adjust: 100%; }
body {
  margin: 0; background: var(--bg); color: var(--text);
  font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
}
a { color: var(--accent); }
a:hover { color: var(--accent-dark); }
:focus-visible { outline: 3px solid #84adff; outline-offset: 2px; }
.skip { position: absolute; left: -999px; }
.skip:focus { left: 1rem; top: 1rem; background: var(--card); padding: .5rem 1rem; z-index: 10; }
.topbar { background: var(--card); border-bottom: 1px solid var(--line); }
.topbar-inner {
  max-width: 960px; margin: 0 auto; padding: .75rem 1rem;
  display: flex; flex-wrap: wrap; align-items: center; gap: .5rem 1.5rem;
}
.brand { font-weight: 700; color: var(--text); text-decoration: none; margin-right: auto; }
.brand span { color: var(--muted); font-weight: 500; }
.nav { display: flex; gap: .25rem; list-style: none; margin: 0; padding: 0; align-items: center; }
.nav a {
  display: block; padding: .4rem .75rem; border-radius: 8px; text-decoration: none; color: var(--muted); font-weight: 500;
}
.nav a[aria-current="page"] { background: #e8eefc; color: var(--accent-dark); }
.nav a:hover { color: var(--text); }
.nav form { margin: 0; }
main { max-width: 960px; margin: 0 auto; padding: 1.5rem 1rem 3rem; }
h1 { font-size: 1.6rem; margin: 0 0 .25rem; line-height: 1.25; }
h2 { font-size: 1.15rem; margin: 0 0 .75rem; }
.lead { color: var(--muted); margin: 0 0 1.5rem; overflow-wrap: anywhere; }
.card {
  background: var(--card); border: 1px solid var(--line); border-radius: var(--radius);
  padding: 1.25rem; margin-bottom: 1.25rem; box-shadow: 0 1px 2px rgba(16, 24, 40, .04);
}
.card > :first-child { margin-top: 0; }
.card > :last-child { margin-bottom: 0; }
h1 + .card { margin-top: 1rem; }
.grid { display: grid; gap: 1.25rem; grid-template-columns: repeat(auto-fit, minmax(260px, 1fr)); }
.grid .card { margin-bottom: 0; }
.grid + .card, .grid + section { margin-top: 1.25rem; }
.stat { font-size: 2rem; font-weight: 700; line-height: 1.1; margin: .25rem 0; }
.stat small { font-size: 1rem; color: var(--muted); font-weight: 500; }
.muted { color: var(--muted); }
.small { font-size: .875rem; }
progress { width: 100%; height: .6rem; appearance: none; border: 0; border-radius: 99px; background: #e7ebf0; overflow: hidden; }
progress::-webkit-progress-bar { background: #e7ebf0; border-radius: 99px; }
progress::-webkit-progress-value { background: var(--accent); border-radius: 99px; }
progress::-moz-progress-bar { background: var(--accent); border-radius: 99px; }
progress.full::-webkit-progress-value { background: var(--danger); }
progress.full::-moz-progress-bar { background: var(--danger); }
.notice { border-radius: var(--radius); padding: .85rem 1rem; margin-bottom: 1.25rem; border: 1px solid; }
.notice p { margin: .25rem 0 0; }
.notice-error { background: var(--danger-bg); border-color: #fecdca; color: var(--danger); }
.notice-ok { background: var(--ok-bg); border-color: #abefc6; color: var(--ok); }
.notice-warn { background: var(--warn-bg); border-color: #fedf89; color: var(--warn); }
.badge { display: inline-block; padding: .1rem .55rem; border-radius: 99px; font-size: .8rem; font-weight: 600; white-space: nowrap; }
.badge-ok { background: var(--ok-bg); color: var(--ok); }
.badge-off { background: #eef1f5; color: var(--muted); }
.badge-bad { background: var(--danger-bg); color: var(--danger); }
label { display: block; font-weight: 600; margin-bottom: .3rem; }
.hint { font-size: .875rem; color: var(--muted); margin: .3rem 0 0; }
input[type=email], input[type=password], input[type=text] {
  width: 100%; font: inherit; padding: .6rem .75rem; border: 1px solid #c4ccd7; border-radius: 8px; background: #fff; color: var(--text);
}
input:focus { border-color: var(--accent); }
.field { margin-bottom: 1rem; }
.row { display: flex; gap: .75rem; align-items: flex-end; flex-wrap: wrap; }
.row .field { flex: 1 1 220px; margin-bottom: 0; }
.btn {
  display: inline-block; font: inherit; font-weight: 600; border-radius: 8px; padding: .6rem 1rem; cursor: pointer;
  border: 1px solid var(--accent); background: var(--accent); color: #fff; text-decoration: none; line-height: 1.25;
}
.btn:hover { background: var(--accent-dark); color: #fff; }
.btn-quiet { background: transparent; color: var(--text); border-color: #c4ccd7; }
.btn-quiet:hover { background: #eef1f5; color: var(--text); }
.btn-danger { background: var(--danger); border-color: var(--danger); }
.btn-danger:hover { background: #912018; }
.btn-link { background: none; border: 0; padding: .4rem .75rem; color: var(--muted); font-weight: 500; }
.btn-link:hover { background: none; color: var(--text); }
.btn-small { padding: .3rem .7rem; font-size: .875rem; }
.actions { display: flex; gap: .75rem; flex-wrap: wrap; margin-top: 1.25rem; }
.auth { max-width: 400px; margin: 3rem auto; }
.auth .btn { width: 100%; }
table { width: 100%; border-collapse: collapse; }
th, td { text-align: left; padding: .65rem .5rem; border-bottom: 1px solid var(--line); vertical-align: middle; }
th { font-size: .8rem; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); font-weight: 600; }
tr:last-child td { border-bottom: 0; }
td.num, th.num { text-align: right; }
.key-label { font-weight: 600; overflow-wrap: anywhere; }
.key-id { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: .8rem; color: var(--muted); }
.token-box { display: flex; gap: .5rem; align-items: stretch; flex-wrap: wrap; margin: .5rem 0 1rem; }
pre, code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: .85rem; }
pre {
  margin: 0; background: #0f172a; color: #e2e8f0; padding: .75rem 1rem; border-radius: 8px;
  white-space: pre-wrap; word-break: break-all; flex: 1 1 300px; min-width: 0;
}
.copy-status { font-size: .875rem; color: var(--ok); min-height: 1.3em; margin: 0; }
.chart { width: 100%; height: auto; display: block; }
.chart .bar { fill: var(--accent); }
.chart .bar-zero { fill: #d5dce6; }
.chart .grid-line { stroke: var(--line); stroke-width: 1; }
.chart text { fill: var(--muted); font-size: 11px; font-family: inherit; }
details { margin-top: .75rem; }
summary { cursor: pointer; color: var(--accent); font-size: .9rem; }
.table-scroll { max-height: 18rem; overflow: auto; margin-top: .5rem; }
.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: .35rem 1rem; margin: .5rem 0 0; }
dl.facts dt { color: var(--muted); }
dl.facts dd { margin: 0; font-weight: 500; overflow-wrap: anywhere; }
@media (max-width: 640px) {
  main { padding: 1rem .75rem 2rem; }
  h1 { font-size: 1.35rem; }
  .card { padding: 1rem; }
  .keys thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
  .keys tr { display: block; border-bottom: 1px solid var(--line); padding: .6rem 0; }
  .keys tr:last-child { border-bottom: 0; }
  .keys td { display: flex; justify-content: space-between; gap: 1rem; border: 0; padding: .2rem 0; text-align: right; }
  .keys td::before { content: attr(data-label); color: var(--muted); font-size: .85rem; text-align: left; }
  .keys td.key-main { display: block; text-align: left; }
  .keys td.key-main::before { content: none; }
  .auth { margin: 1.5rem auto; }
  .chart text { font-size: 20px; }
}
`;

// Progressive enhancement only: the copy buttons stay hidden without JavaScript.
export const SCRIPT = `
document.querySelectorAll('[data-copy-target]').forEach(function (button) {
  var target = document.getElementById(button.getAttribute('data-copy-target'));
  var status = document.getElementById(button.getAttribute('data-copy-status'));
  if (!target) return;
  button.hidden = false;
  button.addEventListener('click', function () {
    var text = target.textContent || '';
    var done = function () { if (status) status.textContent = 'Copied to the clipboard.'; };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(done, function () { fallback(text); done(); });
    } else { fallback(text); done(); }
  });
});
function fallback(text) {
  var area = document.createElement('textarea');
  area.value = text; area.setAttribute('readonly', ''); area.className = 'sr-only';
  document.body.appendChild(area); area.select();
  try { document.execCommand('copy'); } finally { document.body.removeChild(area); }
}
`;
