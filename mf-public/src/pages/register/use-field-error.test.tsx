import { act, render, screen } from '@testing-library/react';
import { ConfigProvider, Form, Input } from 'antd';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { useFieldError } from './use-field-error.tsx';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

let api: ReturnType<typeof useFieldError>;
function Harness() {
  api = useFieldError();
  // Without motion the help text leaves at once instead of after an animation happy-dom never ends.
  return (
    <ConfigProvider theme={{ token: { motion: false } }}>
      <Form>
        <Form.Item name="username" {...api.itemProps('username')}>
          <Input data-testid="input" />
        </Form.Item>
      </Form>
    </ConfigProvider>
  );
}

it('shows the message with a red border for 3 seconds, then clears both', () => {
  const { container } = render(<Harness />);
  act(() => api.show({ field: 'username', message: 'Username must have at least 5 characters' }));
  expect(screen.getByTestId('error-username').textContent).toBe('Username must have at least 5 characters');
  expect(container.querySelector('.ant-form-item-has-error')).not.toBeNull();
  act(() => vi.advanceTimersByTime(2900));
  expect(screen.queryByTestId('error-username')).not.toBeNull();
  act(() => vi.advanceTimersByTime(200));
  expect(screen.queryByTestId('error-username')).toBeNull();
  expect(container.querySelector('.ant-form-item-has-error')).toBeNull();
});

it('a new error restarts the 3 seconds', () => {
  render(<Harness />);
  act(() => api.show({ field: 'username', message: 'first' }));
  act(() => vi.advanceTimersByTime(2000));
  act(() => api.show({ field: 'username', message: 'second' }));
  act(() => vi.advanceTimersByTime(2000));
  expect(screen.getByTestId('error-username').textContent).toBe('second');
  act(() => vi.advanceTimersByTime(1100));
  expect(screen.queryByTestId('error-username')).toBeNull();
});
