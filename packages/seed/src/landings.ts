import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DemoOffer } from './demo-data.ts';

/**
 * The demo world's landings, prelandings and thank-you pages: product pages as a network's
 * advertisers would upload them, styled with their own stylesheet and every file they ask for
 * present (a picture of the product, an icon), so a browser meets no missing file. They keep to the
 * sites server's CSP: files of their own origin only, system fonts, no external script.
 */

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A colour lighter or darker by `amount` (-1..1) of white or black, for gradients. */
function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const mix = (c: number) =>
    Math.round(amount >= 0 ? c + (255 - c) * amount : c * (1 + amount))
      .toString(16)
      .padStart(2, '0');
  return `#${mix((n >> 16) & 255)}${mix((n >> 8) & 255)}${mix(n & 255)}`;
}

/** The product's picture: a box with its brand, lit from the top, on a soft disc. */
export function productSvg(offer: DemoOffer): string {
  const c = offer.colour;
  const brand = escapeHtml(offer.brand);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="480" viewBox="0 0 480 480" role="img" aria-label="${brand}">
<defs>
<linearGradient id="front" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(c, 0.15)}"/><stop offset="1" stop-color="${shade(c, -0.25)}"/></linearGradient>
<linearGradient id="side" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${shade(c, -0.35)}"/><stop offset="1" stop-color="${shade(c, -0.5)}"/></linearGradient>
<radialGradient id="glow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="${shade(c, 0.8)}"/><stop offset="1" stop-color="${shade(c, 0.95)}"/></radialGradient>
</defs>
<circle cx="240" cy="250" r="210" fill="url(#glow)"/>
<ellipse cx="240" cy="420" rx="150" ry="16" fill="#000" opacity="0.12"/>
<path d="M150 130 L300 130 L340 105 L190 105 Z" fill="${shade(c, 0.35)}"/>
<path d="M300 130 L340 105 L340 385 L300 410 Z" fill="url(#side)"/>
<rect x="150" y="130" width="150" height="280" rx="6" fill="url(#front)"/>
<rect x="165" y="200" width="120" height="120" rx="60" fill="#fff" opacity="0.92"/>
<text x="225" y="255" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="20" font-weight="700" fill="${shade(c, -0.4)}">${brand}</text>
<text x="225" y="282" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="12" fill="${shade(c, -0.2)}">ORIGINAL</text>
<rect x="165" y="345" width="120" height="10" rx="5" fill="#fff" opacity="0.5"/>
<rect x="165" y="365" width="80" height="10" rx="5" fill="#fff" opacity="0.35"/>
</svg>
`;
}

/** The site's icon: the brand's initial on its colour. */
export function iconSvg(offer: DemoOffer): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${offer.colour}"/><text x="32" y="43" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="32" font-weight="700" fill="#fff">${escapeHtml(offer.brand.charAt(0))}</text></svg>
`;
}

