import { ADMIN_LEAD_LIST } from '@leadmesh/schema';
import { useSessionStore } from '@leadmesh/session';
import { FirstRows, LazyAppTheme } from '@leadmesh/ui';
import { lazy, Suspense, useEffect } from 'react';
import {
  adminLeadColumns,
  adminLeadRowActions,
  LEADS_TOOLBAR,
  useLeadRowPermissions,
} from './lead-columns.tsx';
import { useAdminLeads } from './use-admin-leads.ts';

/*
 * admin-leads' first screen (issue 19, decision 0064): the list call starts when the screen mounts
 * and its first page is drawn in plain markup (the kit's FirstRows) while antd and the full screen
 * (leads.tsx: ListTable, filters, actions, dialogs) load; the full screen then takes over the same
 * list, so the rows are not fetched again. Nothing this file imports may import antd.
 */

let full: Promise<typeof import('./leads.tsx')> | undefined;
const loadFull = () => {
  full ??= import('./leads.tsx');
  return full;
};
const FullLeads = lazy(() => loadFull().then(({ Leads }) => ({ default: Leads })));
const NO_OP = () => undefined;

/** admin-leads: the first rows before antd, then the full screen over the same list. */
export function AdminLeadsFirst() {
  const dark = useSessionStore((s) => s.theme) === 'dark';
  const permissions = useLeadRowPermissions();
  const leads = useAdminLeads();
  useEffect(() => void loadFull(), []);
  const first = (
    <FirstRows
      dark={dark}
      list={leads.controller.list}
      columns={adminLeadColumns()}
      rowKey="ID"
      declaration={ADMIN_LEAD_LIST}
      toolbar={LEADS_TOOLBAR}
      selectable
      rowActions={(lead) =>
        adminLeadRowActions(lead, {
          ...permissions,
          onInfo: NO_OP,
          onSetStatus: NO_OP,
          onResend: NO_OP,
          onCrmInfo: NO_OP,
        })
      }
    />
  );
  return (
    <LazyAppTheme dark={dark} fallback={first}>
      <Suspense fallback={first}>
        <FullLeads {...leads} />
      </Suspense>
    </LazyAppTheme>
  );
}
