import type { ReactNode } from 'react';

/**
 * Small decorative line icons drawn inline (no icon package, no network). They are always
 * `aria-hidden`: the text next to them carries the meaning.
 */
function Icon({ children, size = 24 }: { children: ReactNode; size?: number }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export type IconName =
  | 'tag'
  | 'shield'
  | 'radar'
  | 'bolt'
  | 'wallet'
  | 'manager'
  | 'chart'
  | 'clock'
  | 'cookie'
  | 'users'
  | 'check'
  | 'cross'
  | 'calendar'
  | 'heart'
  | 'scale'
  | 'left'
  | 'right';

/**
 * One stroke of an icon: path data, a circle `[cx, cy, r]` or a rounded rectangle
 * `[x, y, width, height, rx]`, drawn in this order.
 */
type Stroke = string | readonly [number, number, number] | readonly [number, number, number, number, number];

const STROKES: Record<IconName, readonly Stroke[]> = {
  tag: ['M20.6 13.4 13.4 20.6a2 2 0 0 1-2.8 0L3 13V3h10l7.6 7.6a2 2 0 0 1 0 2.8Z', [7.5, 7.5, 1.5]],
  shield: ['M12 3 4 6v6c0 5 3.4 8.3 8 9 4.6-.7 8-4 8-9V6l-8-3Z', 'm8.5 12 2.5 2.5 4.5-5'],
  radar: [[12, 12, 9], [12, 12, 5], 'M12 12 18 6'],
  bolt: ['M13 2 4 14h7l-1 8 9-12h-7l1-8Z'],
  wallet: [[3, 6, 18, 14, 2], 'M3 10h18M16 15h2M7 6V4h10v2'],
  manager: [[12, 8, 4], 'M4 21c0-4 3.6-7 8-7s8 3 8 7', 'M17 4.5a5 5 0 0 1 0 7'],
  chart: ['M4 20V4M4 20h16', 'm7 15 4-4 3 3 5-6'],
  clock: [[12, 12, 9], 'M12 7v5l3 2'],
  cookie: [
    'M21 12a9 9 0 1 1-9.5-9 3 3 0 0 0 3.5 3.5 3 3 0 0 0 3.5 3.5 3 3 0 0 0 2.5 2Z',
    'M8.5 9.5h.01M9 15h.01M14 14.5h.01',
  ],
  users: [
    [9, 8, 3.5],
    'M2.5 20c0-3.6 2.9-6 6.5-6s6.5 2.4 6.5 6',
    'M16 4.5a3.5 3.5 0 0 1 0 7M18 14c2.2.6 3.5 2.9 3.5 6',
  ],
  check: ['m5 12.5 4.5 4.5L19 7.5'],
  cross: ['M6 6l12 12M18 6 6 18'],
  calendar: [[3, 5, 18, 16, 2], 'M3 10h18M8 3v4M16 3v4'],
  heart: ['M12 20s-7-4.4-9-9a4.8 4.8 0 0 1 9-3 4.8 4.8 0 0 1 9 3c-2 4.6-9 9-9 9Z'],
  scale: ['M12 3v18M7 21h10M5 7h14', 'm5 7-3 6a3 3 0 0 0 6 0L5 7ZM19 7l-3 6a3 3 0 0 0 6 0l-3-6Z'],
  left: ['m15 5-7 7 7 7'],
  right: ['m9 5 7 7-7 7'],
};

function StrokeShape({ stroke }: { stroke: Stroke }) {
  if (typeof stroke === 'string') return <path d={stroke} />;
  if (stroke.length === 3) {
    const [cx, cy, r] = stroke;
    return <circle cx={cx} cy={cy} r={r} />;
  }
  const [x, y, width, height, rx] = stroke;
  return <rect x={x} y={y} width={width} height={height} rx={rx} />;
}

/** A decorative icon by name. */
export function LineIcon({ name, size }: { name: IconName; size?: number }) {
  return (
    <Icon size={size}>
      {STROKES[name].map((stroke) => (
        <StrokeShape key={String(stroke)} stroke={stroke} />
      ))}
    </Icon>
  );
}
