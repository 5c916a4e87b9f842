import type { PaymentMethod, User, UserFlag } from '@leadmesh/schema';
import {
  AUTO_PAYOUT_INTERVALS,
  MESSAGES,
  type PaymentMethodFields,
  paymentMethodProblem,
  USER_FLAGS,
} from '@leadmesh/schema/constants';
import { CountrySelect, Field, FormDialog, SearchSelect, TextField } from '@leadmesh/ui';
import { Checkbox, Divider, Segmented, Select, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { autoPayoutLabel, FLAG_LABELS } from '../../lib/options.ts';
import { api, textOrNull } from '../../lib/screen.tsx';

type MethodType = 'none' | PaymentMethod['type'];

/** The payment method as the dialog holds it: every field of both kinds, so switching keeps what was typed. */
interface PaymentForm {
  type: MethodType;
  BankName: string;
  AccountHolder: string;
  IBAN: string;
  SWIFT: string;
  Country: string | null;
  OwnerName: string;
  EMail: string;
}

function paymentFormOf(pm: PaymentMethod | null): PaymentForm {
  return {
    type: pm?.type ?? 'none',
    BankName: pm?.type === 'Wire' ? pm.BankName : '',
    AccountHolder: pm?.type === 'Wire' ? pm.AccountHolder : '',
    IBAN: pm?.type === 'Wire' ? pm.IBAN : '',
    SWIFT: pm?.type === 'Wire' ? pm.SWIFT : '',
    Country: pm?.type === 'Wire' ? pm.Country : null,
    OwnerName: pm?.type === 'Paypal' ? pm.OwnerName : '',
    EMail: pm?.type === 'Paypal' ? pm.EMail : '',
  };
}

/** What the form sends: null for none, else the fields of its kind (dashboards §3, Payment method JSON). */
function paymentOf(f: PaymentForm): PaymentMethodFields | null {
  if (f.type === 'none') return null;
  if (f.type === 'Paypal') return { type: 'Paypal', OwnerName: f.OwnerName.trim(), EMail: f.EMail.trim() };
  return {
    type: 'Wire',
    BankName: f.BankName.trim(),
    AccountHolder: f.AccountHolder.trim(),
    IBAN: f.IBAN.replace(/\s+/g, '').toUpperCase(),
    SWIFT: f.SWIFT.trim().toUpperCase(),
    Country: f.Country ?? '',
  };
}

interface FormState {
  FirstName: string;
  LastName: string;
  newEmail: string;
  newPassword: string;
  ZIP: string;
  Experience: string;
  ContactWhatsapp: string;
  ContactSkype: string;
  ContactTelegram: string;
  Country: string | null;
  ReferralPercentEarnings: string;
  AssignedManagerID: number | null;
  AutoPayoutInterval: number;
  flags: Record<UserFlag, boolean>;
  payment: PaymentForm;
  /** The payment method as loaded, to send it only when the admin changed it. */
  paymentLoaded: string;
}

function formOf(u: User): FormState {
  return {
    FirstName: u.FirstName ?? '',
    LastName: u.LastName ?? '',
    newEmail: '',
    newPassword: '',
    ZIP: u.ZIP === null ? '' : String(u.ZIP),
    Experience: u.Experience === null ? '' : String(u.Experience),
    ContactWhatsapp: u.ContactWhatsapp ?? '',
    ContactSkype: u.ContactSkype ?? '',
    ContactTelegram: u.ContactTelegram ?? '',
    Country: u.Country,
    ReferralPercentEarnings: String(u.ReferralPercentEarnings ?? 0),
    AssignedManagerID: u.AssignedManagerID,
    AutoPayoutInterval: u.AutoPayoutInterval,
    flags: Object.fromEntries(USER_FLAGS.map((f) => [f, u.Flags[f]])) as Record<UserFlag, boolean>,
    payment: paymentFormOf(u.PaymentMethod),
    paymentLoaded: JSON.stringify(paymentOf(paymentFormOf(u.PaymentMethod))),
  };
}

/** Staff who may be assigned as a user's manager (review: AssignedManagerID lists staff only). */
async function loadStaff(): Promise<{ value: number; label: string }[]> {
  const names = ['isManager', 'isPublisherManager', 'isAdvertiserManager', 'isAdmin'];
  const answers = await Promise.all(
    names.map((name) =>
      api.call('/users/getAllUsers', {
        paginationOffset: 0,
        limit: 200,
        Filters: [{ name, op: 'eq', value: true }],
      }),
    ),
  );
  const seen = new Map<number, string>();
  for (const a of answers) {
    if (a.status !== 'ok') continue;
    for (const u of a.data.DBData)
      seen.set(u.ID, `${u.Username} (${[u.FirstName, u.LastName].filter(Boolean).join(' ') || u.Email})`);
  }
  return [...seen].map(([value, label]) => ({ value, label }));
}

const GRID = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))',
  columnGap: 12,
} as const;

