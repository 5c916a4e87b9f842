import type { ReactNode } from 'react';

/**
 * A decorative drawing that scales to its column up to `maxWidth`, centred or pushed to the end;
 * hidden from assistive technology.
 */
export function DecorativeSvg({
  viewBox,
  maxWidth,
  align,
  children,
}: {
  viewBox: string;
  maxWidth: number;
  align: 'center' | 'end';
  children: ReactNode;
}) {
  return (
    <svg
      viewBox={viewBox}
      width="100%"
      style={{
        maxWidth,
        display: 'block',
        ...(align === 'center' ? { margin: '0 auto' } : { marginLeft: 'auto' }),
      }}
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

type Point = readonly [number, number];

const PUBLISHERS: Point[] = [
  [40, 60],
  [30, 150],
  [50, 240],
];
const ADVERTISERS: Point[] = [
  [320, 70],
  [335, 160],
  [315, 250],
];
const HUB: Point = [180, 155];
const SPARKS: Point[] = [
  [110, 95],
  [250, 120],
  [120, 215],
  [245, 210],
];

/** A publisher: a screen on a blue disc. */
function PublisherNode({ at: [x, y] }: { at: Point }) {
  return (
    <g>
      <circle cx={x} cy={y} r="22" fill="#1d3f73" stroke="#91caff" strokeWidth="2" />
      <rect x={x - 9} y={y - 7} width="18" height="13" rx="2" fill="none" stroke="#e6f4ff" strokeWidth="2" />
      <path d={`M${x - 4} ${y + 10}h8`} stroke="#e6f4ff" strokeWidth="2" />
    </g>
  );
}

/** An advertiser: a shopping basket on a disc ringed in gold. */
function AdvertiserNode({ at: [x, y] }: { at: Point }) {
  return (
    <g>
      <circle cx={x} cy={y} r="22" fill="#1d3f73" stroke="#ffd666" strokeWidth="2" />
      <path
        d={`M${x - 9} ${y - 6}h18l-2 11h-14z`}
        fill="none"
        stroke="#fff1b8"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <path d={`M${x - 4} ${y - 6}v-3h8v3`} fill="none" stroke="#fff1b8" strokeWidth="2" />
    </g>
  );
}

/** The network in the middle: a glowing disc with a rising line and a gold dot. */
function Hub() {
  const [x, y] = HUB;
  return (
    <>
      <circle cx={x} cy={y} r="46" fill="#0958d9" stroke="#e6f4ff" strokeWidth="3" />
      <path
        d={`M${x - 20} ${y + 12} l13 -20 l11 12 l16 -22`}
        fill="none"
        stroke="#fff"
        strokeWidth="4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx={x + 20} cy={y - 30} r="5" fill="#ffd666" />
    </>
  );
}

/**
 * The decorative "mesh" of the hero banners: publishers (left) and advertisers (right) joined
 * through the network in the middle. Purely decorative, hidden from assistive technology.
 */
export function MeshArt() {
  return (
    <DecorativeSvg viewBox="0 0 360 310" maxWidth={420} align="center">
      <defs>
        <radialGradient id="lm-hub-glow" cx="50%" cy="50%" r="50%">
          <stop offset="0%" stopColor="#69b1ff" stopOpacity="0.55" />
          <stop offset="100%" stopColor="#69b1ff" stopOpacity="0" />
        </radialGradient>
      </defs>
      <circle cx={HUB[0]} cy={HUB[1]} r="110" fill="url(#lm-hub-glow)" />
      {[...PUBLISHERS, ...ADVERTISERS].map(([x, y]) => (
        <line
          key={`l${x}-${y}`}
          x1={x}
          y1={y}
          x2={HUB[0]}
          y2={HUB[1]}
          stroke="#91caff"
          strokeWidth="2"
          strokeDasharray="6 6"
        />
      ))}
      {PUBLISHERS.map((at) => (
        <PublisherNode key={`p${at[0]}-${at[1]}`} at={at} />
      ))}
      {ADVERTISERS.map((at) => (
        <AdvertiserNode key={`a${at[0]}-${at[1]}`} at={at} />
      ))}
      <Hub />
      {SPARKS.map(([x, y]) => (
        <circle key={`d${x}-${y}`} cx={x} cy={y} r="4" fill="#ffd666" />
      ))}
    </DecorativeSvg>
  );
}
