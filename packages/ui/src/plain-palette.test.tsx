import { cleanup, render } from '@testing-library/react';
import { ConfigProvider, Table, Tag, theme } from 'antd';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { PLAIN_PALETTE, paletteCss } from './plain-palette.ts';
import { themeConfig } from './theme.tsx';

/** A component token as antd draws it in a theme (`--ant-tag-default-bg`): not among the global tokens. */
function componentVar(dark: boolean, element: ReactNode, name: string): string {
  cleanup();
  for (const style of document.querySelectorAll('style')) style.remove();
  render(<ConfigProvider theme={themeConfig(dark)}>{element}</ConfigProvider>);
  const css = [...document.querySelectorAll('style')].map((s) => s.textContent).join('\n');
  return new RegExp(`${name}:\\s*([^;]+);`).exec(css)?.[1] ?? 'none';
}

const TABLE = (
  <Table size="small" columns={[{ title: 'a', dataIndex: 'a' }]} dataSource={[{ a: 1, key: 1 }]} />
);

describe('the plain parts’ palette', () => {
  it.each(['light', 'dark'] as const)('is antd’s own colours for the %s theme', (name) => {
    const token = theme.getDesignToken(themeConfig(name === 'dark'));
    expect(PLAIN_PALETTE[name]).toEqual({
      surface: token.colorBgContainer,
      border: token.colorBorderSecondary,
      controlBorder: token.colorBorder,
      text: token.colorText,
      textSecondary: token.colorTextSecondary,
      textDescription: token.colorTextDescription,
      fill: token.colorFillSecondary,
      primary: token.colorPrimary,
      headerBg: componentVar(name === 'dark', TABLE, '--ant-table-header-bg'),
      heading: componentVar(name === 'dark', TABLE, '--ant-table-header-color'),
      tagBg: componentVar(name === 'dark', <Tag>x</Tag>, '--ant-tag-default-bg'),
      gold: token.gold7,
      goldBg: token.gold1,
      green: token.green7,
      greenBg: token.green1,
      red: token.red7,
      redBg: token.red1,
    });
  });

  it('becomes CSS custom properties', () => {
    expect(paletteCss('.x', PLAIN_PALETTE.light)).toContain('--lm-text-description: rgba(0, 0, 0, 0.6);');
  });
});
