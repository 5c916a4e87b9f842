import { MESSAGES } from '@leadmesh/schema/constants';
import { describe, expect, it } from 'vitest';
import { parseGroups } from '../pages/leads/lead-export.tsx';
import {
  EMPTY_OFFER_FORM,
  type OfferFormState,
  offerFormProblem,
  offerInput,
} from '../pages/offers/offer-form.tsx';
import { ratioText } from '../pages/offers/offers.tsx';
import { payoutFileName } from '../pages/payments/payments.tsx';
import { websiteFormError } from '../pages/websites/websites.tsx';
import { canOpenScreen } from './access.ts';
import { payoutPreview, payoutToSend } from './money-preview.ts';

describe('payout preview (Final calculations, custom payout calculator)', () => {
  it('splits a payout by the tax: the advertiser pays it, the platform takes tax %, the publisher the rest', () => {
    expect(payoutPreview({ payout: '10', tax: 20 })).toEqual({
      advertiserPays: 1000,
      platformTakes: 200,
      publisherGets: 800,
      losing: false,
    });
  });

  it('automatic tax grosses the typed payout up as payout / (100 - tax) * 100', () => {
    const p = payoutPreview({ payout: '8', tax: '20', automaticTax: true });
    expect(p).toMatchObject({ advertiserPays: 1000, platformTakes: 200, publisherGets: 800 });
    expect(payoutToSend('8', 20, true)).toBe(1000);
    expect(payoutToSend('12.5', 20, false)).toBe(1250);
  });

  it("warns 'Platform is loosing money!' when the publisher gets more than the advertiser pays", () => {
    // A custom payout of $20 at 10% tax: the publisher gets $18, the advertiser still pays the offer's $15.
    const p = payoutPreview({ payout: '20', tax: 10, advertiserPaysCents: 1500 });
    expect(p?.publisherGets).toBe(1800);
    expect(p?.losing).toBe(true);
    expect(payoutPreview({ payout: '10', tax: 10, advertiserPaysCents: 1500 })?.losing).toBe(false);
  });

  it('has no preview for text that is not a number, or a tax of 100 or more', () => {
    expect(payoutPreview({ payout: 'abc', tax: 20 })).toBeNull();
    expect(payoutPreview({ payout: '10', tax: 100 })).toBeNull();
    expect(payoutPreview({ payout: '10', tax: '' })).toBeNull();
  });
});

describe('the add-offer checks, one message at a time in the order of admin §5', () => {
  const full: OfferFormState = {
    ...EMPTY_OFFER_FORM,
    BoundAdvertiser: 1,
    SelectedCRM: 2,
    countries: ['RS'],
    OfferName: 'Offer',
    OfferProductBrand: 'Brand',
    OfferProductName: 'Product',
    OfferType: 'CPL',
    payout: '12.50',
    OfferProductPrice: '50,00 EUR',
    images: ['a.png'],
    OfferDescription: '<p>Good</p>',
  };
  const steps: [Partial<OfferFormState>, string][] = [
    [{ BoundAdvertiser: null }, MESSAGES.offerAdvertiserMissing],
    [{ SelectedCRM: null }, MESSAGES.offerCrmMissing],
    [{ countries: [] }, MESSAGES.offerCountriesMissing],
    [{ OfferName: ' ' }, MESSAGES.offerNameEmpty],
    [{ OfferProductBrand: '' }, MESSAGES.offerBrandEmpty],
    [{ OfferProductName: '' }, MESSAGES.offerProductNameEmpty],
    [{ OfferType: null }, MESSAGES.offerTypeMissing],
    [{ payout: 'ten' }, MESSAGES.offerPayoutInvalid],
    [{ PlatformTax: '100' }, MESSAGES.offerTaxInvalid],
    [{ OfferLimit: 'x' }, MESSAGES.offerLimitInvalid],
    [{ referral: 'y' }, MESSAGES.offerReferralInvalid],
    [{ OfferProductPrice: '50' }, MESSAGES.offerPriceInvalid],
    [{ images: [] }, MESSAGES.offerImageMissing],
    [{ OfferDescription: '<p><br></p>' }, MESSAGES.offerDescriptionEmpty],
  ];

  it('answers each rule when it is the only one broken, and the earliest when several are', async () => {
    expect(await offerFormProblem(full, false)).toBeNull();
    for (const [change, message] of steps)
      expect(await offerFormProblem({ ...full, ...change }, false)).toBe(message);
    // Everything broken at once: the first rule speaks.
    const all = Object.assign({}, full, ...steps.map(([c]) => c));
    expect(await offerFormProblem(all, false)).toBe(MESSAGES.offerAdvertiserMissing);
  });

  it('a chosen, not yet uploaded image counts as an image; dollars become cents', async () => {
    expect(await offerFormProblem({ ...full, images: [] }, true)).toBeNull();
    expect(offerInput(full, ['a.png'])).toMatchObject({
      OfferPayout: 1250,
      ReferralPayout: 0,
      PlatformTax: '20',
    });
    expect(offerInput({ ...full, payout: '8', automaticTax: true }, []).OfferPayout).toBe(1000);
  });
});

