import type { Offer, OfferFormInput } from '@leadmesh/schema';
import { checkOfferForm, IMAGE_PATH_PREFIX, isTestCrm, splitOfferCountries } from '@leadmesh/schema';
import {
  centsToDollars,
  dollarsToCents,
  flagEmoji,
  MESSAGES,
  OFFER_DEFAULTS,
  SELECTABLE_OFFER_TYPES,
} from '@leadmesh/schema/constants';
import { CountrySelect, Field, FilePicker, RichTextEditor, YesNo } from '@leadmesh/ui';
import { Alert, Button, Input, Select, Space, Switch, Tag } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { payoutToSend } from '../../lib/money-preview.ts';
import { PayoutCalculator } from '../../lib/payout-calculator.tsx';
import { api } from '../../lib/screen.tsx';

type AdvertiserWithCrm = {
  ID: number;
  CompanyName: string;
  CRMInfo: { ID: number; friendlyName: string; name: string }[];
};

export interface OfferFormState {
  BoundAdvertiser: number | null;
  SelectedCRM: number | null;
  countries: string[];
  OfferName: string;
  OfferProductBrand: string;
  OfferProductName: string;
  OfferType: string | null;
  payout: string;
  automaticTax: boolean;
  PlatformTax: string;
  OfferLimit: string;
  OfferProductPrice: string;
  referral: string;
  CRMID: string;
  OfferActive: boolean;
  isPromoted: boolean;
  images: string[];
  OfferDescription: string;
}

export const EMPTY_OFFER_FORM: OfferFormState = {
  BoundAdvertiser: null,
  SelectedCRM: null,
  countries: [],
  OfferName: '',
  OfferProductBrand: '',
  OfferProductName: '',
  OfferType: null,
  payout: '',
  automaticTax: false,
  PlatformTax: String(OFFER_DEFAULTS.platformTax),
  OfferLimit: String(OFFER_DEFAULTS.limit),
  OfferProductPrice: '',
  referral: '0.00',
  CRMID: '',
  OfferActive: true,
  isPromoted: false,
  images: [],
  OfferDescription: '',
};

export function offerFormOf(o: Offer): OfferFormState {
  return {
    BoundAdvertiser: o.BoundAdvertiser,
    SelectedCRM: o.SelectedCRM,
    countries: splitOfferCountries(o.OfferCountry),
    OfferName: o.OfferName,
    OfferProductBrand: o.OfferProductBrand,
    OfferProductName: o.OfferProductName,
    OfferType: o.OfferType,
    payout: centsToDollars(o.OfferPayout).toFixed(2),
    automaticTax: false,
    PlatformTax: String(o.PlatformTax),
    OfferLimit: String(o.OfferLimit),
    OfferProductPrice: o.OfferProductPrice,
    referral: centsToDollars(o.ReferralPayout).toFixed(2),
    CRMID: o.CRMID ?? '',
    OfferActive: o.OfferActive,
    isPromoted: o.isPromoted,
    images: o.OfferImages,
    OfferDescription: o.OfferDescription,
  };
}

/** A placeholder image name while a chosen file is not uploaded yet (so the checks run in order first). */
const PENDING_IMAGE = 'pending-upload.png';

/**
 * The wire form of the offer form: dollars to cents with one helper (typed text that is not a number
 * is passed as it is, so the check answers its message), the payout grossed up with automatic tax.
 */
export function offerInput(f: OfferFormState, imageNames: string[]): OfferFormInput {
  const tax = Number(f.PlatformTax);
  const payout = payoutToSend(f.payout, Number.isFinite(tax) ? tax : -1, f.automaticTax);
  const referral = f.referral.trim() === '' ? null : dollarsToCents(f.referral);
  return {
    BoundAdvertiser: f.BoundAdvertiser,
    SelectedCRM: f.SelectedCRM,
    OfferCountry: f.countries,
    OfferName: f.OfferName,
    OfferProductBrand: f.OfferProductBrand,
    OfferProductName: f.OfferProductName,
    OfferType: f.OfferType,
    OfferPayout: payout ?? f.payout,
    PlatformTax: f.PlatformTax,
    OfferLimit: f.OfferLimit,
    ReferralPayout: referral ?? f.referral,
    OfferProductPrice: f.OfferProductPrice,
    OfferImages: imageNames,
    OfferDescription: f.OfferDescription.replace(/<p><br><\/p>/g, '').trim() === '' ? '' : f.OfferDescription,
    CRMID: f.CRMID,
    OfferActive: f.OfferActive,
    isPromoted: f.isPromoted,
  };
}

