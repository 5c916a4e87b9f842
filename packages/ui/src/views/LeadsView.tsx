import { api } from '@leadmesh/api-client';
import type { AdvertiserLead, FilterItem, LeadCrmInfo, PublisherLead } from '@leadmesh/schema';
import { ADVERTISER_LEAD_LIST, MESSAGES, moneyWithdrawnLabel, PUBLISHER_LEAD_LIST } from '@leadmesh/schema';
import { useSessionStore } from '@leadmesh/session';
import { Button, Divider, Empty, List, Modal, Space, Tag, Typography } from 'antd';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { countryOptions } from '../CountrySelect.tsx';
import { CrmTypeName } from '../CrmTypeName.tsx';
import { formatDateTime } from '../format.ts';
import { InfoList } from '../InfoList.tsx';
import { LeadStatusTag } from '../LeadStatusTag.tsx';
import { ListTable } from '../ListTable.tsx';
import { LoadingDialog, type LoadingDialogState } from '../LoadingDialog.tsx';
import type { ListColumn } from '../list-columns.ts';
import { Money } from '../Money.tsx';
import { useList } from '../use-list.ts';
import { ViewScreen } from './common.tsx';
import { domainLabel, type LeadRole } from './dashboard-logic.ts';

type AnyLead = PublisherLead | AdvertiserLead;

/** The `?ID=` link's filter (dashboards §2: shown as 'User ID'), or none. */
export function idFilterFromSearch(search: URLSearchParams): FilterItem | null {
  const raw = search.get('ID');
  if (raw === null || !/^\d+$/.test(raw.trim())) return null;
  return { name: 'ID', op: 'eq', value: Number(raw) };
}

/** Whether the session may ask for a lead's CRM info (dashboards §6). */
export function canSeeCrmInfo(flags: { isAdmin?: boolean; isManager?: boolean; isCRMInfoAllowed?: boolean }) {
  return Boolean(flags.isAdmin || flags.isManager || flags.isCRMInfoAllowed);
}

/** An audio duration in seconds as `1h 2m 3s` (dashboards §2 Lead CRM info popup). */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const parts = [h ? `${h}h` : '', h || m ? `${m}m` : '', `${s % 60}s`].filter(Boolean);
  return parts.join(' ');
}

/** The `?ID=` link's filter reads 'User ID' on its chip (dashboards §2, Publisher leads). */
const LINK_FILTER_LABEL = { ID: 'User ID' };

function place(lead: AnyLead): string {
  const { city, countryCode } = lead.PurchaseLocation;
  const country = countryCode
    ? (countryOptions().find((o) => o.value === countryCode)?.name ?? countryCode)
    : '';
  return [city, country].filter(Boolean).join(', ') || 'Unknown';
}

/** The purchase details, without the product key prefix (`leadmesh-phone` → Phone), for people. */
export function purchaseItems(details: Record<string, unknown>): [string, string][] {
  const label = (key: string) => {
    if (/^c[1-6]$/.test(key)) return `Custom ${key.slice(1)}`;
    if (key === 'uid') return 'User ID';
    if (key === 'stclickid') return 'Click ID';
    if (key === 'GenericData') return 'Extra data';
    return key.charAt(0).toUpperCase() + key.slice(1);
  };
  const empty = (v: unknown) =>
    v === null ||
    v === undefined ||
    v === '' ||
    (typeof v === 'object' && Object.keys(v as object).length === 0);
  return Object.entries(details)
    .filter(([, v]) => !empty(v))
    .map(([k, v]) => [
      label(k.includes('-') ? k.slice(k.indexOf('-') + 1) : k),
      typeof v === 'object' ? JSON.stringify(v) : String(v),
    ]);
}

export interface LeadsViewProps {
  audience: LeadRole;
  path: string;
  /**
   * What the More info dialog shows under the lead's details: the remotes give
   * `renderLeadTimeline` (the lead's timeline, their part of it, with Replay where allowed).
   * Nothing by default.
   */
  renderTimeline?: (leadId: number) => ReactNode;
}

