import type { AdminLead, FilterItem } from '@leadmesh/schema';
import { ADMIN_LEAD_LIST } from '@leadmesh/schema';
import { MESSAGES } from '@leadmesh/schema/constants';
import {
  type DatePreset,
  DateRangePicker,
  KpiRow,
  KpiTile,
  ListTable,
  presetRange,
  RowActions,
  rangeFilters,
  useList,
} from '@leadmesh/ui';
import { Alert, Tag } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../../lib/screen.tsx';
import { LeadInfoDrawer } from '../leads/lead-info.tsx';

type BlockedLead = AdminLead;
const DATE_FIELDS = ['createdAt'];
const PRESETS: DatePreset[] = ['all', '24h', 'today', 'yesterday', '7d', '30d', 'custom'];

/** admin-blockedLeads (public §2): a date filter, a KPI tile per blocked reason, the blocked leads. */
export function BlockedLeads(_: { path: string }) {
  const navigate = useNavigate();
  const [preset, setPreset] = useState<DatePreset>('all');
  const [custom, setCustom] = useState<[Date, Date] | null>(null);
  const dateFilters = useMemo(() => rangeFilters(presetRange(preset, new Date(), custom)), [preset, custom]);
  const dateKey = JSON.stringify(dateFilters);
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
  const [kpi, setKpi] = useState<{ BlockedReason: string; Label: string; Count: number }[] | null>(null);
  const [kpiError, setKpiError] = useState(false);
  const [info, setInfo] = useState<BlockedLead | null>(null);
  const listFilters = JSON.stringify(controller.query);

  // The list loads itself first; a new date range reloads it from the start.
  const shownRange = useRef(dateKey);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reload the list when the date range changes
  useEffect(() => {
    if (shownRange.current === dateKey) return;
    shownRange.current = dateKey;
    controller.list.reload();
  }, [dateKey]);
  useEffect(() => {
    let live = true;
    setKpiError(false);
    void api
      .call('/leads/getAllBlockedLeadsKPIAdmin', {
        Filters: [...JSON.parse(dateKey), ...JSON.parse(listFilters)],
      })
      .then((a) => {
        if (!live) return;
        if (a.status === 'ok') setKpi(a.data);
        else setKpiError(true);
      });
    return () => {
      live = false;
    };
  }, [dateKey, listFilters]);

  return (
    <>
      <div style={{ marginBottom: 12 }}>
        <DateRangePicker
          preset={preset}
          custom={custom}
          presets={PRESETS}
          onChange={(p, c) => {
            setPreset(p);
            setCustom(c);
          }}
        />
      </div>
      {kpiError && <Alert type="error" title={MESSAGES.errorFetchingKpi} style={{ marginBottom: 8 }} />}
      {kpi && (
        <KpiRow>
          <KpiTile title="Total" value={kpi.reduce((n, k) => n + k.Count, 0)} testId="kpi-total" />
          {kpi.map((k) => (
            <KpiTile
              key={k.BlockedReason}
              title={k.Label}
              value={k.Count}
              testId={`kpi-${k.BlockedReason}`}
            />
          ))}
        </KpiRow>
      )}
      <ListTable<BlockedLead>
        controller={controller}
        rowKey="ID"
        list={ADMIN_LEAD_LIST}
        // The date range above filters the dates.
        hideFilters={DATE_FIELDS}
        errorMessage={MESSAGES.errorFetchingDataBang}
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
          {
            title: 'Actions',
            key: 'actions',
            render: (_, lead) => (
              <RowActions
                actions={[
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
              />
            ),
          },
        ]}
      />
      <LeadInfoDrawer lead={info} onClose={() => setInfo(null)} />
    </>
  );
}
