/** The sites server's own small pages: what a visitor sees when there is no landing to show. */

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function page(title: string, text: string, extra = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;max-width:32rem;margin:15vh auto;padding:0 1.5rem;color:#1f2328;line-height:1.5}h1{font-size:1.5rem}</style></head><body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>${extra}</body></html>`;
}

export const PAGES = {
  notFound: page('Page not found', 'This link does not lead anywhere. Please check the address.'),
  gone: page('This offer has ended', 'The link you followed is no longer active.'),
  unavailable: page('Not available', 'This offer has no page to show at the moment. Please try again later.'),
  thanks: page(
    'Thank you for your order',
    'We have received your order and will call you soon to confirm it.',
  ),
  badRequest: page('Bad request', 'This address is not valid.'),
};

/** A refused plain form post (no script): the reason and a way back to the form. */
export function orderProblemPage(message: string): string {
  return page('Your order was not sent', message, '<p>Please go back to the form and try again.</p>');
}
