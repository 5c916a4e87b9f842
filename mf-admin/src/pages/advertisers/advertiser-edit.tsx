import type { Advertiser } from '@leadmesh/schema';
import { centsToDollars, dollarsToCents, MESSAGES } from '@leadmesh/schema/constants';
import { FormDialog, TextField } from '@leadmesh/ui';
import { Spin } from 'antd';
import { useEffect, useState } from 'react';
import { api, textOrNull } from '../../lib/screen.tsx';
import type { AdvertiserChangeProps } from './advertiser-balance.tsx';

type Form = Record<
  | 'CompanyName'
  | 'CompanyAddress'
  | 'CompanyCity'
  | 'CompanyZipCode'
  | 'TaxVatNumber'
  | 'minBalance'
  | 'creditBalance',
  string
>;

function formOf(a: Advertiser): Form {
  return {
    CompanyName: a.CompanyName ?? '',
    CompanyAddress: a.CompanyAddress ?? '',
    CompanyCity: a.CompanyCity ?? '',
    CompanyZipCode: a.CompanyZipCode === null ? '' : String(a.CompanyZipCode),
    // The admin form shows the stored JSON raw (admin §3).
    TaxVatNumber: a.TaxVatNumber ? JSON.stringify(a.TaxVatNumber) : '',
    minBalance: centsToDollars(a.minBalance).toFixed(2),
    creditBalance: centsToDollars(a.creditBalance).toFixed(2),
  };
}

const LABELS: Record<keyof Form, string> = {
  CompanyName: 'Company name',
  CompanyAddress: 'Company address',
  CompanyCity: 'Company city',
  CompanyZipCode: 'Company ZIP',
  TaxVatNumber: 'TAX/VAT number (JSON: {"Tax":"…","Vat":"…"})',
  minBalance: 'Min balance in $',
  creditBalance: 'Credit balance in $ (sets it absolutely)',
};

/** The advertiser's form, fetched fresh when the dialog opens (and as first loaded, to see what changed). */
function useAdvertiserForm(adv: Advertiser | null) {
  const [form, setForm] = useState<Form | null>(null);
  const [original, setOriginal] = useState<Form | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  useEffect(() => {
    setForm(null);
    setLoadError(null);
    if (!adv) return;
    let live = true;
    void api.call('/partners/getAdvertiserByID', { ID: adv.ID }).then((a) => {
      if (!live) return;
      if (a.status === 'ok') {
        setForm(formOf(a.data));
        setOriginal(formOf(a.data));
      } else setLoadError('Failed to get advertiser data!');
    });
    return () => {
      live = false;
    };
  }, [adv]);
  return { form, setForm, original, loadError };
}

/** The edit call's body from the form, or the message of the first field that is not a number. */
function editRequest(id: number, form: Form, original: Form) {
  const zip = form.CompanyZipCode.trim();
  if (zip !== '' && !/^\d+$/.test(zip)) return MESSAGES.zipMustBeNumber;
  const min = form.minBalance.trim() === '' ? null : dollarsToCents(form.minBalance);
  const credit = form.creditBalance.trim() === '' ? null : dollarsToCents(form.creditBalance);
  if (
    (form.minBalance.trim() !== '' && min === null) ||
    (form.creditBalance.trim() !== '' && credit === null)
  )
    return MESSAGES.balanceNotNumber;
  return {
    ID: id,
    CompanyName: textOrNull(form.CompanyName),
    CompanyAddress: textOrNull(form.CompanyAddress),
    CompanyCity: textOrNull(form.CompanyCity),
    CompanyZipCode: zip === '' ? null : Number(zip),
    TaxVatNumber: textOrNull(form.TaxVatNumber),
    minBalance: min,
    // An unchanged balance is not sent: setting it books a ledger adjustment.
    creditBalance: form.creditBalance === original.creditBalance ? null : credit,
  };
}

function AdvertiserFormFields({ form, onChange }: { form: Form; onChange(form: Form): void }) {
  return (
    <div
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))',
        columnGap: 12,
      }}
    >
      {(Object.keys(LABELS) as (keyof Form)[]).map((key) => (
        <TextField
          key={key}
          label={LABELS[key]}
          testId={`adv-${key}`}
          value={form[key]}
          prefix={key.endsWith('Balance') ? '$' : undefined}
          onChange={(text) => onChange({ ...form, [key]: text })}
        />
      ))}
    </div>
  );
}

/** Edit an advertiser (admin §5): empty fields are sent as null; ZIP and balances as numbers. */
export function AdvertiserEditDialog({ adv, onClose, refetch }: AdvertiserChangeProps) {
  const { form, setForm, original, loadError } = useAdvertiserForm(adv);

  const submit = async () => {
    if (!adv || !form || !original) return loadError ?? 'Failed to get advertiser data!';
    const request = editRequest(adv.ID, form, original);
    if (typeof request === 'string') return request;
    const answer = await api.call('/partners/editAdvertiser', request);
    if (answer.status !== 'ok') return answer;
    return refetch(adv.ID, (a) => `Advertiser ${a.CompanyName} saved`);
  };

  return (
    <FormDialog
      open={adv !== null}
      title={`Edit advertiser ${adv?.CompanyName ?? ''}`}
      submitText="Save advertiser"
      onSubmit={submit}
      onClose={onClose}
      errorMessage={MESSAGES.failedEditAdvertiser}
      testId="advertiser-edit"
      width={600}
    >
      {!form ? (loadError ?? <Spin />) : <AdvertiserFormFields form={form} onChange={setForm} />}
    </FormDialog>
  );
}