/** The first rule of admin §5 the form breaks, in order; null when it may be sent. */
export async function offerFormProblem(f: OfferFormState, hasNewImage: boolean): Promise<string | null> {
  const names = hasNewImage ? [PENDING_IMAGE] : f.images;
  const check = await checkOfferForm(offerInput(f, names));
  return check.ok ? null : check.message;
}

/** Uploads an offer image; the answer is its file name, or the catalogue's message. */
export async function uploadOfferImage(
  file: File,
  offerName: string,
): Promise<{ name: string } | { error: string }> {
  const form = new FormData();
  form.set('image', file);
  form.set('ImageName', offerName);
  form.set('tag', 'Offer');
  const a = await api.upload<string>('/images/uploadImage', form);
  if (a.status === 'ok') return { name: a.data };
  if (a.data === 'SERVER_ERROR') return { error: MESSAGES.imageUploadTimedOut };
  if (a.data === 'VALIDATION_ERROR') return { error: a.details?.message ?? MESSAGES.imageUploadFailed };
  return { error: MESSAGES.imageUploadError };
}

/** The add and edit offer form, in the order of admin §2. */
export function OfferFormFields({
  form,
  setForm,
  file,
  setFile,
}: {
  form: OfferFormState;
  setForm(f: OfferFormState): void;
  file: File | null;
  setFile(f: File | null): void;
}) {
  const [advertisers, setAdvertisers] = useState<AdvertiserWithCrm[] | null>(null);
  const [advError, setAdvError] = useState(false);
  useEffect(() => {
    void api.call('/partners/getAllAdvertisersWithCRM', {}).then((a) => {
      if (a.status === 'ok') setAdvertisers(a.data);
      else setAdvError(true);
    });
  }, []);
  const crms = useMemo(
    () => advertisers?.find((a) => a.ID === form.BoundAdvertiser)?.CRMInfo ?? [],
    [advertisers, form.BoundAdvertiser],
  );
  const set = <K extends keyof OfferFormState>(k: K, v: OfferFormState[K]) => setForm({ ...form, [k]: v });
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  const text = (
    k:
      | 'OfferName'
      | 'OfferProductBrand'
      | 'OfferProductName'
      | 'OfferProductPrice'
      | 'CRMID'
      | 'PlatformTax'
      | 'OfferLimit',
    label: string,
    hint?: string,
  ) => (
    <Field label={label} hint={hint}>
      <Input data-testid={`offer-${k}`} value={form[k]} onChange={(e) => set(k, e.target.value)} />
    </Field>
  );

  return (
    <div data-testid="offer-form-fields">
      {advError && <Alert type="error" title="Cant get advertisers" style={{ marginBottom: 8 }} />}
      <div
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fit, minmax(240px, 1fr))',
          columnGap: 12,
        }}
      >
        <Field label="Advertiser">
          <Select
            data-testid="offer-advertiser"
            showSearch
            optionFilterProp="label"
            loading={advertisers === null}
            placeholder="Pick an advertiser"
            value={form.BoundAdvertiser ?? undefined}
            onChange={(v) => setForm({ ...form, BoundAdvertiser: v, SelectedCRM: null })}
            options={(advertisers ?? []).map((a) => ({ value: a.ID, label: `${a.CompanyName} (#${a.ID})` }))}
            style={{ width: '100%' }}
          />
        </Field>
        <Field label="CRM of the advertiser">
          <Select
            data-testid="offer-crm"
            disabled={form.BoundAdvertiser === null}
            placeholder={
              form.BoundAdvertiser === null
                ? 'Pick an advertiser first'
                : crms.length
                  ? 'Pick a CRM'
                  : 'This advertiser has no CRM'
            }
            value={form.SelectedCRM ?? undefined}
            onChange={(v) => set('SelectedCRM', v)}
            options={crms.map((c) => ({
              value: c.ID,
              label: isTestCrm(c.name) ? `${c.friendlyName} (test CRM)` : c.friendlyName,
            }))}
            style={{ width: '100%' }}
          />
        </Field>
      </div>
      <Field label="Countries">
        <div
          style={{ display: 'flex', flexWrap: 'wrap', gap: 4, marginBottom: 4 }}
          data-testid="offer-countries"
        >
          {form.countries.map((c) => (
            <Tag
              key={c}
              closable
              onClose={() =>
                set(
                  'countries',
                  form.countries.filter((x) => x !== c),
                )
              }
              data-testid="offer-country-pill"
            >
              {flagEmoji(c)} {c}
            </Tag>
          ))}
        </div>
        <CountrySelect
          data-testid="offer-country-add"
          placeholder="Add country"
          value={null}
          onChange={(c) => !form.countries.includes(c) && set('countries', [...form.countries, c])}
          style={{ width: 240 }}
        />
      </Field>
      <div
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fit, minmax(240px, 1fr))',
          columnGap: 12,
        }}
      >
        {text('OfferName', 'Offer name')}
        {text('OfferProductBrand', 'Product brand')}
        {text('OfferProductName', 'Product name')}
        <Field label="Offer type">
          <Select
            data-testid="offer-type"
            placeholder="CPA or CPL"
            value={form.OfferType ?? undefined}
            onChange={(v) => set('OfferType', v)}
            options={SELECTABLE_OFFER_TYPES.map((t) => ({
              value: t,
              label: t === 'CPA' ? 'Cost per action (CPA)' : 'Cost per lead (CPL)',
            }))}
            style={{ width: '100%' }}
          />
        </Field>
        <Field
          label={
            form.automaticTax ? 'Publisher payout in $ (grossed up)' : 'Payout in $ (the advertiser pays)'
          }
        >
          <Space.Compact style={{ width: '100%' }}>
            <Input
              data-testid="offer-payout"
              prefix="$"
              inputMode="decimal"
              value={form.payout}
              onChange={(e) => set('payout', e.target.value)}
            />
          </Space.Compact>
          <div style={{ marginTop: 4 }}>
            <Switch
              size="small"
              data-testid="offer-autotax"
              checked={form.automaticTax}
              onChange={(v) => set('automaticTax', v)}
            />{' '}
            Automatic tax
          </div>
        </Field>
        {text('PlatformTax', 'Platform tax %')}
        {text('OfferLimit', 'Lead limit (per day)')}
        {text('OfferProductPrice', 'Product price and currency', 'e.g. 50,00 EUR')}
        <Field label="Referral payout in $">
          <Input
            data-testid="offer-referral"
            prefix="$"
            inputMode="decimal"
            value={form.referral}
            onChange={(e) => set('referral', e.target.value)}
          />
        </Field>
        {text('CRMID', 'CRM article ID')}
        <Field label="Active">
          <YesNo value={form.OfferActive} onChange={(v) => set('OfferActive', v)} />
        </Field>
        <Field label="Promoted (first in the catalogue)">
          <Switch
            data-testid="offer-promoted"
            checked={form.isPromoted}
            onChange={(v) => set('isPromoted', v)}
          />
        </Field>
      </div>
      <Field label="Image">
        <div style={{ display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap' }}>
          {(preview || form.images[0]) && (
            <img
              src={preview ?? api.urlOf(`${IMAGE_PATH_PREFIX}${form.images[0]}`)}
              alt="Offer"
              style={{
                width: 96,
                height: 64,
                objectFit: 'cover',
                borderRadius: 4,
                border: '1px solid rgba(127,127,127,0.3)',
              }}
            />
          )}
          <FilePicker
            testId="offer-image"
            accept="image/png,image/jpeg,image/gif,image/webp,image/avif"
            file={file}
            onChange={setFile}
            chooseLabel={form.images[0] ? 'Replace image…' : 'Choose image…'}
          />
          {file && (
            <Button size="small" onClick={() => setFile(null)}>
              Keep the current image
            </Button>
          )}
        </div>
      </Field>
      <Field label="Description">
        <div data-testid="offer-description">
          <RichTextEditor value={form.OfferDescription} onChange={(v) => set('OfferDescription', v)} />
        </div>
      </Field>
      <PayoutCalculator payout={form.payout} tax={form.PlatformTax} automaticTax={form.automaticTax} />
    </div>
  );
}
