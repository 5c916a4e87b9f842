import type { PaymentMethod, User } from '@leadmesh/schema';
import type { UserRow } from '@leadmesh/schema/tables';

/** The API shape of a user: flags grouped, never the password hash; the payment method only when asked. */
export function toUser(row: UserRow, options: { showPayment?: boolean } = {}): User {
  return {
    ID: row.ID,
    Username: row.Username,
    Email: row.Email,
    FirstName: row.FirstName,
    LastName: row.LastName,
    Country: row.Country,
    ZIP: row.ZIP,
    Experience: row.Experience,
    ContactWhatsapp: row.ContactWhatsapp,
    ContactSkype: row.ContactSkype,
    ContactTelegram: row.ContactTelegram,
    AssignedManagerID: row.AssignedManagerID,
    AdvertiserID: row.AdvertiserID,
    ReferralPercentEarnings: row.ReferralPercentEarnings,
    AutoPayoutInterval: row.AutoPayoutInterval,
    RefCode: row.RefCode,
    createdAt: row.createdAt.toISOString(),
    PaymentMethod: options.showPayment ? ((row.PaymentMethod as PaymentMethod | null) ?? null) : null,
    LastKnownLocation: row.LastKnownLocation ?? null,
    // Decision 0030: the owner and staff see why payouts wait, and until when.
    PaymentHold:
      row.PaymentHoldUntil && row.PaymentHoldUntil.getTime() > Date.now()
        ? { until: row.PaymentHoldUntil.toISOString(), reason: row.PaymentHoldReason ?? '' }
        : null,
    Flags: {
      isAdmin: row.isAdmin,
      isManager: row.isManager,
      isPublisherManager: row.isPublisherManager,
      isAdvertiserManager: row.isAdvertiserManager,
      isVerified: row.isVerified,
      isRefferalEnabled: row.isRefferalEnabled,
      isPublisherHidden: row.isPublisherHidden,
      isCRMInfoAllowed: row.isCRMInfoAllowed,
      theme: row.theme,
    },
  };
}
