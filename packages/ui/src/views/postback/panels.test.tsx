import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const call = vi.fn();
vi.mock('@leadmesh/api-client', () => ({ api: { call: (...args: unknown[]) => call(...args) } }));

const { SigningSecretPanel } = await import('./SigningSecretPanel.tsx');
const { InspectorPanel } = await import('./InspectorPanel.tsx');
const { CrmTypeName } = await import('../../CrmTypeName.tsx');

const ok = (data: unknown) => Promise.resolve({ status: 'ok', data });

describe('the signing secret panel', () => {
  beforeEach(() => call.mockReset());

  it('rotates only after the confirmation, then shows the new secret once', async () => {
    const info = { exists: true, createdAt: '2026-11-20T08:00:00.000Z', previousValidUntil: null };
    call.mockImplementation((path: string) =>
      path === '/postback/getSigningSecretInfo'
        ? ok(info)
        : ok({
            secret: 'whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0',
            createdAt: '2026-11-27T10:00:00.000Z',
            previousValidUntil: '2026-11-28T10:00:00.000Z',
          }),
    );
    const { unmount } = render(<SigningSecretPanel />);
    await screen.findByText('Current secret made 20-11-2026 08:00 UTC.');
    expect(screen.queryByTestId('secret-value')).toBeNull();
    fireEvent.click(screen.getByTestId('secret-rotate'));
    expect(call).not.toHaveBeenCalledWith('/postback/rotateSigningSecret');
    await screen.findByText(/For 24 hours your postbacks carry two signatures/);
    await act(async () => {
      fireEvent.click(screen.getByTestId('confirm-ok'));
    });
    expect(call).toHaveBeenCalledWith('/postback/rotateSigningSecret');
    expect((await screen.findByTestId('secret-value')).textContent).toContain('whsec_c2VjcmV0');
    screen.getByText(/keeps signing too until 28-11-2026 10:00 UTC/);
    // Another visit asks only for the info: the secret is not shown again.
    unmount();
    call.mockClear();
    render(<SigningSecretPanel />);
    await screen.findByTestId('secret-rotate');
    expect(screen.queryByTestId('secret-value')).toBeNull();
    expect(call.mock.calls.map(([path]) => path)).toEqual(['/postback/getSigningSecretInfo']);
  });

  it('offers to create a secret when there is none, without a confirmation', async () => {
    call.mockImplementation((path: string) =>
      path === '/postback/getSigningSecretInfo'
        ? ok({ exists: false, createdAt: null, previousValidUntil: null })
        : ok({
            secret: 'whsec_Zmlyc3RmaXJzdGZpcnN0Zmlyc3Q=',
            createdAt: '2026-11-27T10:00:00.000Z',
            previousValidUntil: null,
          }),
    );
    render(<SigningSecretPanel />);
    fireEvent.click(await screen.findByTestId('secret-create'));
    expect((await screen.findByTestId('secret-value')).textContent).toContain('whsec_Zmlyc3Rm');
  });
});

describe('the inspector panel', () => {
  beforeEach(() => call.mockReset());

  it('shows the URL, each request with its signature check, and filters by path or body', async () => {
    const base = 'http://127.0.0.1:5100/pb/tok';
    const request = (ID: number, url: string, signature: string, body = '') => ({
      ID,
      method: body ? 'POST' : 'GET',
      URL: url,
      headers: { 'webhook-id': `pb_${ID}` },
      body,
      bodyBytes: body.length,
      signature,
      receivedAt: '2026-11-27T10:00:00.000Z',
    });
    call.mockImplementation(() =>
      ok({
        URL: base,
        requests: [
          request(2, `${base}/json`, 'valid', '{"event":"approved","lead_id":7}'),
          request(1, `${base}?lead=5&status=3`, 'invalid'),
        ],
      }),
    );
    render(<InspectorPanel />);
    expect((await screen.findByTestId('inspector-url')).textContent).toContain(base);
    await waitFor(() => expect(screen.getAllByTestId('inspector-signature')).toHaveLength(2));
    expect(screen.getAllByTestId('inspector-signature').map((t) => t.textContent)).toEqual([
      'Signature valid',
      'Signature invalid',
    ]);
    expect(screen.getAllByTestId('inspector-path').map((p) => p.textContent)).toEqual([
      '/json',
      '?lead=5&status=3',
    ]);
    fireEvent.change(screen.getByTestId('inspector-filter'), { target: { value: 'lead_id":7' } });
    await waitFor(() => expect(screen.getAllByTestId('inspector-signature')).toHaveLength(1));
  });
});

describe('a CRM type', () => {
  it('carries the Test CRM tag when it is the sandbox, and none for a customer CRM', () => {
    const { container } = render(
      <>
        <CrmTypeName type="sandbox" />
        <CrmTypeName type="leadvertex" />
      </>,
    );
    expect(screen.getAllByTestId('crm-test-tag')).toHaveLength(1);
    expect(container.textContent).toBe('SandboxTest CRMLeadVertex');
  });
});
