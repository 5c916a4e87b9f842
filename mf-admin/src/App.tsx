import { ComingSoon } from '@leadmesh/ui';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router-dom';
import { type en, setupI18n } from './i18n.ts';

setupI18n();

/** A screen of this remote, by its route; screens arrive in later issues. */
function Screen({ id }: { id: keyof typeof en }) {
  const { t } = useTranslation('admin');
  return <ComingSoon title={t(id)} />;
}

/** The dashboard routes of mf-admin, mounted by the shell under `/dashboard/*`. */
export default function App() {
  return (
    <Routes>
      <Route path="admin-dashboard" element={<Screen id="admin-dashboard" />} />
      <Route path="admin-publisherStats" element={<Screen id="admin-publisherStats" />} />
      <Route path="admin-leadStats" element={<Screen id="admin-leadStats" />} />
      <Route path="admin-apitokens" element={<Screen id="admin-apitokens" />} />
      <Route path="admin-blockedLeads" element={<Screen id="admin-blockedLeads" />} />
      <Route path="admin-leads" element={<Screen id="admin-leads" />} />
      <Route path="admin-offers" element={<Screen id="admin-offers" />} />
      <Route path="admin-customPayouts" element={<Screen id="admin-customPayouts" />} />
      <Route path="admin-users" element={<Screen id="admin-users" />} />
      <Route path="admin-advertisers" element={<Screen id="admin-advertisers" />} />
      <Route path="admin-domains" element={<Screen id="admin-domains" />} />
      <Route path="admin-websites" element={<Screen id="admin-websites" />} />
      <Route path="admin-payments" element={<Screen id="admin-payments" />} />
      <Route path="admin-invoices" element={<Screen id="admin-invoices" />} />
      <Route path="admin-logs" element={<Screen id="admin-logs" />} />
      <Route path="manager-publishers" element={<Screen id="manager-publishers" />} />
      <Route path="manager-publisherStats" element={<Screen id="manager-publisherStats" />} />
      <Route path="manager-advertisers" element={<Screen id="manager-advertisers" />} />
      <Route path="*" element={<Screen id="notFound" />} />
    </Routes>
  );
}
