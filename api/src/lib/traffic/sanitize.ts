import sanitizeHtml from 'sanitize-html';
import { isSafeBareFileName } from '../uploads/image.ts';

const INDENT = /^ql-indent-[1-8]$/;
const LINK_REL = 'noopener noreferrer nofollow';
const IMAGE_PATH = /^\/images\/([^/]+)$/;
// Characters a browser drops from URLs (tabs, newlines) or that have no business in one: their
// presence is how `jav&#x09;ascript:` gets past naive filters, so such a URL is refused outright.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const URL_CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * What the admin's description editor produces, and nothing else. Covers the current editor
 * (contentEditable + execCommand: `b`, `i`, `strike`, `div` lines) and Quill-style markup
 * (`strong`, `em`, `s`, `p`, `ql-indent-N` classes, Quill 2's `li[data-list]`) kept from older
 * descriptions.
 */
const OFFER_HTML: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'div',
    'br',
    'h1',
    'h2',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'blockquote',
    'ol',
    'ul',
    'li',
    'a',
    'img',
  ],
  // `class` only where allowedClasses filters it: elsewhere sanitize-html would pass any class,
  // and the app's own classes (a full-screen mask, say) could dress up a description.
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt'],
    li: ['class', 'data-list'],
    p: ['class'],
    div: ['class'],
    h1: ['class'],
    h2: ['class'],
    blockquote: ['class'],
  },
  allowedClasses: {
    p: [INDENT],
    div: [INDENT],
    h1: [INDENT],
    h2: [INDENT],
    li: [INDENT],
    blockquote: [INDENT],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Dropped with everything inside them, not just unwrapped: their content is code or raw text.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'select',
    'noscript',
    'noembed',
    'noframes',
    'title',
    'template',
    'xmp',
    'iframe',
    'object',
    'embed',
    'applet',
    'svg',
    'math',
    'form',
    'head',
  ],
  // A link without a safe target keeps its text and loses the link; an image without a safe source goes.
  exclusiveFilter: (frame) => {
    if (frame.tag === 'a' && !frame.attribs.href) return 'excludeTag';
    return frame.tag === 'img' && !frame.attribs.src;
  },
  nestingLimit: 64,
  parseStyleAttributes: false,
  transformTags: {
    // Quill 2 marks list items `bullet` or `ordered`; other values (its checklists) are not offered.
    li: (_tag, attribs) => {
      const kept: sanitizeHtml.Attributes = {};
      if (attribs.class !== undefined) kept.class = attribs.class;
      if (attribs['data-list'] === 'bullet' || attribs['data-list'] === 'ordered')
        kept['data-list'] = attribs['data-list'];
      return { tagName: 'li', attribs: kept };
    },
    a: (_tag, attribs): sanitizeHtml.Tag => {
      const href = safeLinkUrl(attribs.href);
      // Emptied here and removed by exclusiveFilter: renaming the tag instead confuses
      // sanitize-html's bookkeeping of closing tags.
      if (!href) return { tagName: 'a', attribs: {} };
      return { tagName: 'a', attribs: { href, target: '_blank', rel: LINK_REL } };
    },
    img: (_tag, attribs) => {
      const src = safeImageUrl(attribs.src);
      if (!src) return { tagName: 'img', attribs: {} };
      const kept: sanitizeHtml.Attributes = { src };
      if (attribs.alt !== undefined) kept.alt = attribs.alt;
      return { tagName: 'img', attribs: kept };
    },
  },
};

/**
 * Cleans an offer description written in the admin's rich-text editor, keeping exactly what the
 * editor can produce: headings 1 and 2, bold, italic, underline, strike, blockquote, ordered and
 * bullet lists, indent (Quill `ql-indent-1`…`8` classes), links, images, paragraphs and line breaks.
 *
 * Everything else goes: scripts, styles, frames, objects, forms, SVG and MathML (with their
 * content), event handlers, `style` and unknown attributes or classes. Links must be absolute
 * `http(s)` or `mailto` URLs and always get `target="_blank" rel="noopener noreferrer nofollow"`;
 * images must be absolute `http(s)` URLs or `/images/<file name>` of an uploaded image. URLs are
 * judged after entity decoding with the WHATWG URL parser browsers use, and any control character
 * (tab, newline…) in a URL refuses it, so encoded or split `javascript:`, `data:` and `vbscript:`
 * URLs cannot pass. A refused link keeps its text; a refused image is removed.
 *
 * Cleaning the result again returns it unchanged, except for markup nested in ways HTML does not
 * allow (`<p>` inside `<p>`), which the second pass, like a browser, reads differently.
 */
export function sanitizeOfferHtml(html: string): string {
  if (typeof html !== 'string' || html === '') return '';
  // Written the way browsers serialise innerHTML, so the editor's own HTML comes back unchanged:
  // `<br>` rather than `<br />` (text and attribute values are escaped, `>` as `&gt;`, so ` />`
  // can only close a tag here), and no-break spaces as `&nbsp;`.
  return sanitizeHtml(html, OFFER_HTML)
    .replace(/ \/>/g, '>')
    .replace(/\u00a0/g, '&nbsp;');
}

const PLAIN: sanitizeHtml.IOptions = {
  allowedTags: [],
  allowedAttributes: {},
  disallowedTagsMode: 'discard',
  nonTextTags: OFFER_HTML.nonTextTags,
};
const BLOCK_BOUNDARY = /<(?:br|\/?(?:p|div|li|h[1-6]|blockquote|ol|ul|tr|td|th|table))\b/gi;

/**
 * The text of an HTML description for list previews and search: tags dropped, blocks and line
 * breaks turned into single spaces, entities decoded, whitespace collapsed, and cut to `maxLength`
 * characters with an ellipsis when given. The result is text, not HTML: render it as text.
 */
export function plainText(html: string, opts: { maxLength?: number } = {}): string {
  if (typeof html !== 'string' || html === '') return '';
  const text = sanitizeHtml(html.replace(BLOCK_BOUNDARY, ' $&'), PLAIN)
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  const max = opts.maxLength;
  if (max === undefined || max <= 0) return text;
  const chars = Array.from(text);
  return chars.length <= max
    ? text
    : `${chars
        .slice(0, Math.max(0, max - 1))
        .join('')
        .trimEnd()}…`;
}

/** An absolute http(s) or mailto URL as written, or null. */
function safeLinkUrl(value: string | undefined): string | null {
  const url = parseAbsolute(value);
  if (!url) return null;
  return url.parsed.protocol === 'http:' ||
    url.parsed.protocol === 'https:' ||
    url.parsed.protocol === 'mailto:'
    ? url.text
    : null;
}

/** An absolute http(s) URL or the path of an uploaded image, as written, or null. */
function safeImageUrl(value: string | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  const local = IMAGE_PATH.exec(text);
  if (local) return isSafeBareFileName(local[1]) ? text : null;
  const url = parseAbsolute(text);
  if (!url) return null;
  return url.parsed.protocol === 'http:' || url.parsed.protocol === 'https:' ? url.text : null;
}

function parseAbsolute(value: string | undefined): { text: string; parsed: URL } | null {
  // Browsers trim leading and trailing spaces and C0 controls from URL attributes; anything left
  // that is a control character is an evasion attempt.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: trimming control characters is the point.
  const text = value?.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
  if (!text || URL_CONTROL.test(text)) return null;
  try {
    // No base URL: relative and protocol-relative (`//host`) URLs fail here.
    return { text, parsed: new URL(text) };
  } catch {
    return null;
  }
}
