import { ComingSoon } from '@leadmesh/ui';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router-dom';
import { type en, setupI18n } from './i18n.ts';

setupI18n();

/** A screen of this remote, by its route; screens arrive in later issues. */
function Screen({ id }: { id: keyof typeof en }) {
  const { t } = useTranslation('publisher');
  return <ComingSoon title={t(id)} />;
}

/** The dashboard routes of mf-publisher, mounted by the shell under `/dashboard/*`. */
export default function App() {
  return (
    <Routes>
      <Route path="publisher" element={<Screen id="publisher" />} />
      <Route path="domains" element={<Screen id="domains" />} />
      <Route path="postback" element={<Screen id="postback" />} />
      <Route path="publisher-offers" element={<Screen id="publisher-offers" />} />
      <Route path="article/:offerId" element={<Screen id="article" />} />
      <Route path="publisher-leads" element={<Screen id="publisher-leads" />} />
      <Route path="publisher-statistic" element={<Screen id="publisher-statistic" />} />
      <Route path="payments-publisher" element={<Screen id="payments-publisher" />} />
      <Route path="referral-overview" element={<Screen id="referral-overview" />} />
      <Route path="referral-publisher" element={<Screen id="referral-publisher" />} />
      <Route path="referral-advertiser" element={<Screen id="referral-advertiser" />} />
      <Route path="profile" element={<Screen id="profile" />} />
      <Route path="*" element={<Screen id="notFound" />} />
    </Routes>
  );
}