/** One stylesheet for the three pages of an offer, in its colour. */
export function stylesCss(offer: DemoOffer): string {
  const c = offer.colour;
  return `:root { --brand: ${c}; --brand-dark: ${shade(c, -0.3)}; --brand-soft: ${shade(c, 0.9)}; --ink: #1f2430; --muted: #5b6272; }
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body { margin: 0; min-height: 100vh; display: flex; flex-direction: column; font-family: -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Arial, sans-serif; color: var(--ink); background: #fff; line-height: 1.55; }
a { color: var(--brand-dark); }
.bar { background: var(--brand-dark); color: #fff; text-align: center; font-size: 14px; padding: 8px 16px; }
header.top { display: flex; align-items: center; gap: 10px; width: 100%; max-width: 1080px; margin: 0 auto; padding: 16px 20px; }
header.top img { width: 36px; height: 36px; }
header.top strong { font-size: 20px; letter-spacing: 0.02em; }
.wrap { width: 100%; max-width: 1080px; margin: 0 auto; padding: 0 20px; }
.hero { display: grid; grid-template-columns: 1.1fr 1fr; gap: 40px; align-items: center; padding: 24px 0 48px; }
.hero h1 { font-size: clamp(28px, 4vw, 44px); line-height: 1.15; margin: 0 0 16px; }
.hero p.lead { font-size: 18px; color: var(--muted); margin: 0 0 24px; }
.hero img { width: 100%; max-width: 440px; height: auto; display: block; margin: 0 auto; }
.price { display: flex; align-items: baseline; gap: 12px; margin: 0 0 20px; }
.price .now { font-size: 34px; font-weight: 800; color: var(--brand-dark); }
.price .note { font-size: 14px; color: var(--muted); }
.cta { display: inline-block; background: var(--brand); color: #fff; text-decoration: none; font-weight: 700; padding: 14px 28px; border-radius: 999px; box-shadow: 0 8px 20px -8px var(--brand); }
.cta:hover { background: var(--brand-dark); }
.benefits { display: grid; grid-template-columns: repeat(3, 1fr); gap: 16px; padding: 8px 0 40px; margin: 0; list-style: none; }
.benefits li { background: var(--brand-soft); border-radius: 14px; padding: 20px; font-weight: 600; }
.benefits li::before { content: "✓"; display: inline-grid; place-items: center; width: 28px; height: 28px; margin-right: 10px; border-radius: 50%; background: var(--brand); color: #fff; }
section.block { padding: 32px 0; border-top: 1px solid #eceef3; }
section.block h2 { font-size: 26px; margin: 0 0 16px; }
.reviews { display: grid; grid-template-columns: repeat(3, 1fr); gap: 16px; }
.review { border: 1px solid #eceef3; border-radius: 14px; padding: 18px; }
.review .who { display: flex; align-items: center; gap: 10px; margin-bottom: 8px; font-weight: 700; }
.review .avatar { width: 36px; height: 36px; border-radius: 50%; display: grid; place-items: center; background: var(--brand); color: #fff; }
.stars { color: #f5a524; letter-spacing: 2px; }
.order { background: var(--brand-soft); border-radius: 20px; padding: 28px; max-width: 520px; margin: 0 auto; }
.order h2 { margin-top: 0; }
.order label { display: block; font-weight: 600; margin: 14px 0 6px; }
.order input { width: 100%; font: inherit; padding: 12px 14px; border: 1px solid #c9ced8; border-radius: 10px; background: #fff; }
.order input:focus { outline: 2px solid var(--brand); border-color: var(--brand); }
.order button { width: 100%; margin-top: 20px; font: inherit; font-weight: 700; font-size: 18px; color: #fff; background: var(--brand); border: 0; border-radius: 999px; padding: 14px; cursor: pointer; }
.order button:hover { background: var(--brand-dark); }
.order .small { font-size: 13px; color: var(--muted); margin: 12px 0 0; }
.order [data-leadmesh-message] { color: #b42318; font-weight: 600; }
.faq details { border-bottom: 1px solid #eceef3; padding: 12px 0; }
.faq summary { cursor: pointer; font-weight: 600; }
article.story { width: 100%; max-width: 720px; margin: 0 auto; padding: 16px 20px 48px; }
article.story h1 { font-size: clamp(26px, 4vw, 38px); line-height: 1.2; }
article.story .byline { color: var(--muted); font-size: 14px; }
article.story img { width: 100%; max-width: 360px; display: block; margin: 24px auto; }
article.story blockquote { margin: 24px 0; padding: 16px 20px; border-left: 4px solid var(--brand); background: var(--brand-soft); border-radius: 0 12px 12px 0; }
.thanks { width: 100%; max-width: 560px; margin: 48px auto; text-align: center; padding: 0 20px; }
.thanks h1 { line-height: 1.2; }
.thanks .tick { width: 72px; height: 72px; margin: 0 auto 16px; border-radius: 50%; display: grid; place-items: center; background: var(--brand); color: #fff; font-size: 36px; }
footer { background: #f6f7f9; color: var(--muted); font-size: 13px; padding: 24px 20px; text-align: center; margin-top: auto; }
main, article { margin-bottom: 40px; }
@media (max-width: 760px) {
  .hero { grid-template-columns: 1fr; gap: 16px; padding-top: 8px; }
  .hero img { max-width: 280px; }
  .benefits, .reviews { grid-template-columns: 1fr; }
  .order { padding: 20px; }
}
`;
}