describe('small rules of the operations screens', () => {
  it('takes a whole number of at least 1 export files', () => {
    expect(parseGroups('3')).toBe(3);
    for (const bad of ['0', '-1', '1.5', 'abc', '', '1001']) expect(parseGroups(bad)).toBeNull();
  });

  it('checks the add-website form in the spec order', () => {
    const zip = new File(['x'], 'site.zip');
    const ok = { name: 'Site', entry: 'index.html', file: zip, type: 'Landing', offer: 1 };
    expect(websiteFormError(ok)).toBeNull();
    expect(websiteFormError({ ...ok, name: '', entry: '' })).toBe(MESSAGES.websiteNameEmpty);
    expect(websiteFormError({ ...ok, entry: '' })).toBe(MESSAGES.entryFileEmpty);
    expect(websiteFormError({ ...ok, file: new File(['x'], 'site.tar') })).toBe(MESSAGES.websiteFileInvalid);
    expect(websiteFormError({ ...ok, type: null })).toBe(MESSAGES.websiteTypeEmpty);
    expect(websiteFormError({ ...ok, offer: null })).toBe(MESSAGES.websiteOfferEmpty);
  });

  it('names payout files by kind and creation date, and shows an unknown ratio as ?', () => {
    expect(payoutFileName('leads', '2026-11-20T10:00:00.000Z')).toBe('leads-2026-11-20.csv');
    expect(ratioText(-1)).toBe('?');
    expect(ratioText(42.5)).toBe('42.5%');
  });

  it('opens a screen as the server answers its calls: admin screens to admins, manager screens to their side', () => {
    const none = {
      isAdmin: false,
      isManager: false,
      isPublisherManager: false,
      isAdvertiserManager: false,
      isVerified: true,
      isPublisherHidden: true,
      isCRMInfoAllowed: false,
    };
    expect(canOpenScreen('admin-logs', { ...none, isAdmin: true })).toBe(true);
    expect(canOpenScreen('admin-logs', { ...none, isManager: true })).toBe(false);
    expect(canOpenScreen('admin-users', { ...none, isManager: true })).toBe(true);
    expect(canOpenScreen('manager-publishers', { ...none, isPublisherManager: true })).toBe(true);
    expect(canOpenScreen('manager-advertisers', { ...none, isPublisherManager: true })).toBe(false);
    expect(canOpenScreen('admin-users', none)).toBe(false);
    expect(canOpenScreen('admin-users', null)).toBe(false);
    // The lead report's calls admit publisher managers; the admin lead list's, admins only.
    expect(canOpenScreen('admin-leadStats', { ...none, isPublisherManager: true })).toBe(true);
    expect(canOpenScreen('admin-leads', { ...none, isPublisherManager: true })).toBe(false);
  });
});
