import type { AdminLead } from '@leadmesh/schema';
import { formatUsd } from '@leadmesh/schema/constants';
import {
  CrmTypeName,
  flagEmoji,
  formatDateTime,
  InfoList,
  LeadStatusTag,
  LeadTimelineOf,
  purchaseItems,
} from '@leadmesh/ui';
import { Divider, Drawer, Grid } from 'antd';

/** More info of a lead: its fields and its whole timeline, with Replay on every postback (admins). */
export function LeadInfoDrawer({ lead, onClose }: { lead: AdminLead | null; onClose(): void }) {
  const screens = Grid.useBreakpoint();
  // The buyer's details under people's labels (`leadmesh-name` → Name), empty ones left out.
  const details = lead ? purchaseItems(lead.PurchaseDetails) : [];
  return (
    <Drawer
      open={lead !== null}
      title={`Lead #${lead?.ID ?? ''}`}
      size={screens.md ? 640 : '100%'}
      onClose={onClose}
      destroyOnHidden
    >
      {lead && (
        <div data-testid="lead-info">
          <InfoList
            items={[
              ['Status', <LeadStatusTag key="s" status={lead.Status} />],
              ['Offer', `${lead.OfferName} (#${lead.BoundOffer})`],
              ['Product', lead.ProductName],
              [
                'Publisher',
                `${lead.User.Username || 'Unknown'} (#${lead.BoundUser})${lead.FriendlyName ? ` · ${lead.FriendlyName}` : ''}`,
              ],
              ['Advertiser', `${lead.Advertiser.CompanyName || 'Unknown'} (#${lead.BoundAdvertiser})`],
              ['Price', formatUsd(lead.LeadPrice)],
              ['Publisher earns', formatUsd(lead.EarnedAmount)],
              ['Platform earns', formatUsd(lead.PlatformEarnedAmount)],
              ['Money withdrawn', lead.MoneyWithdrawn],
              ['Advertiser paid', lead.AdvertiserPaid ? 'Yes' : 'No'],
              ['IP', lead.PurchaseIP ?? '—'],
              [
                'Location',
                [
                  lead.PurchaseLocation.city,
                  lead.PurchaseLocation.countryCode &&
                    `${flagEmoji(lead.PurchaseLocation.countryCode)} ${lead.PurchaseLocation.countryCode}`,
                ]
                  .filter(Boolean)
                  .join(', ') || '—',
              ],
              ['Domain', lead.PurchaseDomain ?? '—'],
              ['Device', lead.PurchaseIsPhone ? 'Phone' : 'Desktop'],
              ['Type', lead.PurchaseLeadType],
              ['CRM', <CrmTypeName key="crm" type={lead.CRMType} />],
              ['Blocked', lead.BlockedReasonLabel ?? 'No'],
              ['Created', formatDateTime(lead.createdAt)],
              ...details,
            ]}
          />
          <Divider titlePlacement="start">Timeline</Divider>
          <LeadTimelineOf leadId={lead.ID} />
        </div>
      )}
    </Drawer>
  );
}