/**
 * Where the user's payouts go (dashboards §3 Payment method: Wire with bank name, account holder,
 * country, IBAN, SWIFT; or Paypal with owner name and e-mail), as the publisher's own profile
 * asks for it. Admins only (decision 0020).
 */
function PaymentFields({ value, onChange }: { value: PaymentForm; onChange(v: PaymentForm): void }) {
  const field = (key: keyof Omit<PaymentForm, 'type' | 'Country'>, label: string, testId: string) => (
    <TextField
      label={label}
      testId={testId}
      value={value[key]}
      autoComplete="off"
      onChange={(text) => onChange({ ...value, [key]: text })}
    />
  );
  return (
    <div data-testid="user-payment">
      <Divider style={{ margin: '14px 0 10px' }}>Payment method</Divider>
      <Segmented<MethodType>
        data-testid="user-payment-type"
        value={value.type}
        onChange={(type) => onChange({ ...value, type })}
        options={[
          { value: 'none', label: 'None' },
          { value: 'Wire', label: 'Wire' },
          { value: 'Paypal', label: 'PayPal' },
        ]}
        style={{ marginBottom: 10 }}
      />
      {value.type === 'none' && (
        <div style={{ opacity: 0.7 }} data-testid="user-payment-none">
          No payment method: payouts for this user cannot be created ({MESSAGES.payoutNeedsPaymentMethod}).
        </div>
      )}
      {value.type === 'Wire' && (
        <div style={GRID}>
          {field('BankName', 'Bank name', 'wire-bank')}
          {field('AccountHolder', 'Account holder', 'wire-holder')}
          {field('IBAN', 'IBAN', 'wire-iban')}
          {field('SWIFT', 'SWIFT', 'wire-swift')}
          <Field label="Bank country">
            <CountrySelect
              data-testid="wire-country"
              value={value.Country}
              onChange={(Country) => onChange({ ...value, Country })}
              style={{ width: '100%' }}
            />
          </Field>
        </div>
      )}
      {value.type === 'Paypal' && (
        <div style={GRID}>
          {field('OwnerName', 'Owner name', 'paypal-owner')}
          {field('EMail', 'E-Mail', 'paypal-email')}
        </div>
      )}
    </div>
  );
}

type SetField = <K extends keyof FormState>(key: K, value: FormState[K]) => void;

/** The user fetched again when the dialog opens (with the payment method for admins), and the staff list. */
function useUserForm(user: User | null, isAdmin: boolean) {
  const [form, setForm] = useState<FormState | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [staff, setStaff] = useState<{ value: number; label: string }[]>([]);
  useEffect(() => {
    setForm(null);
    setLoadError(null);
    if (!user) return;
    let live = true;
    // Admins see the payment method to edit it (decision 0020); others never ask for it here.
    void api.call('/users/getSingleUser', { ID: user.ID, showPayment: isAdmin }).then((a) => {
      if (!live) return;
      if (a.status === 'ok') setForm(formOf(a.data));
      else setLoadError('Failed to get user data!');
    });
    if (isAdmin) void loadStaff().then((s) => live && setStaff(s));
    return () => {
      live = false;
    };
  }, [user, isAdmin]);
  const set: SetField = (key, value) => setForm((f) => (f ? { ...f, [key]: value } : f));
  return { form, set, loadError, staff };
}

