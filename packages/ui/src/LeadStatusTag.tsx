import type { LeadStatusCode, LeadStatusColour } from '@leadmesh/schema';
import { LEAD_STATUS_NAMES, leadStatusColour } from '@leadmesh/schema/constants';
import { Tag } from 'antd';

/** antd Tag colours for the spec's status colours (dashboards §4). */
export const TAG_COLOURS: Record<LeadStatusColour, string> = {
  yellow: 'gold',
  grey: 'default',
  green: 'green',
  red: 'red',
};

/** A lead status by its code: the spec's name in the spec's colour. */
export function LeadStatusTag({ status }: { status: number }) {
  const colour = leadStatusColour(status);
  const name = LEAD_STATUS_NAMES[status as LeadStatusCode] ?? `Status ${status}`;
  return (
    <Tag color={TAG_COLOURS[colour]} data-testid="lead-status" data-colour={colour}>
      {name}
    </Tag>
  );
}
