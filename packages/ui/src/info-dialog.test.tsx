import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { InfoDialog } from './InfoDialog.tsx';
import { InfoList } from './InfoList.tsx';

describe('InfoList', () => {
  it('draws each label beside its value, in the order given', () => {
    render(
      <InfoList
        items={[
          ['ID', 7],
          [<em key="l">Payout</em>, <strong key="v">$1.50</strong>],
        ]}
      />,
    );
    const list = screen.getByTestId('info-list');
    expect([...list.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual(['ID', 'Payout']);
    expect([...list.querySelectorAll('dd')].map((dd) => dd.textContent)).toEqual(['7', '$1.50']);
  });

  it('takes its own test id', () => {
    render(<InfoList items={[['Name', 'Ana']]} testId="lead-purchase" />);
    expect(screen.getByTestId('lead-purchase').textContent).toContain('Ana');
    expect(screen.queryByTestId('info-list')).toBeNull();
  });
});

describe('InfoDialog', () => {
  it('shows a spinner while the record loads, and not its children', () => {
    render(
      <InfoDialog open title="User ana" onClose={() => {}} testId="user-info" items={null}>
        <span>below</span>
      </InfoDialog>,
    );
    const body = screen.getByTestId('user-info');
    expect(body.querySelector('.ant-spin')).not.toBeNull();
    expect(within(body).queryByTestId('info-list')).toBeNull();
    expect(within(body).queryByText('below')).toBeNull();
  });

  it('shows the message of a failed load instead of the spinner', () => {
    render(
      <InfoDialog open title="User" onClose={() => {}} testId="user-info" items={null} error="Failed!" />,
    );
    const body = screen.getByTestId('user-info');
    expect(within(body).getByText('Failed!')).toBeTruthy();
    expect(body.querySelector('.ant-spin')).toBeNull();
  });

  it('shows the fields and then the children once loaded, and closes through onClose', () => {
    const onClose = vi.fn();
    render(
      <InfoDialog
        open
        title="Website"
        onClose={onClose}
        testId="website-info"
        items={[['Entry file', 'index.html']]}
      >
        <span>below</span>
      </InfoDialog>,
    );
    const body = screen.getByTestId('website-info');
    expect(within(body).getByTestId('info-list').textContent).toContain('index.html');
    expect(within(body).getByText('below')).toBeTruthy();
    expect(body.querySelector('.ant-spin')).toBeNull();
    fireEvent.click(document.querySelector('.ant-modal-close') as Element);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
