import type { AdminLead, FilterItem } from '@leadmesh/schema';
import { ADMIN_LEAD_LIST } from '@leadmesh/schema';
import { MESSAGES } from '@leadmesh/schema/constants';
import {
  type DatePreset,
  DateRangePicker,
  KpiRow,
  KpiTile,
  ListTable,
  rangeFilters,
  useDateRange,
  useList,
} from '@leadmesh/ui';
import { Alert, Tag } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../../lib/screen.tsx';
import { LeadInfoDrawer } from '../leads/lead-info.tsx';

type BlockedLead = AdminLead;
type BlockedKpi = { BlockedReason: string; Label: string; Count: number };
const DATE_FIELDS = ['createdAt'];
const PRESETS: DatePreset[] = ['all', '24h', 'today', 'yesterday', '7d', '30d', 'custom'];

/** The blocked leads of the date range (its filters as JSON, `dateKey`); a new range reloads from the start. */
function useBlockedLeadList(dateKey: string) {
  const load = useMemo(
    () =>
      ({ offset, filters }: { offset: number; filters: FilterItem[] }) =>
        api.call('/leads/getAllBlockedLeadsDashboardAdmin', {
          paginationOffset: offset,
          Filters: [...JSON.parse(dateKey), ...filters],
        }),
    [dateKey],
  );
  const controller = useList<BlockedLead>(load);
  // The list loads itself first; a new date range reloads it from the start.
  const shownRange = useRef(dateKey);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reload the list when the date range changes
  useEffect(() => {
    if (shownRange.current === dateKey) return;
    shownRange.current = dateKey;
    controller.list.reload();
  }, [dateKey]);
  return controller;
}

/** The count per blocked reason of the date range and the list's own filters (both as JSON). */
function useBlockedKpi(dateKey: string, listFilters: string) {
  const [kpi, setKpi] = useState<BlockedKpi[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    setFailed(false);
    void api
      .call('/leads/getAllBlockedLeadsKPIAdmin', {
        Filters: [...JSON.parse(dateKey), ...JSON.parse(listFilters)],
      })
      .then((a) => {
        if (!live) return;
        if (a.status === 'ok') setKpi(a.data);
        else setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [dateKey, listFilters]);
  return { kpi, failed };
}

function BlockedKpiTiles({ kpi }: { kpi: BlockedKpi[] }) {
  return (
    <KpiRow>
      <KpiTile title="Total" value={kpi.reduce((n, k) => n + k.Count, 0)} testId="kpi-total" />
      {kpi.map((k) => (
        <KpiTile key={k.BlockedReason} title={k.Label} value={k.Count} testId={`kpi-${k.BlockedReason}`} />
      ))}
    </KpiRow>
  );
}

/** admin-blockedLeads (public §2): a date filter, a KPI tile per blocked reason, the blocked leads. */
export function BlockedLeads(_: { path: string }) {
  const navigate = useNavigate();
  const dates = useDateRange(PRESETS, { preset: 'all', custom: null });
  const dateKey = JSON.stringify(rangeFilters(dates.range));
  const controller = useBlockedLeadList(dateKey);
  const { kpi, failed: kpiError } = useBlockedKpi(dateKey, JSON.stringify(controller.query));
  const [info, setInfo] = useState<BlockedLead | null>(null);

  return (
    <>
      <div style={{ marginBottom: 12 }}>
        <DateRangePicker {...dates.picker} />
      </div>
      {kpiError && <Alert type="error" title={MESSAGES.errorFetchingKpi} style={{ marginBottom: 8 }} />}
      {kpi && <BlockedKpiTiles kpi={kpi} />}
      <ListTable<BlockedLead>
        controller={controller}
        list={ADMIN_LEAD_LIST}
        // The date range above filters the dates.
        hideFilters={DATE_FIELDS}
        errorMessage={MESSAGES.errorFetchingDataBang}
        rowActions={(lead) => [
          { key: 'info', label: 'More info', onClick: () => setInfo(lead) },
          {
            key: 'publisher',
            label: 'See publisher',
            onClick: () =>
              navigate(`/dashboard/admin-users?Username=${encodeURIComponent(lead.User.Username)}`),
          },
          {
            key: 'advertiser',
            label: 'See advertiser',
            onClick: () => navigate(`/dashboard/admin-advertisers?ID=${lead.BoundAdvertiser}`),
          },
        ]}
        columns={[
          { title: 'No.', field: 'ID' },
          { field: 'ProductName', phone: true },
          {
            title: 'Blocked reason',
            dataIndex: 'BlockedReasonLabel',
            phone: true,
            render: (v: string | null, l) => <Tag color="red">{v ?? l.BlockedReason}</Tag>,
          },
          { field: 'createdAt' },
        ]}
      />
      <LeadInfoDrawer lead={info} onClose={() => setInfo(null)} />
    </>
  );
}