function page(offer: DemoOffer, title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="icon.svg" type="image/svg+xml">
<link rel="stylesheet" href="styles.css">
</head>
<body>
<div class="bar">Cash on delivery · Free shipping · 30-day money-back guarantee</div>
<header class="top"><img src="icon.svg" alt=""><strong>${escapeHtml(offer.brand)}</strong></header>
${body}
<footer>© ${escapeHtml(offer.brand)} · ${escapeHtml(offer.product)} · Pay the courier when it arrives. Demo page of the Leadmesh demo world.</footer>
</body>
</html>
`;
}

const REVIEWS = [
  ['Marija K.', 'Ordered on Monday, the courier came on Thursday. Exactly as described, I will order again.'],
  ['Dragan P.', 'I was sceptical, but after two weeks I can tell the difference. Good value.'],
  ['Ivana S.', 'Friendly call to confirm the order, paid at the door. Recommended.'],
] as const;

/** The landing: the product, its selling points, reviews and the order form (name, phone). */
export function landingHtml(offer: DemoOffer): string {
  const product = escapeHtml(offer.product);
  return page(
    offer,
    `${offer.product}: order with cash on delivery`,
    `<main class="wrap">
<section class="hero">
<div>
<h1>${escapeHtml(offer.pitch)}</h1>
<p class="lead">${product}, delivered to your door in 2-4 days. You pay the courier only when it arrives.</p>
<div class="price"><span class="now">${escapeHtml(offer.price)}</span><span class="note">per pack, shipping included</span></div>
<a class="cta" href="#order">Get yours today</a>
</div>
<img src="product.svg" alt="${product}" width="440" height="440">
</section>
<ul class="benefits">${offer.benefits.map((b) => `<li>${escapeHtml(b)}</li>`).join('')}</ul>
<section class="block">
<h2>What buyers say</h2>
<div class="reviews">${REVIEWS.map(
      ([who, text]) =>
        `<div class="review"><div class="who"><span class="avatar">${who.charAt(0)}</span>${who}</div><div class="stars" aria-label="5 of 5">★★★★★</div><p>${text}</p></div>`,
    ).join('')}</div>
</section>
<section class="block" id="order">
<form class="order" method="post" data-leadmesh-order>
<h2>Order ${product}</h2>
<label for="name">Name</label>
<input id="name" name="name" autocomplete="name" required>
<label for="phone">Phone</label>
<input id="phone" name="phone" type="tel" autocomplete="tel" required>
<button type="submit">Order now, pay on delivery</button>
<p class="small">Our operator calls you to confirm the order and the address. No prepayment.</p>
</form>
</section>
<section class="block faq">
<h2>Questions</h2>
<details><summary>How do I pay?</summary><p>In cash to the courier, when the parcel arrives.</p></details>
<details><summary>How long is the delivery?</summary><p>Two to four working days.</p></details>
<details><summary>Can I return it?</summary><p>Yes, within 30 days, and we refund the whole price.</p></details>
</section>
</main>`,
  );
}

/** The prelanding: a short review article leading to the landing (its one link to it). */
export function prelandingHtml(offer: DemoOffer): string {
  const product = escapeHtml(offer.product);
  return page(
    offer,
    `${offer.brand}: we tried it for a month`,
    `<article class="story">
<p class="byline">Health &amp; Home · 6 min read</p>
<h1>We tried ${product} for a month. Here is what happened.</h1>
<p>${escapeHtml(offer.pitch)}: that is the promise. We asked three readers to use ${product} every day for four weeks and to tell us honestly how it went.</p>
<img src="product.svg" alt="${product}" width="360" height="360">
<p>${offer.benefits.map(escapeHtml).join('. ')}. Those were the points every one of them mentioned first.</p>
<blockquote>"After the second week I stopped thinking about it, and that is the best thing I can say about it." (Marija, 47)</blockquote>
<p>The maker sells it with cash on delivery, so nobody had to pay in advance, and the stock at the launch price is limited.</p>
<p><a class="cta" href="./landing">Read more and order</a></p>
</article>`,
  );
}

/** The landing's thank-you page. */
export function thanksHtml(offer: DemoOffer): string {
  return page(
    offer,
    'Thank you for your order',
    `<main class="thanks">
<div class="tick" aria-hidden="true">✓</div>
<h1>Thank you, we will call you soon</h1>
<p>Our operator will call you in the next few hours to confirm your order of ${escapeHtml(offer.product)} and your address. You pay the courier when it arrives.</p>
</main>`,
  );
}

/** Writes an offer's landing or prelanding website into `dir`, with every file its pages ask for. */
export function writeOfferWebsite(dir: string, offer: DemoOffer, kind: 'Landing' | 'PreLanding'): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'styles.css'), stylesCss(offer));
  writeFileSync(join(dir, 'product.svg'), productSvg(offer));
  writeFileSync(join(dir, 'icon.svg'), iconSvg(offer));
  if (kind === 'Landing') {
    writeFileSync(join(dir, 'index.html'), landingHtml(offer));
    writeFileSync(join(dir, 'thanks.html'), thanksHtml(offer));
  } else {
    writeFileSync(join(dir, 'index.html'), prelandingHtml(offer));
  }
}