function LeadInfoDialog({
  role,
  lead,
  onClose,
  renderTimeline,
}: {
  role: LeadRole;
  lead: AnyLead | null;
  onClose(): void;
  renderTimeline?: (leadId: number) => ReactNode;
}) {
  if (!lead) return null;
  const publisher = role === 'publisher' ? (lead as PublisherLead) : null;
  const advertiser = role === 'advertiser' ? (lead as AdvertiserLead) : null;
  const items: [string, ReactNode][] = [
    ['Lead ID', lead.ID],
    ['Offer', lead.OfferName],
    ['Product', lead.ProductName],
    ['Status', <LeadStatusTag key="s" status={lead.Status} />],
    ['Date', formatDateTime(lead.createdAt)],
    ['Location', place(lead)],
    ['Device', lead.PurchaseIsPhone ? 'Mobile' : 'Desktop'],
    ['Domain', lead.PurchaseDomain ? domainLabel(lead.PurchaseDomain) : '—'],
    ['Lead type', lead.PurchaseLeadType || '—'],
    ['Lead price', <Money key="p" cents={lead.LeadPrice} />],
  ];
  if (lead.CRMType) items.push(['CRM', <CrmTypeName key="c" type={lead.CRMType} />]);
  if (publisher) {
    items.push(['Your payout', <Money key="e" cents={publisher.EarnedAmount} />]);
    items.push(['Money withdrawn', moneyWithdrawnLabel(publisher)]);
    if (publisher.FriendlyName) items.push(['Taken offer', publisher.FriendlyName]);
  }
  if (advertiser) items.push(['Paid', advertiser.AdvertiserPaid ? 'Yes' : 'No']);
  const purchase = purchaseItems(lead.PurchaseDetails);
  return (
    <Modal
      open
      title={`Lead #${lead.ID}`}
      onCancel={onClose}
      footer={
        <Button data-testid="lead-info-close" onClick={onClose}>
          Close
        </Button>
      }
      width={640}
    >
      <div data-testid="lead-info">
        <InfoList items={items} />
        {purchase.length > 0 && (
          <>
            <Divider titlePlacement="start" plain>
              Purchase
            </Divider>
            <InfoList items={purchase} testId="lead-purchase" />
          </>
        )}
        {renderTimeline && (
          <>
            <Divider titlePlacement="start" plain>
              Timeline
            </Divider>
            <div data-testid="lead-timeline-slot">{renderTimeline(lead.ID)}</div>
          </>
        )}
      </div>
    </Modal>
  );
}

type CrmInfoState = LoadingDialogState<{ phase: 'ok'; info: LeadCrmInfo }>;

/** The Lead CRM info popup (dashboards §2): loading, 'Current CRM is not supported!', or the info. */
function CrmInfoDialog({
  lead,
  onClose,
}: {
  lead: { ID: number; CRMType: string | null } | null;
  onClose(): void;
}) {
  const leadId = lead?.ID ?? null;
  const state = useCrmInfo(leadId);
  if (leadId === null) return null;
  return (
    <LoadingDialog
      title={`CRM info of lead #${leadId}`}
      onClose={onClose}
      state={state}
      testId="crm-info"
      closeTestId="crm-info-close"
      errorTestId="crm-info-error"
      errorType="warning"
    >
      {({ info }) => <CrmInfoDetails crmType={lead?.CRMType} info={info} />}
    </LoadingDialog>
  );
}

/** Asks for the lead's CRM info each time another lead is picked; a failure reads as an unsupported CRM. */
function useCrmInfo(leadId: number | null): CrmInfoState {
  const [state, setState] = useState<CrmInfoState>({ phase: 'loading' });
  useEffect(() => {
    if (leadId === null) return;
    let live = true;
    setState({ phase: 'loading' });
    api
      .call('/leads/getLeadCRMInfo', { ID: leadId })
      .catch(() => ({ status: 'error' as const, data: 'SERVER_ERROR' as const }))
      .then((answer) => {
        if (!live) return;
        if (answer.status === 'ok') setState({ phase: 'ok', info: answer.data });
        else setState({ phase: 'error', message: MESSAGES.crmNotSupported });
      });
    return () => {
      live = false;
    };
  }, [leadId]);
  return state;
}

/** The CRM, the lead's ID and status there, and its activities (notes and calls), or a note that it has none. */
function CrmInfoDetails({ crmType, info }: { crmType: string | null | undefined; info: LeadCrmInfo }) {
  return (
    <>
      <InfoList
        items={[
          ['CRM', <CrmTypeName key="c" type={crmType} />],
          ['CRM ID', info.CRMID ?? '—'],
          ['CRM Status', info.Status ?? '—'],
        ]}
      />
      <Divider titlePlacement="start" plain>
        Activities
      </Divider>
      {info.Comments.length === 0 ? (
        <Empty description="No CRM activities yet" image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <List
          size="small"
          dataSource={info.Comments}
          renderItem={(c) => (
            <List.Item>
              <Space orientation="vertical" size={0}>
                <Typography.Text type="secondary">
                  {formatDateTime(c.createdAt)} · Agent {c.AgentID ?? '—'} · {c.Type ?? 'note'}
                </Typography.Text>
                <span>
                  {c.Type === 'audio' && c.audioDuration != null
                    ? `Call, ${formatDuration(c.audioDuration)}`
                    : c.Comment || '—'}
                </span>
              </Space>
            </List.Item>
          )}
        />
      )}
    </>
  );
}

/**
 * The `?ID=` link's filter, read once: the link's filter is applied, then the parameter leaves the
 * address so a later visit (or removing the chip) is not filtered again.
 */
