import type { Offer } from '@leadmesh/schema';
import { OFFER_LIST, splitOfferCountries } from '@leadmesh/schema';
import { flagEmoji, formatUsd, MESSAGES } from '@leadmesh/schema/constants';
import {
  ConfirmDialog,
  formatDateTime,
  InfoDialog,
  ListTable,
  RowActions,
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

/** admin-offers (admin §2): offers, the add-offer panel, edit with image replacement, More info. */
export function Offers(_: { path: string }) {
  const initial = useUrlFilters([{ query: 'ID', type: 'number' }]);
  const controller = useList<Offer>(listLoader('/offers/getAllOffers'), { initialFilters: initial });
  const screens = Grid.useBreakpoint();
  const [panel, setPanel] = useState<{ mode: 'add' } | { mode: 'edit'; offer: Offer } | null>(null);
  const [form, setForm] = useState<OfferFormState>(EMPTY_OFFER_FORM);
  const [file, setFile] = useState<File | null>(null);
  const [loading, setLoading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [info, setInfo] = useState<Offer | null>(null);
  const [deleting, setDeleting] = useState<Offer | null>(null);
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
      let images = form.images;
      if (file) {
        const up = await uploadOfferImage(file, form.OfferName.trim());
        if ('error' in up) return setProblem(up.error);
        images = [up.name];
      }
      if (panel.mode === 'add') {
        const a = await api.call('/offers/addOffer', offerInput(form, images));
        if (a.status !== 'ok') {
          return setProblem(
            a.data === 'SERVER_ERROR' ? MESSAGES.serverTimedOutBang : errorText(a, MESSAGES.offerAddError),
          );
        }
        feedback.done(`Offer “${form.OfferName.trim()}” added`);
        setPanel(null);
        controller.list.reload();
        return;
      }
      const id = panel.offer.ID;
      const a = await api.call('/offers/editOffer', { ...offerInput(form, images), ID: id });
      if (a.status !== 'ok') return setProblem(errorText(a, MESSAGES.failedEditOffer));
      // The replaced image goes on a best-effort basis (admin §4): failures are ignored.
      if (file)
        for (const old of form.images) void api.call('/images/deleteImageByFilename', { FileName: old });
      const again = await api.call('/offers/getOfferByID', { ID: id });
      if (again.status !== 'ok') return setProblem('There was an error while getting the new offer!');
      controller.list.updateRow((r) => r.ID === id, again.data);
      feedback.done(`Offer “${again.data.OfferName}” saved`);
      setPanel(null);
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <ListTable<Offer>
        controller={controller}
        rowKey="ID"
        list={OFFER_LIST}
        errorMessage="There was an error while getting offers"
        toolbar={
          <Button type="primary" data-testid="offer-add" onClick={openAdd}>
            Add offer
          </Button>
        }
        columns={[
          { title: 'Name', field: 'OfferName', render: (v: string) => <strong>{v}</strong> },
          {
            title: 'Product',
            key: 'product',
            render: (_, o) => `${o.OfferProductBrand} ${o.OfferProductName}`,
          },
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
          {
            title: 'Actions',
            key: 'actions',
            render: (_, o) => (
              <RowActions
                actions={[
                  { key: 'info', label: 'More info', onClick: () => setInfo(o) },
                  { key: 'edit', label: 'Edit', onClick: () => void openEdit(o) },
                  { key: 'delete', label: 'Delete', danger: true, onClick: () => setDeleting(o) },
                ]}
              />
            ),
          },
        ]}
      />
      <Drawer
        open={panel !== null}
        title={panel?.mode === 'edit' ? `Edit offer ${panel.offer.OfferName}` : 'Add offer'}
        size={screens.md ? 760 : '100%'}
        onClose={() => !saving && setPanel(null)}
        destroyOnHidden
        footer={
          <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
            {problem && <Alert type="error" showIcon data-testid="offer-problem" title={problem} />}
            <div style={{ display: 'flex', gap: 8, justifyContent: 'flex-end' }}>
              <Button onClick={() => setPanel(null)} disabled={saving} data-testid="offer-cancel">
                Cancel
              </Button>
              <Button type="primary" loading={saving} onClick={() => void save()} data-testid="offer-save">
                Save
              </Button>
            </div>
          </div>
        }
      >
        {loading ? <Spin /> : <OfferFormFields form={form} setForm={setForm} file={file} setFile={setFile} />}
      </Drawer>
      <InfoDialog
        open={info !== null}
        title={`Offer ${info?.OfferName ?? ''}`}
        onClose={() => setInfo(null)}
        testId="offer-info"
        items={
          info && [
            ['Offer ID', info.ID],
            ['Platform tax', `${info.PlatformTax}%`],
            [
              'Countries',
              splitOfferCountries(info.OfferCountry)
                .map((c) => `${flagEmoji(c)} ${c}`)
                .join('  '),
            ],
            ['Active', info.OfferActive ? 'Yes' : 'No'],
            ['Promoted', info.isPromoted ? 'Yes' : 'No'],
            ['Limit', info.OfferLimit],
            [
              'Conversion ratio',
              <span key="r" data-testid="offer-ratio">
                {ratioText(info.OfferMonthlyConversionRatio)}
              </span>,
            ],
            ['Payout', formatUsd(info.OfferPayout)],
            ['Product price', info.OfferProductPrice],
            ['Referral payout', formatUsd(info.ReferralPayout)],
            ['Created', formatDateTime(info.createdAt)],
          ]
        }
      />
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
