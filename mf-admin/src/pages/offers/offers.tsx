import type { Offer } from '@leadmesh/schema';
import { OFFER_LIST, splitOfferCountries } from '@leadmesh/schema';
import { flagEmoji, formatUsd, MESSAGES } from '@leadmesh/schema/constants';
import {
  ConfirmDialog,
  formatDateTime,
  InfoDialog,
  type ListColumn,
  ListTable,
  type RowAction,
  TagList,
  useFeedback,
  useList,
} from '@leadmesh/ui';
import { Alert, Button, Drawer, Grid, Spin, Tag } from 'antd';
import { useState } from 'react';
import { api, errorText, listLoader, useUrlFilters } from '../../lib/screen.tsx';
import {
  EMPTY_OFFER_FORM,
  OfferFormFields,
  type OfferFormState,
  offerFormOf,
  offerFormProblem,
  offerInput,
  uploadOfferImage,
} from './offer-form.tsx';

/** The conversion ratio as shown: '?' while unknown (-1). */
export function ratioText(ratio: number): string {
  return ratio < 0 ? '?' : `${Math.round(ratio * 100) / 100}%`;
}

type Panel = { mode: 'add' } | { mode: 'edit'; offer: Offer } | null;

/** What sending the form gave: the message to show, or what to tell and the offer as saved (null when added). */
type SendOutcome = { problem: string } | { doneText: string; saved: Offer | null };

/** Sends a checked form: the new image first, then the offer added or edited. */
async function sendOffer(
  panel: NonNullable<Panel>,
  form: OfferFormState,
  file: File | null,
): Promise<SendOutcome> {
  let images = form.images;
  if (file) {
    const up = await uploadOfferImage(file, form.OfferName.trim());
    if ('error' in up) return { problem: up.error };
    images = [up.name];
  }
  if (panel.mode === 'add') {
    const a = await api.call('/offers/addOffer', offerInput(form, images));
    if (a.status !== 'ok')
      return {
        problem:
          a.data === 'SERVER_ERROR' ? MESSAGES.serverTimedOutBang : errorText(a, MESSAGES.offerAddError),
      };
    return { doneText: `Offer “${form.OfferName.trim()}” added`, saved: null };
  }
  const id = panel.offer.ID;
  const a = await api.call('/offers/editOffer', { ...offerInput(form, images), ID: id });
  if (a.status !== 'ok') return { problem: errorText(a, MESSAGES.failedEditOffer) };
  // The replaced image goes on a best-effort basis (admin §4): failures are ignored.
  if (file) for (const old of form.images) void api.call('/images/deleteImageByFilename', { FileName: old });
  const again = await api.call('/offers/getOfferByID', { ID: id });
  if (again.status !== 'ok') return { problem: 'There was an error while getting the new offer!' };
  return { doneText: `Offer “${again.data.OfferName}” saved`, saved: again.data };
}

