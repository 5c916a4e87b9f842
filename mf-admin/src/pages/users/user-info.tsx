import type { User } from '@leadmesh/schema';
import { MESSAGES, USER_FLAGS } from '@leadmesh/schema/constants';
import { flagEmoji, formatDate, InfoDialog, TagList } from '@leadmesh/ui';
import { Tag } from 'antd';
import { useEffect, useState } from 'react';
import { autoPayoutLabel, FLAG_LABELS } from '../../lib/options.ts';
import { api } from '../../lib/screen.tsx';

function managerText(state: ManagerState): string {
  if (state === null) return '…';
  if (state === 'none') return MESSAGES.noManagerAssigned;
  if (state === 'missing') return MESSAGES.assignedManagerNotFound;
  if (state === 'failed') return MESSAGES.cantFetchAssignedManager;
  return `${state.Username} (${[state.FirstName, state.LastName].filter(Boolean).join(' ') || state.Email})`;
}

type ManagerState = 'none' | 'missing' | 'failed' | User | null;

/** A user with the payment method, then their assigned manager, fetched when `user` changes. */
function useUserWithManager(user: User | null) {
  const [data, setData] = useState<User | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [manager, setManager] = useState<ManagerState>(null);
  useEffect(() => {
    setData(null);
    setError(null);
    setManager(null);
    if (!user) return;
    let live = true;
    void api.call('/users/getSingleUser', { ID: user.ID, showPayment: true }).then(async (a) => {
      if (!live) return;
      if (a.status !== 'ok') return setError('Failed to get publisher info!');
      setData(a.data);
      if (a.data.AssignedManagerID === null) return setManager('none');
      const m = await api.call('/users/getSingleUser', { ID: a.data.AssignedManagerID });
      if (!live) return;
      setManager(m.status === 'ok' ? m.data : m.data === 'NOT_FOUND' ? 'missing' : 'failed');
    });
    return () => {
      live = false;
    };
  }, [user]);
  return { data, error, manager };
}

/** More info of a user: every field, the payment method, the flags and the assigned manager. */
export function UserInfoDialog({ user, onClose }: { user: User | null; onClose(): void }) {
  const { data, error, manager } = useUserWithManager(user);
  const pm = data?.PaymentMethod;
  return (
    <InfoDialog
      open={user !== null}
      title={`User ${user?.Username ?? ''}`}
      onClose={onClose}
      width={600}
      testId="user-info"
      error={error}
      items={
        data && [
          ['ID', data.ID],
          ['Username', data.Username],
          ['Email', data.Email],
          ['Name', [data.FirstName, data.LastName].filter(Boolean).join(' ') || '—'],
          ['Country', data.Country ? `${flagEmoji(data.Country)} ${data.Country}` : '—'],
          ['ZIP', data.ZIP ?? '—'],
          ['Experience', data.Experience ?? '—'],
          ['WhatsApp', data.ContactWhatsapp ?? '—'],
          ['Skype', data.ContactSkype ?? '—'],
          ['Telegram', data.ContactTelegram ?? '—'],
          [
            'Payment method',
            <span key="pm" data-testid="user-info-payment">
              {pm
                ? pm.type === 'Wire'
                  ? `Wire: ${pm.BankName}, ${pm.AccountHolder}, IBAN ${pm.IBAN}, SWIFT ${pm.SWIFT}, ${pm.Country}`
                  : `PayPal: ${pm.OwnerName}, ${pm.EMail}`
                : 'None'}
            </span>,
          ],
          ['Referral earnings', `${data.ReferralPercentEarnings}%`],
          ['Auto payout', autoPayoutLabel(data.AutoPayoutInterval)],
          [
            'Assigned manager',
            <span key="m" data-testid="user-info-manager">
              {managerText(manager)}
            </span>,
          ],
          [
            'Last known location',
            data.LastKnownLocation
              ? [data.LastKnownLocation.city, data.LastKnownLocation.country].filter(Boolean).join(', ') ||
                '—'
              : '—',
          ],
          ['Advertiser', data.AdvertiserID === null ? 'No' : `Yes (advertiser #${data.AdvertiserID})`],
          ['Created', formatDate(data.createdAt)],
          [
            'Flags',
            <TagList key="f">
              {USER_FLAGS.filter((name) => data.Flags[name]).map((name) => (
                <Tag key={name}>{FLAG_LABELS[name]}</Tag>
              ))}
              {!USER_FLAGS.some((name) => data.Flags[name]) && 'None'}
            </TagList>,
          ],
        ]
      }
    />
  );
}
