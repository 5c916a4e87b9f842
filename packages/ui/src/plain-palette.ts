import { BRAND } from './brand.ts';

/**
 * The colours antd's theme gives its cards, text and buttons, per theme, for the parts drawn with
 * plain markup and CSS before antd has loaded (the dashboard's KPI tiles and its loading states, the
 * admin's first lead rows; decision 0064). This file imports nothing heavy; a unit test checks every value against antd's
 * own tokens for `themeConfig(dark)`, so the plain parts and antd's stay one look.
 */
export interface PlainPalette {
  /** Cards (`colorBgContainer`). */
  surface: string;
  /** A card's border (`colorBorderSecondary`). */
  border: string;
  /** A button's border (`colorBorder`). */
  controlBorder: string;
  text: string;
  /** "Updated hh:mm" and other secondary notes (`colorTextSecondary`). */
  textSecondary: string;
  /** A figure's title (`colorTextDescription`, raised to 4.5:1 by `themeConfig`). */
  textDescription: string;
  /** Skeleton bars (`colorFillSecondary`). */
  fill: string;
  primary: string;
  /** A small table's header and its text (the Table's `headerBg`, `headerColor`), the first lead rows'. */
  headerBg: string;
  heading: string;
  /** A default (grey) tag's background: the Tag's `defaultBg`, antd 6's filled tag. */
  tagBg: string;
  /** The status tags' text and background (antd's preset `gold`/`green`/`red`, 7 and 1; filled tags have no border). */
  gold: string;
  goldBg: string;
  green: string;
  greenBg: string;
  red: string;
  redBg: string;
}

export const PLAIN_PALETTE: Record<'light' | 'dark', PlainPalette> = {
  light: {
    surface: '#ffffff',
    border: '#f0f0f0',
    controlBorder: '#d9d9d9',
    text: 'rgba(0,0,0,0.88)',
    textSecondary: 'rgba(0,0,0,0.65)',
    textDescription: 'rgba(0, 0, 0, 0.6)',
    fill: 'rgba(0,0,0,0.06)',
    primary: BRAND.primary,
    headerBg: '#fafafa',
    heading: 'rgba(0,0,0,0.88)',
    tagBg: '#f5f5f5',
    gold: '#d48806',
    goldBg: '#fffbe6',
    green: '#389e0d',
    greenBg: '#f6ffed',
    red: '#cf1322',
    redBg: '#fff1f0',
  },
  dark: {
    surface: '#0e2145',
    border: '#183774',
    controlBorder: '#1e4591',
    text: 'rgba(255,255,255,0.85)',
    textSecondary: 'rgba(255,255,255,0.65)',
    textDescription: 'rgba(255, 255, 255, 0.6)',
    fill: 'rgba(255,255,255,0.12)',
    primary: '#1668dc',
    headerBg: '#182a4c',
    heading: 'rgba(255,255,255,0.85)',
    tagBg: '#213354',
    gold: '#e8b339',
    goldBg: '#2b2111',
    green: '#6abe39',
    greenBg: '#162312',
    red: '#e84749',
    redBg: '#2a1215',
  },
};

/** The palette as CSS custom properties (`--lm-surface`, …) on `selector`. */
export function paletteCss(selector: string, palette: PlainPalette): string {
  const vars = Object.entries(palette)
    .map(([name, value]) => `--lm-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}: ${value};`)
    .join(' ');
  return `${selector} { ${vars} }`;
}
