import { createHash } from 'node:crypto';
import type { TLandingPageContent } from '#shared/schemas/website.ts';
import { TURNSTILE_SCRIPT_PATH } from '#server/integrations/turnstile/turnstile-client.ts';

/**
 * Our own templates for a landing page: every value is escaped, the markup is fixed, there is no
 * script but Turnstile's widget when the business turned its check on, and styling comes from one
 * stylesheet, in the page (LANDING_STYLE), which the pages' CSP lets in by its hash. The same HTML
 * is the preview (sandboxed iframe) and the published page.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const esc = (value: string): string => value.replace(/[&<>"']/g, (c) => ESCAPES[c] as string);

export interface RenderOptions {
  businessName: string;
  /** The form's action on the published page; the preview's form posts nowhere. */
  formAction?: string;
  /** Canonical address, for Open Graph. */
  url?: string;
  /** Hidden fields kept with the lead (UTM tags, the time the page was served). */
  hidden?: Record<string, string>;
  /** The business's Turnstile check: its widget in the form, its script from the provider. */
  challenge?: { siteKey: string; baseUrl: string } | undefined;
}

function field(name: string, label: string, type: string, required: boolean, autocomplete: string): string {
  return `<label class="field"><span>${esc(label)}${required ? ' *' : ''}</span><input name="${name}" type="${type}" autocomplete="${autocomplete}"${required ? ' required' : ''} maxlength="200"></label>`;
}

/** The tab icon: the business's initial on the page's blue, inline, so a visitor's browser asks for no favicon.ico. */
export function iconLink(businessName: string): string {
  const initial = (businessName.trim()[0] ?? 'F').toUpperCase();
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#1d4ed8"/><text x="16" y="22" font-family="Arial,sans-serif" font-size="18" font-weight="700" fill="#fff" text-anchor="middle">${esc(initial)}</text></svg>`;
  return `<link rel="icon" href="data:image/svg+xml,${encodeURIComponent(svg)}">`;
}

export function renderLandingPage(page: TLandingPageContent, opts: RenderOptions): string {
  const services = page.services.items
    .map((s) => `<li class="card"><h3>${esc(s.name)}</h3><p>${esc(s.description)}</p></li>`)
    .join('');
  const reviews = page.reviews.items.length
    ? `<section class="reviews"><h2>${esc(page.reviews.heading)}</h2><ul class="grid">${page.reviews.items
        .map(
          (r) => `<li class="card"><blockquote>“${esc(r.quote)}”</blockquote><p class="who">${esc(r.author)}</p></li>`,
        )
        .join('')}</ul></section>`
    : '';
  const faq = page.faq.items
    .map((f) => `<details><summary>${esc(f.question)}</summary><p>${esc(f.answer)}</p></details>`)
    .join('');
  const og = [
    ['og:type', 'website'],
    ['og:title', page.title],
    ['og:description', page.description],
    ['og:site_name', opts.businessName],
    ...(opts.url ? [['og:url', opts.url]] : []),
  ]
    .map(([p, c]) => `<meta property="${p}" content="${esc(c as string)}">`)
    .join('');
  // One address for search engines however the visit was tagged (?utm_…).
  const canonical = opts.url ? `<link rel="canonical" href="${esc(opts.url)}">` : '';
  const { challenge } = opts;
  const script = challengeScript(challenge);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(page.title)} | ${esc(opts.businessName)}</title>
<meta name="description" content="${esc(page.description)}">${og}${canonical}${iconLink(opts.businessName)}
${LANDING_STYLE}${script}</head>
<body><header class="top"><span class="brand">${esc(opts.businessName)}</span><a class="btn small" href="#quote">${esc(page.hero.ctaLabel)}</a></header>
<main>
<section class="hero"><h1>${esc(page.hero.headline)}</h1><p>${esc(page.hero.subheadline)}</p><a class="btn" href="#quote">${esc(page.hero.ctaLabel)}</a></section>
<section><h2>${esc(page.services.heading)}</h2><ul class="grid">${services}</ul></section>
${reviews}
<section class="offer"><h2>${esc(page.offer.heading)}</h2><p>${esc(page.offer.details)}</p><a class="btn" href="#quote">${esc(page.offer.ctaLabel)}</a></section>
<section><h2>${esc(page.faq.heading)}</h2>${faq}</section>
${leadFormSection({ heading: page.leadForm.heading, buttonLabel: page.leadForm.buttonLabel, formAction: opts.formAction, hidden: opts.hidden, challenge })}
</main><footer>© ${esc(opts.businessName)}</footer></body></html>`;
}

/** The Turnstile widget's script tag, when the business's check is on. */
export const challengeScript = (challenge: RenderOptions['challenge']) =>
  challenge ? `<script src="${esc(challenge.baseUrl + TURNSTILE_SCRIPT_PATH)}" async defer></script>` : '';

/** The lead form (#quote) every public page ends with: the same fields, honeypot and hidden fields everywhere. */
export function leadFormSection(opts: {
  heading: string;
  buttonLabel: string;
  formAction?: string | undefined;
  hidden?: Record<string, string> | undefined;
  challenge?: RenderOptions['challenge'];
}): string {
  const hidden = Object.entries(opts.hidden ?? {})
    .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
    .join('');
  const widget = opts.challenge
    ? `<div class="cf-turnstile" data-sitekey="${esc(opts.challenge.siteKey)}"></div>\n`
    : '';
  return `<section id="quote" class="quote"><h2>${esc(opts.heading)}</h2>
