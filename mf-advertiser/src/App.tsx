import { ComingSoon } from '@leadmesh/ui';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router-dom';
import { type en, setupI18n } from './i18n.ts';

setupI18n();

/** A screen of this remote, by its route; screens arrive in later issues. */
function Screen({ id }: { id: keyof typeof en }) {
  const { t } = useTranslation('advertiser');
  return <ComingSoon title={t(id)} />;
}

/** The dashboard routes of mf-advertiser, mounted by the shell under `/dashboard/*`. */
export default function App() {
  return (
    <Routes>
      <Route path="advertiser" element={<Screen id="advertiser" />} />
      <Route path="advertiser-offers" element={<Screen id="advertiser-offers" />} />
      <Route path="advertiser-leads" element={<Screen id="advertiser-leads" />} />
      <Route path="advertiser-statistic" element={<Screen id="advertiser-statistic" />} />
      <Route path="crm" element={<Screen id="crm" />} />
      <Route path="payments-advertiser" element={<Screen id="payments-advertiser" />} />
      <Route path="registeradvertiser" element={<Screen id="registeradvertiser" />} />
      <Route path="*" element={<Screen id="notFound" />} />
    </Routes>
  );
}
