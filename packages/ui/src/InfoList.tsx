import type { ReactNode } from 'react';

/** One row of an {@link InfoList}: its label and its value. */
export type InfoItem = [label: ReactNode, value: ReactNode];

/**
 * A definition list of label / value pairs, the body of every More info dialog and drawer.
 * Styled inline so it draws the same inside a portaled modal, a list row's details and on screens
 * without the views' CSS.
 *
 * @example <InfoList items={[['ID', offer.ID], ['Payout', <Money key="p" cents={offer.OfferPayout} />]]} />
 */
export function InfoList({ items, testId = 'info-list' }: { items: InfoItem[]; testId?: string }) {
  return (
    <dl
      data-testid={testId}
      style={{
        display: 'grid',
        gridTemplateColumns: 'minmax(110px, max-content) 1fr',
        gap: '6px 16px',
        margin: 0,
      }}
    >
      {items.map(([label, value], i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the rows are a fixed list drawn in one order
        <div key={i} style={{ display: 'contents' }}>
          <dt style={{ opacity: 0.65 }}>{label}</dt>
          {/* Long e-mails and URLs break anywhere rather than widen a phone's screen. */}
          <dd style={{ margin: 0, overflowWrap: 'anywhere' }}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