/** The first rule of admin §5 the form breaks (ZIP, referral percent, payment method); null when none. */
function userFormProblem(form: FormState, isAdmin: boolean): string | null {
  const zip = form.ZIP.trim();
  if (zip !== '' && !/^\d+$/.test(zip)) return MESSAGES.zipMustBeNumber;
  if (isAdmin && !/^\d{1,3}$/.test(form.ReferralPercentEarnings.trim()))
    return 'Referral earnings must be a whole number of percent';
  const payment = paymentOf(form.payment);
  if (isAdmin && payment && JSON.stringify(payment) !== form.paymentLoaded)
    return paymentMethodProblem(payment)?.message ?? null;
  return null;
}

/** The edit call's body: empty text as null, numbers as numbers, the rest only when filled or changed. */
function userEditBody(id: number, form: FormState, isAdmin: boolean) {
  const zip = form.ZIP.trim();
  const experience = form.Experience.trim();
  const payment = paymentOf(form.payment);
  const paymentChanged = isAdmin && JSON.stringify(payment) !== form.paymentLoaded;
  return {
    id,
    FirstName: textOrNull(form.FirstName),
    LastName: textOrNull(form.LastName),
    ZIP: zip === '' ? null : Number(zip),
    // Experience only when numeric (admin §5).
    ...(experience === ''
      ? { Experience: null }
      : /^\d+$/.test(experience)
        ? { Experience: Number(experience) }
        : {}),
    ContactWhatsapp: textOrNull(form.ContactWhatsapp),
    ContactSkype: textOrNull(form.ContactSkype),
    ContactTelegram: textOrNull(form.ContactTelegram),
    Country: form.Country,
    ...(form.newEmail.trim() ? { newEmail: form.newEmail.trim() } : {}),
    // The rest is the admin's to change (admin §6; the server refuses it to anyone else).
    ...(isAdmin
      ? {
          ...(form.newPassword ? { newPassword: form.newPassword } : {}),
          ReferralPercentEarnings: Number(form.ReferralPercentEarnings.trim()),
          AssignedManagerID: form.AssignedManagerID,
          newFlags: form.flags,
          AutoPayoutInterval: form.AutoPayoutInterval as (typeof AUTO_PAYOUT_INTERVALS)[number],
          ...(paymentChanged ? { PaymentMethod: payment as PaymentMethod | null } : {}),
        }
      : {}),
  };
}

/** A text field of the form, found by the browser tests as `user-<field>`. */
function UserText({
  form,
  set,
  k,
  label,
  type = 'text',
}: {
  form: FormState;
  set: SetField;
  k: keyof FormState;
  label: string;
  type?: string;
}) {
  return (
    <TextField
      label={label}
      testId={`user-${k}`}
      type={type}
      value={form[k] as string}
      autoComplete={type === 'password' ? 'new-password' : 'off'}
      onChange={(text) => set(k, text as never)}
    />
  );
}