<form method="post" action="${esc(opts.formAction ?? '#quote')}">${hidden}
${field('name', 'Your name', 'text', true, 'name')}
${field('phone', 'Phone', 'tel', false, 'tel')}
${field('email', 'Email', 'email', false, 'email')}
${field('service', 'What do you need?', 'text', true, 'off')}
${field('location', 'Town or ZIP', 'text', true, 'postal-code')}
<label class="hp" aria-hidden="true">Leave this empty<input name="website" tabindex="-1" autocomplete="off"></label>
${widget}<button class="btn" type="submit">${esc(opts.buttonLabel)}</button>
<p class="fine">We reply within minutes. Give a phone number or an email so we can reach you.</p>
</form></section>`;
}

/** A short, plain notice page (thanks, or what to fix), in the same style. */
export function renderNotice(title: string, message: string, businessName: string, back?: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} | ${esc(businessName)}</title><meta name="robots" content="noindex">${iconLink(businessName)}
${LANDING_STYLE}</head>
<body><header class="top"><span class="brand">${esc(businessName)}</span></header>
<main><section class="hero"><h1>${esc(title)}</h1><p>${esc(message)}</p>${back ? `<a class="btn" href="${esc(back)}">Back</a>` : ''}</section></main></body></html>`;
}

export const LANDING_CSS = `*{box-sizing:border-box}body{margin:0;font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2937;background:#f8fafc}
main{max-width:960px;margin:0 auto;padding:0 16px 48px}h1{font-size:2rem;line-height:1.2;margin:0 0 12px}h2{font-size:1.4rem;margin:0 0 16px}h3{margin:0 0 6px;font-size:1.05rem}
.top{display:flex;justify-content:space-between;align-items:center;gap:12px;padding:12px 16px;background:#fff;border-bottom:1px solid #e5e7eb}.brand{font-weight:700}
section{padding:32px 0}.hero{padding:48px 0 32px}.hero p{font-size:1.1rem;max-width:40em;color:#374151}
.btn{display:inline-block;background:#1d4ed8;color:#fff;text-decoration:none;border:0;border-radius:8px;padding:12px 20px;font:inherit;font-weight:600;cursor:pointer;min-height:44px}.btn.small{padding:8px 14px;font-size:.9rem;min-height:0}.btn.secondary{background:#fff;color:#1d4ed8;box-shadow:inset 0 0 0 2px #1d4ed8}.answers{display:flex;flex-wrap:wrap;gap:12px;margin:0 0 12px}
.grid{list-style:none;padding:0;margin:0;display:grid;gap:16px;grid-template-columns:repeat(auto-fit,minmax(220px,1fr))}.card{background:#fff;border:1px solid #e5e7eb;border-radius:12px;padding:16px}
.offer{background:#eff6ff;border-radius:12px;padding:24px;margin:16px 0}details{background:#fff;border:1px solid #e5e7eb;border-radius:8px;padding:12px 16px;margin-bottom:8px}summary{font-weight:600;cursor:pointer}
blockquote{margin:0}.who{color:#4b5563;font-size:.9rem}.quote form{display:grid;gap:12px;max-width:480px}.field{display:grid;gap:4px;font-weight:600}
.field input{font:inherit;padding:10px 12px;border:1px solid #9ca3af;border-radius:8px;min-height:44px}.hp{position:absolute;left:-9999px}.fine{font-size:.85rem;color:#4b5563}
footer{text-align:center;color:#4b5563;padding:24px;font-size:.9rem}
.photos{list-style:none;padding:0;margin:0;display:grid;gap:12px;grid-template-columns:repeat(auto-fill,minmax(260px,1fr))}.photos figure{margin:0;background:#fff;border:1px solid #e5e7eb;border-radius:12px;overflow:hidden}.photos img{display:block;width:100%;height:auto;aspect-ratio:4/3;object-fit:cover}.photos figcaption{padding:6px 10px;font-size:.85rem;font-weight:600;color:#374151}
.meta{color:#4b5563;margin:0 0 8px}.stars{color:#b45309;letter-spacing:2px}.projects a,a.brand{color:inherit;text-decoration:none}.projects .card img{display:block;width:100%;height:auto;aspect-ratio:4/3;object-fit:cover;border-radius:8px;margin-bottom:8px}@media(min-width:768px){h1{font-size:2.6rem}}`;

/**
 * The stylesheet in each page rather than linked: a visitor, mostly on a phone and there for the
 * first time, sees the page when its HTML is in, not one round trip later (~1.3 KB compressed).
 */
export const LANDING_STYLE = `<style>${LANDING_CSS}</style>`;
/** The CSP source that lets LANDING_STYLE in, and no other inline style. */
export const LANDING_STYLE_HASH = `'sha256-${createHash('sha256').update(LANDING_CSS).digest('base64')}'`;
