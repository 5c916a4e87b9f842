import { defaultApiUrl } from '@leadmesh/api-client';
import { splitOfferCountries } from '@leadmesh/schema';
import { theme } from 'antd';
import { useState } from 'react';

/** Where an offer image is served: `GET /images/{fileName}` on the API (decision 0009). */
export function offerImageUrl(fileName: string): string {
  return `${defaultApiUrl().replace(/\/+$/, '')}/images/${encodeURIComponent(fileName)}`;
}

/**
 * An offer's first image, or a placeholder with the product's initial when it has none or the image
 * fails to load (dashboards §2: broken images fall back to a placeholder).
 */
export function OfferImage({
  images,
  name,
  height = 160,
  fit = 'cover',
}: {
  images: string[];
  name: string;
  height?: number;
  /** Cards fill their frame; the offer page shows the whole image. */
  fit?: 'cover' | 'contain';
}) {
  const { token } = theme.useToken();
  const [broken, setBroken] = useState(false);
  const file = images[0];
  if (!file || broken) {
    return (
      <div
        data-testid="offer-image-placeholder"
        role="img"
        aria-label={`${name} (no image)`}
        style={{
          height,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          background: `linear-gradient(135deg, ${token.colorPrimaryBg}, ${token.colorFillSecondary})`,
          color: token.colorPrimary,
          fontSize: height / 3,
          fontWeight: 600,
          borderRadius: token.borderRadius,
        }}
      >
        {name.trim().charAt(0).toUpperCase() || '?'}
      </div>
    );
  }
  return (
    <img
      data-testid="offer-image"
      src={offerImageUrl(file)}
      alt={name}
      onError={() => setBroken(true)}
      style={{
        width: '100%',
        height,
        objectFit: fit,
        background: token.colorFillQuaternary,
        borderRadius: token.borderRadius,
        display: 'block',
      }}
    />
  );
}

/**
 * Country codes as English names (`RS~BA` → Serbia, Bosnia & Herzegovina), the code in the tooltip.
 * Names rather than flag emoji: Windows and many Linux desktops draw flags as two letters in boxes.
 */
export function Countries({ value }: { value: string }) {
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  return (
    <span data-testid="offer-countries">
      {splitOfferCountries(value).map((code, i) => (
        <span key={code} title={code}>
          {i > 0 ? ', ' : ''}
          {names.of(code) ?? code}
        </span>
      ))}
    </span>
  );
}

/** The approve rate as the spec shows it: '?' while unknown (-1), else a whole percent. */
export function approveRate(ratio: number): string {
  return ratio < 0 ? '?' : `${Math.round(ratio)}%`;
}

/**
 * Badge colours as solid fills with white text: antd's light gold and green tags are under 4.5:1.
 * 'new' lasts 7 days after an offer is created (dashboards §9).
 */
export const BADGE = { promoted: '#874d00', new: '#237804' } as const;
