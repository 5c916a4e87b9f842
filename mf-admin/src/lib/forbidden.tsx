import { useSessionStore } from '@leadmesh/session';
import { themeConfig } from '@leadmesh/ui';
import { ConfigProvider, Result } from 'antd';

/**
 * The refusal for a user a screen is not for (the server refuses their calls anyway), in the
 * product's theme also where the screen draws outside it (a first screen, decision 0064).
 */
export function Forbidden() {
  const dark = useSessionStore((s) => s.theme) === 'dark';
  return (
    <ConfigProvider theme={themeConfig(dark)}>
      <Result
        status="403"
        data-testid="screen-forbidden"
        title="Not available to your account"
        subTitle="This screen is for administrators."
      />
    </ConfigProvider>
  );
}
