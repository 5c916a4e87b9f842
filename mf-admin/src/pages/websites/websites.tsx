import type { Website } from '@leadmesh/schema';
import {
  MESSAGES,
  WEBSITE_LIST,
  WEBSITE_TYPE_LABELS,
  WEBSITE_TYPES,
  type WebsiteType,
} from '@leadmesh/schema/constants';
import {
  ConfirmDialog,
  Field,
  FilePicker,
  FormDialog,
  formatDateTime,
  InfoDialog,
  ListTable,
  SearchSelect,
  type SearchSelectOption,
  TextField,
  useList,
} from '@leadmesh/ui';
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useOfferNames } from '../../lib/pickers.tsx';
import { api, listLoader } from '../../lib/screen.tsx';

/** The add-website checks, in the order of public §5; null when the form may be sent. */
export function websiteFormError(f: {
  name: string;
  entry: string;
  file: File | null;
  type: string | null;
  offer: number | null;
}): string | null {
  if (f.name.trim() === '') return MESSAGES.websiteNameEmpty;
  if (f.entry.trim() === '') return MESSAGES.entryFileEmpty;
  if (!f.file || f.file.size === 0 || !f.file.name.toLowerCase().endsWith('.zip'))
    return MESSAGES.websiteFileInvalid;
  if (!f.type) return MESSAGES.websiteTypeEmpty;
  if (f.offer === null) return MESSAGES.websiteOfferEmpty;
  return null;
}

interface WebsiteForm {
  name: string;
  entry: string;
  thanks: string;
  file: File | null;
  type: string | null;
  offer: number | null;
}

const EMPTY_WEBSITE_FORM: WebsiteForm = {
  name: '',
  entry: 'index.html',
  thanks: '',
  file: null,
  type: null,
  offer: null,
};

const TYPE_OPTIONS = WEBSITE_TYPES.map((t) => ({ value: t, label: WEBSITE_TYPE_LABELS[t] }));

/** Where a website is served: an uploaded one under the API, else its own address. */
const urlOf = (w: Website) => (w.URL.startsWith('/') ? api.urlOf(w.URL) : w.URL);

/** Uploads the checked form; the answer is the message to show, or null once uploaded. */
async function uploadWebsite(f: WebsiteForm): Promise<string | null> {
  const problem = websiteFormError(f);
  if (problem) return problem;
  const form = new FormData();
  form.set('websiteFile', f.file as File);
  form.set('WebsiteName', f.name.trim());
  form.set('BoundOffer', String(f.offer));
  form.set('EntryFile', f.entry.trim());
  form.set('WebsiteType', f.type as string);
  if (f.thanks.trim()) form.set('PurchaseCompleteFile', f.thanks.trim());
  const a = await api.upload('/websites/uploadWebsite', form);
  if (a.status === 'ok') return null;
  return a.data === 'VALIDATION_ERROR' && a.details?.message
    ? a.details.message
    : MESSAGES.errorUploadingWebsite;
}

/** A labelled picker of the add-website form; clearing it gives null. */
function FormPicker({
  label,
  testId,
  placeholder,
  value,
  options,
  onChange,
}: {
  label: string;
  testId: string;
  placeholder: string;
  value: string | number | null;
  options: SearchSelectOption[];
  onChange(value: string | number | null): void;
}) {
  return (
    <Field label={label}>
      <SearchSelect
        data-testid={testId}
        value={value ?? undefined}
        placeholder={placeholder}
        onChange={(v) => onChange(v ?? null)}
        options={options}
        style={{ width: '100%' }}
      />
    </Field>
  );
}