function useLinkFilterOnce(): FilterItem[] {
  const [searchParams, setSearchParams] = useSearchParams();
  const [initialFilters] = useState<FilterItem[]>(() => {
    const item = idFilterFromSearch(searchParams);
    return item ? [item] : [];
  });
  useEffect(() => {
    if (!searchParams.has('ID')) return;
    const next = new URLSearchParams(searchParams);
    next.delete('ID');
    setSearchParams(next, { replace: true });
  }, [searchParams, setSearchParams]);
  return initialFilters;
}

/** The role's lead pages; an answer refusing an unverified account turns the screen into the wall. */
function useLeadPages(role: LeadRole) {
  const [notVerified, setNotVerified] = useState(false);
  const load = useCallback(
    async ({ offset, filters }: { offset: number; filters: FilterItem[] }) => {
      const answer =
        role === 'publisher'
          ? await api.call('/leads/getLeadsForPublisher', { paginationOffset: offset, Filters: filters })
          : await api.call('/leads/getLeadsForAdvertiser', { paginationOffset: offset, Filters: filters });
      if (answer.status === 'error' && answer.data === 'NOT_VERIFIED') setNotVerified(true);
      return answer as Awaited<ReturnType<typeof api.call<'/leads/getLeadsForPublisher'>>>;
    },
    [role],
  );
  return { load, notVerified };
}

const PRODUCT_COLUMN: ListColumn<AnyLead> = {
  title: 'Product name',
  dataIndex: 'ProductName',
  render: (name: string, lead: AnyLead) => (
    <Space orientation="vertical" size={0}>
      <span data-testid="lead-product">{name}</span>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        #{lead.ID} · {lead.OfferName}
      </Typography.Text>
    </Space>
  ),
};

const PUBLISHER_ONLY_COLUMNS: ListColumn<AnyLead>[] = [
  {
    title: 'Domain',
    dataIndex: 'PurchaseDomain',
    render: (d: string | null) => (d ? domainLabel(d) : '—'),
  },
  {
    title: 'Money withdrawn',
    key: 'withdrawn',
    render: (_: unknown, lead: AnyLead) => {
      const label = moneyWithdrawnLabel(lead as PublisherLead);
      const colour = label === 'Yes' ? 'green' : label === 'No' ? 'blue' : 'default';
      return (
        <Tag color={colour} data-testid="lead-withdrawn">
          {label}
        </Tag>
      );
    },
  },
];

const STATUS_COLUMN: ListColumn<AnyLead> = { field: 'Status', phone: true };
const DATE_COLUMN: ListColumn<AnyLead> = { field: 'createdAt', title: 'Date' };

/** The role's lead columns: product, status, date, and for publishers domain and money withdrawn. */
const LEAD_COLUMNS: Record<LeadRole, ListColumn<AnyLead>[]> = {
  publisher: [PRODUCT_COLUMN, STATUS_COLUMN, DATE_COLUMN, ...PUBLISHER_ONLY_COLUMNS],
  advertiser: [PRODUCT_COLUMN, STATUS_COLUMN, DATE_COLUMN],
};

/**
 * The publisher's or advertiser's leads (dashboards §2): the role's columns, filters, infinite
 * scroll, More info, and Get CRM info for the roles allowed it. `?ID=` applies a lead filter once.
 */
export function LeadsView({ audience: role, path, renderTimeline }: LeadsViewProps) {
  const flags = useSessionStore((s) => s.userData?.UserInfo.Flags);
  const initialFilters = useLinkFilterOnce();
  const [info, setInfo] = useState<AnyLead | null>(null);
  const [crmLead, setCrmLead] = useState<AnyLead | null>(null);
  const crmAllowed = flags ? canSeeCrmInfo(flags) : false;
  const { load, notVerified } = useLeadPages(role);
  const controller = useList<AnyLead>(load, { initialFilters });

  return (
    <ViewScreen path={path} notVerified={notVerified}>
      <ListTable<AnyLead>
        controller={controller}
        columns={LEAD_COLUMNS[role]}
        rowActions={(lead) => [
          { key: 'info', testId: 'lead-more-info', label: 'More info', onClick: () => setInfo(lead) },
          {
            key: 'crm',
            testId: 'lead-crm-info',
            label: 'Get CRM info',
            show: crmAllowed,
            onClick: () => setCrmLead(lead),
          },
        ]}
        list={role === 'publisher' ? PUBLISHER_LEAD_LIST : ADVERTISER_LEAD_LIST}
        filterLabels={LINK_FILTER_LABEL}
        errorMessage={MESSAGES.errorGettingLeads}
      />
      <LeadInfoDialog role={role} lead={info} onClose={() => setInfo(null)} renderTimeline={renderTimeline} />
      <CrmInfoDialog lead={crmLead} onClose={() => setCrmLead(null)} />
    </ViewScreen>
  );
}
