import { Tag } from 'antd';

/**
 * Tag colours of the log levels (public §9: info, warning, error, critical), as antd's preset
 * colours, which each theme draws in its own shades: a fixed hex colour stays a light-theme
 * colour on the dark page. Critical is the one solid tag, so it reads as worse than error in both.
 */
export const LOG_LEVEL_TAGS = {
  0: { color: 'blue', variant: 'filled' },
  1: { color: 'gold', variant: 'filled' },
  2: { color: 'red', variant: 'filled' },
  3: { color: 'red', variant: 'solid' },
} as const;

/** A log entry's level by its number, named as the server names it. */
export function LogLevelTag({ level, name }: { level: number; name: string }) {
  const look = LOG_LEVEL_TAGS[level as keyof typeof LOG_LEVEL_TAGS] ?? LOG_LEVEL_TAGS[0];
  return (
    <Tag data-testid="log-level" data-level={level} color={look.color} variant={look.variant}>
      {name}
    </Tag>
  );
}
