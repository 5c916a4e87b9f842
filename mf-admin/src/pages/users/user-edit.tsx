import type { User, UserFlag } from '@leadmesh/schema';
import { AUTO_PAYOUT_INTERVALS, MESSAGES, USER_FLAGS } from '@leadmesh/schema/constants';
import { CountrySelect, Field, FormDialog, SearchSelect } from '@leadmesh/ui';
import { Checkbox, Divider, Input, Select, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { api, textOrNull } from '../../lib/screen.tsx';

const FLAG_LABELS: Record<UserFlag, string> = {
  isAdmin: 'Admin',
  isManager: 'Manager',
  isPublisherManager: 'Publisher manager',
  isAdvertiserManager: 'Advertiser manager',
  isVerified: 'Verified',
  isRefferalEnabled: 'Referrals enabled',
  isPublisherHidden: 'Publisher role hidden',
  isCRMInfoAllowed: 'CRM info allowed',
};

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

/**
 * Edit a user (admin §2, §5): basic fields for every staff member who reaches the screen; the flags
 * and the auto-payout interval for admins only. Empty text is sent as null, ZIP and Experience as
 * numbers, the new e-mail and password only when filled. After saving, the user is fetched again.
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
  const [form, setForm] = useState<FormState | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [staff, setStaff] = useState<{ value: number; label: string }[]>([]);

  useEffect(() => {
    setForm(null);
    setLoadError(null);
    if (!user) return;
    let live = true;
    void api.call('/users/getSingleUser', { ID: user.ID }).then((a) => {
      if (!live) return;
      if (a.status === 'ok') setForm(formOf(a.data));
      else setLoadError('Failed to get user data!');
    });
    void loadStaff().then((s) => live && setStaff(s));
    return () => {
      live = false;
    };
  }, [user]);

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) =>
    setForm((f) => (f ? { ...f, [key]: value } : f));

  const submit = async () => {
    if (!user || !form) return loadError ?? 'Failed to get user data!';
    const zip = form.ZIP.trim();
    if (zip !== '' && !/^\d+$/.test(zip)) return MESSAGES.zipMustBeNumber;
    const experience = form.Experience.trim();
    const referral = Number(form.ReferralPercentEarnings);
    const body = {
      id: user.ID,
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
      ...(Number.isInteger(referral) ? { ReferralPercentEarnings: referral } : {}),
      AssignedManagerID: form.AssignedManagerID,
      ...(form.newEmail.trim() ? { newEmail: form.newEmail.trim() } : {}),
      ...(form.newPassword ? { newPassword: form.newPassword } : {}),
      ...(isAdmin
        ? {
            newFlags: form.flags,
            AutoPayoutInterval: form.AutoPayoutInterval as (typeof AUTO_PAYOUT_INTERVALS)[number],
          }
        : {}),
    };
    const saved = await api.call('/users/editUser', body);
    if (saved.status !== 'ok')
      return saved.data === 'VALIDATION_ERROR' && saved.details?.message
        ? saved.details.message
        : MESSAGES.failedEditUser;
    const again = await api.call('/users/getSingleUser', { ID: user.ID });
    if (again.status !== 'ok') return 'Failed to get the new edited user!';
    onSaved(again.data);
    return null;
  };

  const text = (key: keyof FormState, label: string, type = 'text') => (
    <Field label={label}>
      <Input
        data-testid={`user-${key}`}
        type={type}
        value={(form?.[key] as string) ?? ''}
        autoComplete={type === 'password' ? 'new-password' : 'off'}
        onChange={(e) => set(key, e.target.value as never)}
      />
    </Field>
  );

  return (
    <FormDialog
      open={user !== null}
      title={`Edit user ${user?.Username ?? ''}`}
      submitText="Save user"
      onSubmit={submit}
      onClose={onClose}
      errorMessage={MESSAGES.failedEditUser}
      width={640}
      testId="user-edit"
    >
      {!form ? (
        loadError ? (
          <div data-testid="form-load-error">{loadError}</div>
        ) : (
          <Spin />
        )
      ) : (
        <div
          style={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))',
            columnGap: 12,
          }}
        >
          {text('FirstName', 'First name')}
          {text('LastName', 'Last name')}
          {text('newEmail', `New e-mail (now ${user?.Email})`, 'email')}
          {text('newPassword', 'New password (leave empty to keep)', 'password')}
          <Field label="Country">
            <CountrySelect
              value={form.Country}
              onChange={(c) => set('Country', c)}
              style={{ width: '100%' }}
            />
          </Field>
          {text('ZIP', 'ZIP')}
          {text('Experience', 'Experience (years)')}
          {text('ReferralPercentEarnings', 'Referral earnings (%)')}
          {text('ContactWhatsapp', 'WhatsApp')}
          {text('ContactSkype', 'Skype')}
          {text('ContactTelegram', 'Telegram')}
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
          {isAdmin && (
            <div style={{ gridColumn: '1 / -1' }} data-testid="user-admin-fields">
              <Divider style={{ margin: '6px 0 10px' }}>Admin only</Divider>
              <Field label="Auto payout">
                <Select
                  data-testid="user-autopayout"
                  value={form.AutoPayoutInterval}
                  onChange={(v) => set('AutoPayoutInterval', v)}
                  options={AUTO_PAYOUT_INTERVALS.map((d) => ({
                    value: d,
                    label: d === 0 ? 'None' : `Every ${d} days`,
                  }))}
                  style={{ width: 200 }}
                />
              </Field>
              <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))' }}>
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
            </div>
          )}
        </div>
      )}
    </FormDialog>
  );
}
