import { PHOTO_STAGE_LABELS, type TPhotoStage } from '#shared/work.ts';
import {
  LANDING_STYLE,
  challengeScript,
  esc,
  iconLink,
  leadFormSection,
  type RenderOptions,
} from '#server/modules/website/landing-template.ts';

/**
 * A finished job's public project page and the business's portfolio of them, in the landing
 * pages' style and stylesheet (no script but Turnstile's widget when the business turned it on),
 * with the landing pages' lead form. The page carries schema.org `Service` markup, with the
 * customer's `Review` inside it only when the customer agreed to be shown.
 */
export interface ProjectView {
  title: string;
  summary: string;
  service: string;
  town: string;
  month: string;
  photos: ({ stage: TPhotoStage } & Picture)[];
  review: { rating: number; content: string | null; author: string } | null;
}

/** A photo and, when it is wider than 800 px, its 800 px copy (phones load that one). */
export interface Picture {
  url: string;
  smallUrl: string | null;
  width: number;
  height: number;
}

/** src, srcset and sizes: the small copy first, so a phone's screen takes it; the full size for wide screens. */
function img(ph: Picture, alt: string, sizes: string, extra: string): string {
  const set = ph.smallUrl ? ` srcset="${esc(ph.smallUrl)} 800w, ${esc(ph.url)} ${ph.width}w" sizes="${sizes}"` : '';
  return `<img src="${esc(ph.smallUrl ?? ph.url)}"${set} alt="${esc(alt)}" width="${ph.width}" height="${ph.height}"${extra}>`;
}
// The photo grid: one column on a phone, up to three of about 300 px inside the 960 px page.
const PHOTO_SIZES = '(min-width: 960px) 310px, (min-width: 600px) 50vw, 100vw';

/** JSON for a <script> data block: nothing in it can end the element. */
const jsonLd = (data: unknown) =>
  `<script type="application/ld+json">${JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028|\u2029/g, '')}</script>`;

function head(title: string, description: string, businessName: string, url: string | undefined, image?: string) {
  const og = [
    ['og:type', 'article'],
    ['og:title', title],
    ['og:description', description],
    ['og:site_name', businessName],
    ...(url ? [['og:url', url]] : []),
    ...(image ? [['og:image', image]] : []),
  ]
    .map(([p, c]) => `<meta property="${p}" content="${esc(c as string)}">`)
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} | ${esc(businessName)}</title>
<meta name="description" content="${esc(description)}">${og}${url ? `<link rel="canonical" href="${esc(url)}">` : ''}${iconLink(businessName)}
${LANDING_STYLE}`;
}

const excerpt = (text: string, max = 155) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
};

export function renderProjectPage(p: ProjectView, opts: RenderOptions & { portfolioPath: string }): string {
  const description = excerpt(`${p.service} in ${p.town}, ${p.month}. ${p.summary}`);
  const photos = p.photos
    .map(
      (ph, i) =>
        `<li><figure>${img(ph, `${PHOTO_STAGE_LABELS[ph.stage]}: ${p.service} in ${p.town}`, PHOTO_SIZES, i === 0 ? ' fetchpriority="high"' : ' loading="lazy"')}<figcaption>${PHOTO_STAGE_LABELS[ph.stage]}</figcaption></figure></li>`,
    )
    .join('');
  const review = p.review
    ? `<section class="reviews"><h2>What the customer said</h2><div class="card"><p class="stars" aria-label="${p.review.rating} out of 5 stars">${'★'.repeat(p.review.rating)}${'☆'.repeat(5 - p.review.rating)}</p>${p.review.content ? `<blockquote>“${esc(p.review.content)}”</blockquote>` : ''}<p class="who">${esc(p.review.author)}</p></div></section>`
    : '';
  const service = {
    '@context': 'https://schema.org',
    '@type': 'Service',
    name: p.title,
    serviceType: p.service,
    description: p.summary,
    areaServed: { '@type': 'Place', name: p.town },
    provider: { '@type': 'LocalBusiness', name: opts.businessName, ...(opts.url ? { url: opts.url } : {}) },
    ...(p.photos.length ? { image: p.photos.map((ph) => ph.url) } : {}),
    ...(p.review
      ? {
          review: {
            '@type': 'Review',
            reviewRating: { '@type': 'Rating', ratingValue: p.review.rating, bestRating: 5 },
            author: { '@type': 'Person', name: p.review.author },
            ...(p.review.content ? { reviewBody: p.review.content } : {}),
          },
        }
      : {}),
  };
  return `${head(p.title, description, opts.businessName, opts.url, p.photos[0]?.url)}${jsonLd(service)}${challengeScript(opts.challenge)}</head>
<body><header class="top"><a class="brand" href="${esc(opts.portfolioPath)}">${esc(opts.businessName)}</a><a class="btn small" href="#quote">Get a quote</a></header>
<main>
<section class="hero"><p class="meta">${esc(p.service)} · ${esc(p.town)} · ${esc(p.month)}</p><h1>${esc(p.title)}</h1><p>${esc(p.summary)}</p><a class="btn" href="#quote">Get a quote</a></section>
${photos ? `<section><h2>Photos</h2><ul class="photos">${photos}</ul></section>` : ''}
${review}
${leadFormSection({ heading: `Want the same in ${p.town}?`, buttonLabel: 'Get my quote', formAction: opts.formAction, hidden: opts.hidden, challenge: opts.challenge })}
</main><footer>© ${esc(opts.businessName)} · <a href="${esc(opts.portfolioPath)}">More of our projects</a></footer></body></html>`;
}

export interface PortfolioItem {
  title: string;
  town: string;
  month: string;
  href: string;
  photo: Picture | null;
}

export function renderPortfolio(items: PortfolioItem[], businessName: string, url: string): string {
  const cards = items
    .map(
      (it, i) =>
        `<li class="card"><a href="${esc(it.href)}">${it.photo ? img(it.photo, '', PHOTO_SIZES, i > 2 ? ' loading="lazy"' : '') : ''}<h3>${esc(it.title)}</h3><p class="meta">${esc(it.town)} · ${esc(it.month)}</p></a></li>`,
    )
    .join('');
  const title = `Our projects`;
  return `${head(title, `Recent work by ${businessName}.`, businessName, url)}</head>
<body><header class="top"><span class="brand">${esc(businessName)}</span></header>
<main><section class="hero"><h1>${esc(title)}</h1><p>Jobs we finished recently, with photos.</p></section>
<section class="projects">${cards ? `<ul class="grid">${cards}</ul>` : '<p>No projects yet.</p>'}</section></main>
<footer>© ${esc(businessName)}</footer></body></html>`;
}
