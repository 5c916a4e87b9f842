import type { Advertiser } from '@leadmesh/schema';
import { formatUsd, isTestCrm } from '@leadmesh/schema/constants';
import { formatDate, InfoDialog, TagList } from '@leadmesh/ui';
import { Tag } from 'antd';
import { useEffect, useState } from 'react';
import { api } from '../../lib/screen.tsx';

/** More info of an advertiser: company, TAX/VAT, credits and CRMs. */
export function AdvertiserInfoDialog({ adv, onClose }: { adv: Advertiser | null; onClose(): void }) {
  const [data, setData] = useState<Advertiser | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setData(null);
    setError(null);
    if (!adv) return;
    let live = true;
    void api.call('/partners/getAdvertiserByID', { ID: adv.ID }).then((a) => {
      if (!live) return;
      if (a.status === 'ok') setData(a.data);
      else setError('Failed to get advertiser data!');
    });
    return () => {
      live = false;
    };
  }, [adv]);
  return (
    <InfoDialog
      open={adv !== null}
      title={`Advertiser ${adv?.CompanyName ?? ''}`}
      onClose={onClose}
      width={560}
      testId="advertiser-info"
      error={error}
      items={
        data && [
          ['ID', data.ID],
          ['Company', data.CompanyName],
          ['Username', data.Username],
          [
            'Address',
            [data.CompanyAddress, data.CompanyZipCode, data.CompanyCity].filter(Boolean).join(', ') || '—',
          ],
          ['TAX', data.TaxVatNumber?.Tax || '—'],
          ['VAT', data.TaxVatNumber?.Vat || '—'],
          ['Credits', data.isInfiniteCredits ? 'Infinite' : formatUsd(data.creditBalance)],
          ['Min balance', formatUsd(data.minBalance)],
          ['Verified', data.Flags.isVerified ? 'Yes' : 'No'],
          [
            'CRMs',
            data.CRMInfo.length ? (
              <TagList key="crms">
                {data.CRMInfo.map((c) => (
                  <Tag key={c.ID} color={isTestCrm(c.name) ? 'purple' : undefined}>
                    {isTestCrm(c.name) ? `${c.friendlyName} (test CRM)` : c.friendlyName}
                  </Tag>
                ))}
              </TagList>
            ) : (
              'None'
            ),
          ],
          ['Created', formatDate(data.createdAt)],
        ]
      }
    />
  );
}