/** Add website (public §5): a .zip of the site, its entry and thank-you files, its type and offer. */
function AddWebsiteDialog({
  open,
  onClose,
  onUploaded,
}: {
  open: boolean;
  onClose(): void;
  onUploaded(): void;
}) {
  const offers = useOfferNames();
  const [form, setForm] = useState<WebsiteForm>(EMPTY_WEBSITE_FORM);
  useEffect(() => {
    if (open) setForm(EMPTY_WEBSITE_FORM);
  }, [open]);
  const set = <K extends keyof WebsiteForm>(key: K, value: WebsiteForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const text = (key: 'name' | 'entry' | 'thanks', label: string, placeholder?: string) => (
    <TextField
      label={label}
      testId={`website-${key}`}
      value={form[key]}
      onChange={(v) => set(key, v)}
      placeholder={placeholder}
    />
  );
  return (
    <FormDialog
      open={open}
      title="Add website"
      submitText="Upload website"
      onSubmit={() => uploadWebsite(form)}
      onDone={onUploaded}
      onClose={onClose}
      errorMessage={MESSAGES.errorUploadingWebsite}
      doneText={`Website “${form.name.trim()}” uploaded`}
      testId="website-form"
    >
      {text('name', 'Website name')}
      {text('entry', 'Entry file (path inside the zip)')}
      {text('thanks', 'Thank-you file (optional)', 'thanks.html')}
      <Field label="Website files (.zip)">
        <FilePicker
          testId="website-file"
          accept=".zip,application/zip"
          file={form.file}
          onChange={(file) => set('file', file)}
        />
      </Field>
      <FormPicker
        label="Website type"
        testId="website-type"
        placeholder="Landing or prelanding"
        value={form.type}
        options={TYPE_OPTIONS}
        onChange={(v) => set('type', v === null ? null : String(v))}
      />
      <FormPicker
        label="Offer"
        testId="website-offer"
        placeholder="Pick an offer"
        value={form.offer}
        options={(offers ?? []).map((o) => ({ value: o.ID, label: `${o.OfferName} (#${o.ID})` }))}
        onChange={(v) => set('offer', v === null ? null : Number(v))}
      />
    </FormDialog>
  );
}

/** More info of a website: its offer, type, files, address and upload date. */
function WebsiteInfoDialog({ website, onClose }: { website: Website | null; onClose(): void }) {
  return (
    <InfoDialog
      open={website !== null}
      title={`Website ${website?.WebsiteName ?? ''}`}
      onClose={onClose}
      items={
        website && [
          ['ID', website.ID],
          ['Offer', `${website.Offer.OfferName} (#${website.BoundOffer})`],
          ['Type', WEBSITE_TYPE_LABELS[website.WebsiteType] ?? website.WebsiteType],
          ['Entry file', website.EntryFile],
          ['Thank-you file', website.PurchaseCompleteFile ?? '—'],
          [
            'URL',
            <a key="u" href={urlOf(website)} target="_blank" rel="noopener noreferrer">
              {urlOf(website)}
            </a>,
          ],
          ['Uploaded', formatDateTime(website.createdAt)],
        ]
      }
    />
  );
}

/** admin-websites (public §2): uploaded landing and prelanding pages. */
export function Websites(_: { path: string }) {
  const navigate = useNavigate();
  const controller = useList<Website>(listLoader('/websites/getAllWebsitesFrontend'));
  const [adding, setAdding] = useState(false);
  const [info, setInfo] = useState<Website | null>(null);
  const [deleting, setDeleting] = useState<Website | null>(null);

  return (
    <>
      <ListTable<Website>
        controller={controller}
        list={WEBSITE_LIST}
        toolbar={
          <Button type="primary" data-testid="website-add" onClick={() => setAdding(true)}>
            Add website
          </Button>
        }
        rowActions={(w) => [
          { key: 'info', label: 'More info', onClick: () => setInfo(w) },
          {
            key: 'preview',
            label: 'Preview website',
            onClick: () => window.open(urlOf(w), '_blank', 'noopener,noreferrer'),
          },
          {
            key: 'offer',
            label: 'Go to offer',
            onClick: () => navigate(`/dashboard/admin-offers?ID=${w.BoundOffer}`),
          },
          { key: 'delete', label: 'Delete', danger: true, onClick: () => setDeleting(w) },
        ]}
        columns={[
          { field: 'WebsiteName', render: (v: string) => <strong>{v}</strong> },
          { field: 'OfferName', dataIndex: ['Offer', 'OfferName'] },
          {
            field: 'WebsiteType',
            phone: true,
            render: (t: WebsiteType) => WEBSITE_TYPE_LABELS[t] ?? t,
          },
        ]}
      />
      <AddWebsiteDialog
        open={adding}
        onClose={() => setAdding(false)}
        onUploaded={() => controller.list.reload()}
      />
      <WebsiteInfoDialog website={info} onClose={() => setInfo(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete website ${deleting?.WebsiteName ?? ''}?`}
        confirmText="Delete website"
        errorMessage={MESSAGES.failedDeleteWebsite}
        doneText={`Website “${deleting?.WebsiteName ?? ''}” deleted`}
        onConfirm={() => api.call('/websites/deleteWebsite', { id: deleting?.ID as number })}
        onDone={() => deleting && controller.list.removeRow((r) => r.ID === deleting.ID)}
        onClose={() => setDeleting(null)}
      >
        The files of <strong>{deleting?.WebsiteName}</strong> are deleted and its links stop working.
      </ConfirmDialog>
    </>
  );
}
