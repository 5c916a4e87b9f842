import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/**
 * Rich text from the server (an offer description) drawn as HTML. The server sanitises what it
 * stores; this sanitises again in the browser so an old or hand-edited row cannot run script.
 */
export function SafeHtml({ html, 'data-testid': testId }: { html: string; 'data-testid'?: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html), [html]);
  return (
    <div
      data-testid={testId}
      className="leadmesh-rich-text"
      style={{ overflowWrap: 'anywhere' }}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify just above
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