/** The add / edit panel's state: the form (fetched again for an edit), its image, its problem, saving. */
function useOfferPanel(onSaved: (saved: Offer | null) => void) {
  const [panel, setPanel] = useState<Panel>(null);
  const [form, setForm] = useState<OfferFormState>(EMPTY_OFFER_FORM);
  const [file, setFile] = useState<File | null>(null);
  const [loading, setLoading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const feedback = useFeedback();

  const openAdd = () => {
    setForm(EMPTY_OFFER_FORM);
    setFile(null);
    setProblem(null);
    setPanel({ mode: 'add' });
  };
  const openEdit = async (offer: Offer) => {
    setFile(null);
    setProblem(null);
    setPanel({ mode: 'edit', offer });
    setLoading(true);
    const a = await api.call('/offers/getOfferByID', { ID: offer.ID });
    setLoading(false);
    if (a.status === 'ok') setForm(offerFormOf(a.data));
    else setProblem('Failed to get offer data!');
  };
  const save = async () => {
    if (!panel || saving) return;
    setProblem(null);
    const first = await offerFormProblem(form, file !== null);
    if (first) return setProblem(first);
    setSaving(true);
    try {
      const outcome = await sendOffer(panel, form, file);
      if ('problem' in outcome) return setProblem(outcome.problem);
      onSaved(outcome.saved);
      feedback.done(outcome.doneText);
      setPanel(null);
    } finally {
      setSaving(false);
    }
  };
  const close = () => setPanel(null);
  return { panel, form, setForm, file, setFile, loading, problem, saving, openAdd, openEdit, save, close };
}

/** The add / edit offer panel: the form, its problem above Cancel and Save; not closed while saving. */
function OfferPanel({ state }: { state: ReturnType<typeof useOfferPanel> }) {
  const { panel, saving, problem } = state;
  const screens = Grid.useBreakpoint();
  return (
    <Drawer
      open={panel !== null}
      title={panel?.mode === 'edit' ? `Edit offer ${panel.offer.OfferName}` : 'Add offer'}
      size={screens.md ? 760 : '100%'}
      onClose={() => !saving && state.close()}
      destroyOnHidden
      footer={
        <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
          {problem && <Alert type="error" showIcon data-testid="offer-problem" title={problem} />}
          <div style={{ display: 'flex', gap: 8, justifyContent: 'flex-end' }}>
            <Button onClick={state.close} disabled={saving} data-testid="offer-cancel">
              Cancel
            </Button>
            <Button
              type="primary"
              loading={saving}
              onClick={() => void state.save()}
              data-testid="offer-save"
            >
              Save
            </Button>
          </div>
        </div>
      }
    >
      {state.loading ? (
        <Spin />
      ) : (
        <OfferFormFields
          form={state.form}
          setForm={state.setForm}
          file={state.file}
          setFile={state.setFile}
        />
      )}
    </Drawer>
  );
}

/** The offers list's columns. */
const OFFER_COLUMNS: ListColumn<Offer>[] = [
  { title: 'Name', field: 'OfferName', render: (v: string) => <strong>{v}</strong> },
  { title: 'Product', key: 'product', render: (_, o) => `${o.OfferProductBrand} ${o.OfferProductName}` },
  { title: 'Type', field: 'OfferType' },
  { title: 'Payout', field: 'OfferPayout', align: 'right', phone: true },
  {
    title: 'State',
    key: 'state',
    render: (_, o) => (
      <TagList>
        {o.OfferActive ? <Tag color="green">Active</Tag> : <Tag>Inactive</Tag>}
        {o.isPromoted && (
          <Tag color="gold" data-testid="offer-promoted-tag">
            Promoted
          </Tag>
        )}
      </TagList>
    ),
  },
];

/** More info, Edit and Delete on each row. */
function offerRowActions(actions: {
  info(o: Offer): void;
  edit(o: Offer): void;
  remove(o: Offer): void;
}): (o: Offer) => RowAction[] {
  return (o) => [
    { key: 'info', label: 'More info', onClick: () => actions.info(o) },
    { key: 'edit', label: 'Edit', onClick: () => actions.edit(o) },
    { key: 'delete', label: 'Delete', danger: true, onClick: () => actions.remove(o) },
  ];
}

/** More info of an offer: tax, countries, state, limit, conversion ratio and money. */
function OfferInfoDialog({ offer, onClose }: { offer: Offer | null; onClose(): void }) {
  return (
    <InfoDialog
      open={offer !== null}
      title={`Offer ${offer?.OfferName ?? ''}`}
      onClose={onClose}
      testId="offer-info"
      items={
        offer && [
          ['Offer ID', offer.ID],
          ['Platform tax', `${offer.PlatformTax}%`],
          [
            'Countries',
            splitOfferCountries(offer.OfferCountry)
              .map((c) => `${flagEmoji(c)} ${c}`)
              .join('  '),
          ],
          ['Active', offer.OfferActive ? 'Yes' : 'No'],
          ['Promoted', offer.isPromoted ? 'Yes' : 'No'],
          ['Limit', offer.OfferLimit],
          [
            'Conversion ratio',
            <span key="r" data-testid="offer-ratio">
              {ratioText(offer.OfferMonthlyConversionRatio)}
            </span>,
          ],
          ['Payout', formatUsd(offer.OfferPayout)],
          ['Product price', offer.OfferProductPrice],
          ['Referral payout', formatUsd(offer.ReferralPayout)],
          ['Created', formatDateTime(offer.createdAt)],
        ]
      }
    />
  );
}

/** admin-offers (admin §2): offers, the add-offer panel, edit with image replacement, More info. */
export function Offers(_: { path: string }) {
  const initial = useUrlFilters([{ query: 'ID', type: 'number' }]);
  const controller = useList<Offer>(listLoader('/offers/getAllOffers'), { initialFilters: initial });
  const editor = useOfferPanel((saved) =>
    saved ? controller.list.updateRow((r) => r.ID === saved.ID, saved) : controller.list.reload(),
  );
  const [info, setInfo] = useState<Offer | null>(null);
  const [deleting, setDeleting] = useState<Offer | null>(null);
  const rowActions = offerRowActions({
    info: setInfo,
    edit: (o) => void editor.openEdit(o),
    remove: setDeleting,
  });

  return (
    <>
      <ListTable<Offer>
        controller={controller}
        list={OFFER_LIST}
        errorMessage={MESSAGES.errorGettingOfferList}
        toolbar={
          <Button type="primary" data-testid="offer-add" onClick={editor.openAdd}>
            Add offer
          </Button>
        }
        rowActions={rowActions}
        columns={OFFER_COLUMNS}
      />
      <OfferPanel state={editor} />
      <OfferInfoDialog offer={info} onClose={() => setInfo(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete offer ${deleting?.OfferName ?? ''}?`}
        confirmText="Delete offer"
        errorMessage={MESSAGES.failedDeleteOffer}
        doneText={`Offer “${deleting?.OfferName ?? ''}” deleted`}
        onConfirm={() =>
          api.call('/offers/deleteOffer', {
            ID: deleting?.ID as number,
            BoundAdvertiser: deleting?.BoundAdvertiser,
          })
        }
        onDone={() => deleting && controller.list.removeRow((r) => r.ID === deleting.ID)}
        onClose={() => setDeleting(null)}
      >
        <strong>{deleting?.OfferName}</strong> leaves the catalogue; an offer with leads is retired and its
        history kept.
      </ConfirmDialog>
    </>
  );
}