/** The admin's part (admin §6): password, referral percent, manager, auto payout, flags, payment method. */
function AdminFields({
  form,
  set,
  staff,
}: {
  form: FormState;
  set: SetField;
  staff: { value: number; label: string }[];
}) {
  return (
    <div style={{ gridColumn: '1 / -1' }} data-testid="user-admin-fields">
      <Divider style={{ margin: '6px 0 10px' }}>Admin only</Divider>
      <div style={GRID}>
        <UserText
          form={form}
          set={set}
          k="newPassword"
          label="New password (leave empty to keep)"
          type="password"
        />
        <UserText form={form} set={set} k="ReferralPercentEarnings" label="Referral earnings (%)" />
        <Field label="Assigned manager">
          <SearchSelect
            data-testid="user-manager"
            allowClear
            placeholder="No manager assigned"
            value={form.AssignedManagerID ?? undefined}
            onChange={(v) => set('AssignedManagerID', v === undefined ? null : Number(v))}
            options={staff}
            style={{ width: '100%' }}
          />
        </Field>
        <Field label="Auto payout">
          <Select
            data-testid="user-autopayout"
            value={form.AutoPayoutInterval}
            onChange={(v) => set('AutoPayoutInterval', v)}
            options={AUTO_PAYOUT_INTERVALS.map((d) => ({ value: d, label: autoPayoutLabel(d) }))}
            style={{ width: '100%' }}
          />
        </Field>
      </div>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))', gap: 4 }}>
        {USER_FLAGS.map((flag) => (
          <Checkbox
            key={flag}
            data-testid={`user-flag-${flag}`}
            checked={form.flags[flag]}
            onChange={(e) => set('flags', { ...form.flags, [flag]: e.target.checked })}
          >
            {FLAG_LABELS[flag]}
          </Checkbox>
        ))}
      </div>
      <PaymentFields value={form.payment} onChange={(payment) => set('payment', payment)} />
    </div>
  );
}

/** The fields every staff member who reaches the screen may change, then the admin's. */
function UserFields({
  form,
  set,
  email,
  isAdmin,
  staff,
}: {
  form: FormState;
  set: SetField;
  email: string | undefined;
  isAdmin: boolean;
  staff: { value: number; label: string }[];
}) {
  const part = { form, set };
  return (
    <div style={GRID}>
      <UserText {...part} k="FirstName" label="First name" />
      <UserText {...part} k="LastName" label="Last name" />
      <UserText {...part} k="newEmail" label={`New e-mail (now ${email})`} type="email" />
      <Field label="Country">
        <CountrySelect value={form.Country} onChange={(c) => set('Country', c)} style={{ width: '100%' }} />
      </Field>
      <UserText {...part} k="ZIP" label="ZIP" />
      <UserText {...part} k="Experience" label="Experience (years)" />
      <UserText {...part} k="ContactWhatsapp" label="WhatsApp" />
      <UserText {...part} k="ContactSkype" label="Skype" />
      <UserText {...part} k="ContactTelegram" label="Telegram" />
      {isAdmin && <AdminFields {...part} staff={staff} />}
    </div>
  );
}

/**
 * Edit a user (admin §2, §5): basic fields for every staff member who reaches the screen; the flags,
 * the auto-payout interval, the password, referral percent, manager and payment method for admins
 * only. Empty text is sent as null, ZIP and Experience as numbers, the new e-mail and password only
 * when filled, the payment method only when changed. After saving, the user is fetched again.
 */
export function UserEditDialog({
  user,
  isAdmin,
  onClose,
  onSaved,
}: {
  user: User | null;
  isAdmin: boolean;
  onClose(): void;
  onSaved(user: User): void;
}) {
  const { form, set, loadError, staff } = useUserForm(user, isAdmin);

  const submit = async () => {
    if (!user || !form) return loadError ?? 'Failed to get user data!';
    const problem = userFormProblem(form, isAdmin);
    if (problem) return problem;
    const saved = await api.call('/users/editUser', userEditBody(user.ID, form, isAdmin));
    if (saved.status !== 'ok') return saved;
    const again = await api.call('/users/getSingleUser', { ID: user.ID });
    if (again.status !== 'ok') return 'Failed to get the new edited user!';
    onSaved(again.data);
    return null;
  };

  return (
    <FormDialog
      open={user !== null}
      title={`Edit user ${user?.Username ?? ''}`}
      submitText="Save user"
      onSubmit={submit}
      onClose={onClose}
      errorMessage={MESSAGES.failedEditUser}
      doneText={`User ${user?.Username ?? ''} saved`}
      width={640}
      testId="user-edit"
    >
      {form ? (
        <UserFields form={form} set={set} email={user?.Email} isAdmin={isAdmin} staff={staff} />
      ) : loadError ? (
        <div data-testid="form-load-error">{loadError}</div>
      ) : (
        <Spin />
      )}
    </FormDialog>
  );
}
