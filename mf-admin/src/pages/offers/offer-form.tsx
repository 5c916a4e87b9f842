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
import { CountrySelect, Field, FilePicker, RichTextEditor, TextField, YesNo } from '@leadmesh/ui';
import { Alert, Button, Input, Select, Space, Switch, type SwitchProps, Tag } from 'antd';
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

type SetField = <K extends keyof OfferFormState>(key: K, value: OfferFormState[K]) => void;

/** What each part of the form gets: the values and the setter of one field. */
interface PartProps {
  form: OfferFormState;
  set: SetField;
}

const TWO_COLUMNS = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(240px, 1fr))',
  columnGap: 12,
} as const;

/** The advertisers with their CRMs, to pick the offer's; `failed` when they could not be fetched. */
function useAdvertisersWithCrm() {
  const [advertisers, setAdvertisers] = useState<AdvertiserWithCrm[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    void api.call('/partners/getAllAdvertisersWithCRM', {}).then((a) => {
      if (a.status === 'ok') setAdvertisers(a.data);
      else setFailed(true);
    });
  }, []);
  return { advertisers, failed };
}

/** The advertiser, then one of its CRMs: a new advertiser clears the CRM picked for the old one. */
function AdvertiserFields({ form, set, setForm }: PartProps & { setForm(f: OfferFormState): void }) {
  const { advertisers, failed } = useAdvertisersWithCrm();
  const crms = useMemo(
    () => advertisers?.find((a) => a.ID === form.BoundAdvertiser)?.CRMInfo ?? [],
    [advertisers, form.BoundAdvertiser],
  );
  const crmPlaceholder =
    form.BoundAdvertiser === null
      ? 'Pick an advertiser first'
      : crms.length
        ? 'Pick a CRM'
        : 'This advertiser has no CRM';
  return (
    <>
      {failed && <Alert type="error" title="Cant get advertisers" style={{ marginBottom: 8 }} />}
      <div style={TWO_COLUMNS}>
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
            placeholder={crmPlaceholder}
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
    </>
  );
}

/** The offer's countries as closable pills, with a picker that adds one not there yet. */
function CountriesField({ form, set }: PartProps) {
  return (
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
  );
}

type TextKey =
  | 'OfferName'
  | 'OfferProductBrand'
  | 'OfferProductName'
  | 'OfferProductPrice'
  | 'CRMID'
  | 'PlatformTax'
  | 'OfferLimit';

/** A text field of the form, found by the browser tests as `offer-<field>`. */
function OfferText({ form, set, k, label, hint }: PartProps & { k: TextKey; label: string; hint?: string }) {
  return (
    <TextField label={label} hint={hint} testId={`offer-${k}`} value={form[k]} onChange={(v) => set(k, v)} />
  );
}

/** A dollar amount as typed (the wire form turns it into cents). */
function DollarsInput({ form, set, k }: PartProps & { k: 'payout' | 'referral' }) {
  return (
    <Input
      data-testid={`offer-${k}`}
      prefix="$"
      inputMode="decimal"
      value={form[k]}
      onChange={(e) => set(k, e.target.value)}
    />
  );
}

/** A flag of the form as a switch; `size` and the like go to the switch. */
function OfferSwitch({
  form,
  set,
  k,
  testId,
  ...toggle
}: PartProps & { k: 'isPromoted' | 'automaticTax'; testId: string } & SwitchProps) {
  return <Switch data-testid={testId} checked={form[k]} onChange={(v) => set(k, v)} {...toggle} />;
}

/** The payout, and whether it is the publisher's share grossed up by the platform tax. */
function PayoutField(part: PartProps) {
  const { form } = part;
  return (
    <Field
      label={form.automaticTax ? 'Publisher payout in $ (grossed up)' : 'Payout in $ (the advertiser pays)'}
    >
      <Space.Compact style={{ width: '100%' }}>
        <DollarsInput {...part} k="payout" />
      </Space.Compact>
      <div style={{ marginTop: 4 }}>
        <OfferSwitch {...part} k="automaticTax" testId="offer-autotax" size="small" /> Automatic tax
      </div>
    </Field>
  );
}

/** Name, product, type, money, limits and state, two columns wide. */
function TermsFields(part: PartProps) {
  const { form, set } = part;
  return (
    <div style={TWO_COLUMNS}>
      <OfferText {...part} k="OfferName" label="Offer name" />
      <OfferText {...part} k="OfferProductBrand" label="Product brand" />
      <OfferText {...part} k="OfferProductName" label="Product name" />
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
      <PayoutField {...part} />
      <OfferText {...part} k="PlatformTax" label="Platform tax %" />
      <OfferText {...part} k="OfferLimit" label="Lead limit (per day)" />
      <OfferText {...part} k="OfferProductPrice" label="Product price and currency" hint="e.g. 50,00 EUR" />
      <Field label="Referral payout in $">
        <DollarsInput {...part} k="referral" />
      </Field>
      <OfferText {...part} k="CRMID" label="CRM article ID" />
      <Field label="Active">
        <YesNo value={form.OfferActive} onChange={(v) => set('OfferActive', v)} />
      </Field>
      <Field label="Promoted (first in the catalogue)">
        <OfferSwitch {...part} k="isPromoted" testId="offer-promoted" />
      </Field>
    </div>
  );
}

/** The offer's image: the chosen file's preview, else the current image, with Replace and Keep. */
function ImageField({
  current,
  file,
  setFile,
}: {
  current: string | undefined;
  file: File | null;
  setFile(f: File | null): void;
}) {
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  return (
    <Field label="Image">
      <div style={{ display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap' }}>
        {(preview || current) && (
          <img
            src={preview ?? api.urlOf(`${IMAGE_PATH_PREFIX}${current}`)}
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
          chooseLabel={current ? 'Replace image…' : 'Choose image…'}
        />
        {file && (
          <Button size="small" onClick={() => setFile(null)}>
            Keep the current image
          </Button>
        )}
      </div>
    </Field>
  );
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
  const set: SetField = (k, v) => setForm({ ...form, [k]: v });
  return (
    <div data-testid="offer-form-fields">
      <AdvertiserFields form={form} set={set} setForm={setForm} />
      <CountriesField form={form} set={set} />
      <TermsFields form={form} set={set} />
      <ImageField current={form.images[0]} file={file} setFile={setFile} />
      <Field label="Description">
        <div data-testid="offer-description">
          <RichTextEditor value={form.OfferDescription} onChange={(v) => set('OfferDescription', v)} />
        </div>
      </Field>
      <PayoutCalculator payout={form.payout} tax={form.PlatformTax} automaticTax={form.automaticTax} />
    </div>
  );
}
