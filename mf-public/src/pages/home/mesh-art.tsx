/**
 * The decorative "mesh" of the hero banners: publishers (left) and advertisers (right) joined
 * through the network in the middle. Purely decorative, hidden from assistive technology.
 */
export function MeshArt() {
  const left = [
    [40, 60],
    [30, 150],
    [50, 240],
  ];
  const right = [
    [320, 70],
    [335, 160],
    [315, 250],
  ];
  const hub: [number, number] = [180, 155];
  return (
    <svg
      viewBox="0 0 360 310"
      width="100%"
      style={{ maxWidth: 420, display: 'block', margin: '0 auto' }}
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <radialGradient id="lm-hub-glow" cx="50%" cy="50%" r="50%">
          <stop offset="0%" stopColor="#69b1ff" stopOpacity="0.55" />
          <stop offset="100%" stopColor="#69b1ff" stopOpacity="0" />
        </radialGradient>
      </defs>
      <circle cx={hub[0]} cy={hub[1]} r="110" fill="url(#lm-hub-glow)" />
      {[...left, ...right].map(([x, y]) => (
        <line
          key={`l${x}-${y}`}
          x1={x}
          y1={y}
          x2={hub[0]}
          y2={hub[1]}
          stroke="#91caff"
          strokeWidth="2"
          strokeDasharray="6 6"
        />
      ))}
      {left.map(([x, y]) => (
        <g key={`p${x}-${y}`}>
          <circle cx={x} cy={y} r="22" fill="#1d3f73" stroke="#91caff" strokeWidth="2" />
          <rect
            x={x - 9}
            y={y - 7}
            width="18"
            height="13"
            rx="2"
            fill="none"
            stroke="#e6f4ff"
            strokeWidth="2"
          />
          <path d={`M${x - 4} ${y + 10}h8`} stroke="#e6f4ff" strokeWidth="2" />
        </g>
      ))}
      {right.map(([x, y]) => (
        <g key={`a${x}-${y}`}>
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
      ))}
      <circle cx={hub[0]} cy={hub[1]} r="46" fill="#0958d9" stroke="#e6f4ff" strokeWidth="3" />
      <path
        d={`M${hub[0] - 20} ${hub[1] + 12} l13 -20 l11 12 l16 -22`}
        fill="none"
        stroke="#fff"
        strokeWidth="4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx={hub[0] + 20} cy={hub[1] - 30} r="5" fill="#ffd666" />
      {[
        [110, 95],
        [250, 120],
        [120, 215],
        [245, 210],
      ].map(([x, y]) => (
        <circle key={`d${x}-${y}`} cx={x} cy={y} r="4" fill="#ffd666" />
      ))}
    </svg>
  );
}
