// A local HTTP server speaking Cloudflare Turnstile: the widget script (GET /turnstile/v0/api.js,
// which fills the form's hidden `cf-turnstile-response` like the real implicit widget) and
// siteverify (POST /turnstile/v0/siteverify, form-encoded secret, response, remoteip →
// { success, error-codes, challenge_ts, hostname }). A token is good once, for the site key it
// was issued to, checked with that key's secret.
import type { IncomingMessage } from 'node:http';
import { randomBytes } from 'node:crypto';
import { listen, type Listening } from './listen.ts';

export interface FakeTurnstile extends Listening {
  siteKey: string;
  secretKey: string;
  /** A token the widget would give a person on this site key. */
  issue(): string;
  /** Every siteverify call, oldest first. */
  verifications: Record<string, string>[];
  /** Answer siteverify with 500 (Turnstile unreachable) while true. */
  down: boolean;
}

function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  return new Promise((resolve) => {
    let raw = '';
    req.on('data', (d: Buffer) => (raw += d.toString()));
    req.on('end', () => resolve(Object.fromEntries(new URLSearchParams(raw))));
  });
}

// The implicit widget: every .cf-turnstile in a form gets a hidden input carrying a fresh token.
// Loaded async, the script may run before the page is parsed; like Cloudflare's, it then renders
// once the document is ready (it used to find no widget then, and never solve on a busy runner).
const widget = (base: string) => `(function(){
  function render(){document.querySelectorAll('.cf-turnstile').forEach(function(el){
    fetch('${base}/fake/token?sitekey='+encodeURIComponent(el.getAttribute('data-sitekey')||''),{method:'POST'})
      .then(function(r){return r.text()}).then(function(token){
        var input=document.createElement('input');input.type='hidden';input.name='cf-turnstile-response';input.value=token;
        var note=document.createElement('span');note.textContent='Success!';
        el.textContent='';el.appendChild(note);el.appendChild(input);el.setAttribute('data-state','solved');
      });
  });}
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', render); else render();
})();`;

export async function startFakeTurnstile(): Promise<FakeTurnstile> {
  const siteKey = `0x4AAAAAAA${randomBytes(8).toString('hex')}`;
  const secretKey = `0x4AAAAAAA${randomBytes(16).toString('hex')}`;
  const tokens = new Set<string>();
  const used = new Set<string>();
  const issue = () => {
    const token = `XXXX.DUMMY.TOKEN.${randomBytes(12).toString('hex')}`;
    tokens.add(token);
    return token;
  };
  let state: Pick<FakeTurnstile, 'down' | 'verifications'> = { down: false, verifications: [] };
  // The handler reads `fake`'s fields, so a test's `fake.down = true` takes effect.
  const server = await listen(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.method === 'GET' && url.pathname === '/turnstile/v0/api.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      return res.end(widget(`http://${req.headers.host}`));
    }
    if (req.method === 'POST' && url.pathname === '/fake/token') {
      res.writeHead(200, { 'content-type': 'text/plain', 'access-control-allow-origin': '*' });
      return res.end(url.searchParams.get('sitekey') === siteKey ? issue() : 'invalid-sitekey');
    }
    if (req.method === 'POST' && url.pathname === '/turnstile/v0/siteverify') {
      const form = await readForm(req);
      state.verifications.push(form);
      if (state.down) {
        res.writeHead(500);
        return res.end();
      }
      const codes: string[] = [];
      if (!form.secret) codes.push('missing-input-secret');
      else if (form.secret !== secretKey) codes.push('invalid-input-secret');
      if (!form.response) codes.push('missing-input-response');
      else if (used.has(form.response)) codes.push('timeout-or-duplicate');
      else if (!tokens.delete(form.response)) codes.push('invalid-input-response');
      else used.add(form.response);
      const success = codes.length === 0;
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(
        JSON.stringify({
          success,
          'error-codes': codes,
          ...(success ? { challenge_ts: new Date().toISOString(), hostname: 'localhost', action: '', cdata: '' } : {}),
        }),
      );
    }
    res.writeHead(404);
    res.end();
  });
  const fake: FakeTurnstile = Object.assign(server, { siteKey, secretKey, issue, verifications: [], down: false });
  state = fake;
  return fake;
}
