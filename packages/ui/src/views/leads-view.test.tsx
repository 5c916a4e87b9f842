import { sessionStore } from '@leadmesh/session';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeSession } from '../../../session/src/test-fixtures.ts';

const call = vi.fn();
vi.mock('@leadmesh/api-client', () => ({ api: { call: (...args: unknown[]) => call(...args) } }));
const { LeadsView } = await import('./LeadsView.tsx');
const { renderLeadTimeline } = await import('./LeadTimelineOf.tsx');

const lead = {
  ID: 41,
  ProductName: 'Slim tea',
  OfferName: 'SlimTea Balkans',
  PurchaseDomain: 'http://shop.example',
  Status: 2,
  LeadMoneyWithdrawn: false,
  PublisherPaid: true,
  MoneyWithdrawn: 'No',
  createdAt: '2026-11-20T10:00:00.000Z',
  LeadPrice: 1500,
  EarnedAmount: 1200,
  PurchaseIsPhone: true,
  PurchaseLeadType: 'CPA',
  PurchaseLocation: { city: 'Niš', countryCode: 'RS' },
  PurchaseDetails: { 'leadmesh-name': 'Ana' },
};

const settle = () =>
  act(async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  });

function mount(search = '') {
  return render(
    <MemoryRouter initialEntries={[`/dashboard/publisher-leads${search}`]}>
      <LeadsView
        audience="publisher"
        path="publisher-leads"
        renderTimeline={(id) => <p>timeline of {id}</p>}
      />
    </MemoryRouter>,
  );
}

describe('the leads screen', () => {
  beforeEach(() => {
    call.mockReset();
    call.mockImplementation(async (path: string) =>
      path === '/leads/getLeadsForPublisher'
        ? { status: 'ok', data: { DBData: [lead] } }
        : { status: 'error', data: 'GENERIC_ERROR' },
    );
  });

  it('shows the money withdrawn label, and hides Get CRM info without the right', async () => {
    sessionStore.setState({ userData: fakeSession() });
    mount();
    await settle();
    expect(screen.getByTestId('lead-withdrawn').textContent).toBe('No');
    // More info is the row's only action: a button, with no menu beside it.
    expect(screen.getByTestId('lead-more-info')).toBeTruthy();
    expect(screen.queryByTestId('row-actions-menu')).toBeNull();
    expect(screen.queryByTestId('lead-crm-info')).toBeNull();
  });

  it("Get CRM info shows 'Current CRM is not supported!' when the answer is not ok", async () => {
    sessionStore.setState({ userData: fakeSession({ isCRMInfoAllowed: true }) });
    mount();
    await settle();
    fireEvent.click(screen.getByTestId('row-actions-menu'));
    fireEvent.click(await screen.findByTestId('lead-crm-info'));
    await settle();
    expect(call).toHaveBeenCalledWith('/leads/getLeadCRMInfo', { ID: 41 });
    expect(screen.getByTestId('crm-info-error').textContent).toContain('Current CRM is not supported!');
  });

  it('Get CRM info lists the CRM id, status and activities (audio as h/m/s)', async () => {
    sessionStore.setState({ userData: fakeSession({ isManager: true }) });
    call.mockImplementation(async (path: string) =>
      path === '/leads/getLeadCRMInfo'
        ? {
            status: 'ok',
            data: {
              CRMID: 'B-77',
              Status: 'converted',
              Comments: [
                {
                  createdAt: '2026-11-20T10:00:00.000Z',
                  AgentID: '9',
                  Type: 'audio',
                  audioDuration: 65,
                  Comment: null,
                },
                {
                  createdAt: '2026-11-20T11:00:00.000Z',
                  AgentID: '9',
                  Type: 'comment',
                  audioDuration: null,
                  Comment: 'Called back',
                },
              ],
            },
          }
        : { status: 'ok', data: { DBData: [lead] } },
    );
    mount();
    await settle();
    fireEvent.click(screen.getByTestId('row-actions-menu'));
    fireEvent.click(await screen.findByTestId('lead-crm-info'));
    await settle();
    const info = screen.getByTestId('crm-info').textContent ?? '';
    expect(info).toContain('B-77');
    expect(info).toContain('converted');
    expect(info).toContain('Call, 1m 5s');
    expect(info).toContain('Called back');
  });

  it('?ID= filters the list by that lead, and More info draws the timeline slot', async () => {
    sessionStore.setState({ userData: fakeSession() });
    mount('?ID=41');
    await settle();
    expect(call).toHaveBeenCalledWith('/leads/getLeadsForPublisher', {
      paginationOffset: 0,
      Filters: [{ name: 'ID', op: 'eq', value: 41 }],
    });
    expect(screen.getByTestId('filter-chip').textContent).toContain('User ID equals 41');
    fireEvent.click(screen.getByTestId('lead-more-info'));
    expect(screen.getByTestId('lead-timeline-slot').textContent).toBe('timeline of 41');
  });

  it('renderLeadTimeline loads the lead’s timeline and replays the delivery the server marks', async () => {
    sessionStore.setState({ userData: fakeSession() });
    call.mockImplementation(async (path: string) => {
      if (path === '/leads/getLeadsForPublisher') return { status: 'ok', data: { DBData: [lead] } };
      if (path === '/leads/getLeadTimeline') {
        return {
          status: 'ok',
          data: [
            {
              at: '2026-11-20T10:00:00.000Z',
              kind: 'postback',
              title: 'Postback "Mine" #1: 500',
              detail: {},
              replayDeliveryID: 9,
            },
          ],
        };
      }
      if (path === '/postback/replayPostbackDelivery')
        return { status: 'ok', data: { deliveryID: 10, replayOf: 9, state: 'pending' } };
      return { status: 'error', data: 'GENERIC_ERROR' };
    });
    render(
      <MemoryRouter initialEntries={['/dashboard/publisher-leads']}>
        <LeadsView audience="publisher" path="publisher-leads" renderTimeline={renderLeadTimeline} />
      </MemoryRouter>,
    );
    await settle();
    fireEvent.click(screen.getByTestId('lead-more-info'));
    // The timeline is its own chunk, loaded when More info opens.
    await waitFor(() => expect(call).toHaveBeenCalledWith('/leads/getLeadTimeline', { ID: 41 }));
    fireEvent.click(await screen.findByTestId('timeline-replay'));
    await settle();
    expect(call).toHaveBeenCalledWith('/postback/replayPostbackDelivery', { ID: 9 });
  });
});
