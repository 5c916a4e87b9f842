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
  RowActions,
  SearchSelect,
  useList,
} from '@leadmesh/ui';
import { Button, Input, Select } from 'antd';
import { useState } from 'react';
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

/** admin-websites (public §2): uploaded landing and prelanding pages. */
export function Websites(_: { path: string }) {
  const navigate = useNavigate();
  const offers = useOfferNames();
  const controller = useList<Website>(listLoader('/websites/getAllWebsitesFrontend'));
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('');
  const [entry, setEntry] = useState('index.html');
  const [thanks, setThanks] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [type, setType] = useState<string | null>(null);
  const [offer, setOffer] = useState<number | null>(null);
  const [info, setInfo] = useState<Website | null>(null);
  const [deleting, setDeleting] = useState<Website | null>(null);
  const urlOf = (w: Website) => (w.URL.startsWith('/') ? api.urlOf(w.URL) : w.URL);

  const submit = async () => {
    const problem = websiteFormError({ name, entry, file, type, offer });
    if (problem) return problem;
    const form = new FormData();
    form.set('websiteFile', file as File);
    form.set('WebsiteName', name.trim());
    form.set('BoundOffer', String(offer));
    form.set('EntryFile', entry.trim());
    form.set('WebsiteType', type as string);
    if (thanks.trim()) form.set('PurchaseCompleteFile', thanks.trim());
    const a = await api.upload('/websites/uploadWebsite', form);
    if (a.status !== 'ok')
      return a.data === 'VALIDATION_ERROR' && a.details?.message
        ? a.details.message
        : MESSAGES.errorUploadingWebsite;
    controller.list.reload();
    return null;
  };

  return (
    <>
      <ListTable<Website>
        controller={controller}
        rowKey="ID"
        list={WEBSITE_LIST}
        toolbar={
          <Button
            type="primary"
            data-testid="website-add"
            onClick={() => {
              setName('');
              setEntry('index.html');
              setThanks('');
              setFile(null);
              setType(null);
              setOffer(null);
              setAdding(true);
            }}
          >
            Add website
          </Button>
        }
        columns={[
          { field: 'WebsiteName', render: (v: string) => <strong>{v}</strong> },
          { field: 'OfferName', dataIndex: ['Offer', 'OfferName'] },
          {
            field: 'WebsiteType',
            phone: true,
            render: (t: WebsiteType) => WEBSITE_TYPE_LABELS[t] ?? t,
          },
          {
            title: 'Actions',
            key: 'actions',
            render: (_, w) => (
              <RowActions
                actions={[
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
              />
            ),
          },
        ]}
      />
      <FormDialog
        open={adding}
        title="Add website"
        submitText="Upload website"
        onSubmit={submit}
        onClose={() => setAdding(false)}
        errorMessage={MESSAGES.errorUploadingWebsite}
        doneText={`Website “${name.trim()}” uploaded`}
        testId="website-form"
      >
        <Field label="Website name">
          <Input data-testid="website-name" value={name} onChange={(e) => setName(e.target.value)} />
        </Field>
        <Field label="Entry file (path inside the zip)">
          <Input data-testid="website-entry" value={entry} onChange={(e) => setEntry(e.target.value)} />
        </Field>
        <Field label="Thank-you file (optional)">
          <Input
            data-testid="website-thanks"
            value={thanks}
            onChange={(e) => setThanks(e.target.value)}
            placeholder="thanks.html"
          />
        </Field>
        <Field label="Website files (.zip)">
          <FilePicker testId="website-file" accept=".zip,application/zip" file={file} onChange={setFile} />
        </Field>
        <Field label="Website type">
          <Select
            data-testid="website-type"
            value={type ?? undefined}
            placeholder="Landing or prelanding"
            onChange={setType}
            options={WEBSITE_TYPES.map((t) => ({ value: t, label: WEBSITE_TYPE_LABELS[t] }))}
            style={{ width: '100%' }}
          />
        </Field>
        <Field label="Offer">
          <SearchSelect
            data-testid="website-offer"
            value={offer ?? undefined}
            placeholder="Pick an offer"
            onChange={(v) => setOffer(v === undefined ? null : Number(v))}
            options={(offers ?? []).map((o) => ({ value: o.ID, label: `${o.OfferName} (#${o.ID})` }))}
            style={{ width: '100%' }}
          />
        </Field>
      </FormDialog>
      <InfoDialog
        open={info !== null}
        title={`Website ${info?.WebsiteName ?? ''}`}
        onClose={() => setInfo(null)}
        items={
          info && [
            ['ID', info.ID],
            ['Offer', `${info.Offer.OfferName} (#${info.BoundOffer})`],
            ['Type', WEBSITE_TYPE_LABELS[info.WebsiteType] ?? info.WebsiteType],
            ['Entry file', info.EntryFile],
            ['Thank-you file', info.PurchaseCompleteFile ?? '—'],
            [
              'URL',
              <a key="u" href={urlOf(info)} target="_blank" rel="noopener noreferrer">
                {urlOf(info)}
              </a>,
            ],
            ['Uploaded', formatDateTime(info.createdAt)],
          ]
        }
      />
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
