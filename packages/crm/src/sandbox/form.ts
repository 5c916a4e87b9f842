import { type CrmDataValues, type CrmFieldSpec, defineCrmForm, emptyMessage } from '../define.ts';

/** Longest delay the sandbox takes before deciding a lead: one day. */
export const SANDBOX_MAX_DELAY_SECONDS = 86_400;

function share(name: string, label: string, initial: string, help: string) {
  return {
    name,
    label,
    required: true,
    kind: 'integer',
    min: 0,
    max: 100,
    maxLength: 3,
    initial,
    help,
    missing: emptyMessage(label),
  } as const satisfies CrmFieldSpec;
}

/** The advertiser's settings of a sandbox, read from its data (the form has checked them). */
export interface SandboxSettings {
  delaySeconds: number;
  confirmPercent: number;
  rejectPercent: number;
  badPercent: number;
}

/** Reads a sandbox's settings; values the form would refuse fall back to its defaults. */
export function sandboxSettings(data: CrmDataValues): SandboxSettings {
  const read = (name: string, fallback: number, max: number) => {
    const value = Number(data[name]);
    return Number.isInteger(value) && value >= 0 && value <= max ? value : fallback;
  };
  const settings = {
    delaySeconds: Math.max(1, read('delaySeconds', 60, SANDBOX_MAX_DELAY_SECONDS)),
    confirmPercent: read('confirmPercent', 60, 100),
    rejectPercent: read('rejectPercent', 30, 100),
    badPercent: read('badPercent', 10, 100),
  };
  const sum = settings.confirmPercent + settings.rejectPercent + settings.badPercent;
  return sum === 100 ? settings : { ...settings, confirmPercent: 60, rejectPercent: 30, badPercent: 10 };
}

/**
 * The built-in Sandbox CRM, for trying an integration without a customer's CRM: the worker hands
 * its leads to a simulator in the process (nothing goes over the network), which accepts each lead
 * and, after the delay, confirms, rejects or marks it bad in the shares set here, through the same
 * status path as a real CRM's callback. Money moves as for any lead, hence the notice.
 */
export const sandboxForm = defineCrmForm({
  type: 'sandbox',
  label: 'Sandbox',
  test: true,
  linkLabel: 'Get postback URL',
  notice:
    'A test CRM built into Leadmesh: no lead reaches a sales team. It accepts each lead, then confirms, rejects or marks it bad after the delay, in the shares below. Confirmed leads are charged and paid like real ones.',
  fields: [
    {
      name: 'delaySeconds',
      label: 'Decision after (seconds)',
      required: true,
      kind: 'integer',
      min: 1,
      max: SANDBOX_MAX_DELAY_SECONDS,
      maxLength: 5,
      initial: '60',
      help: 'How long after accepting a lead the sandbox decides it.',
      missing: emptyMessage('Decision after (seconds)'),
    },
    share('confirmPercent', 'Confirmed (%)', '60', 'Share of leads the sandbox confirms.'),
    share('rejectPercent', 'Rejected (%)', '30', 'Share of leads it rejects.'),
    share('badPercent', 'Bad lead (%)', '10', 'Share of leads it marks as bad.'),
  ],
  statuses: { new: null, processing: 1, confirmed: 2, rejected: 3, bad: 4 },
  reportsActivity: true,
  check(data) {
    const shares = ['confirmPercent', 'rejectPercent', 'badPercent'].map((name) => Number(data[name]));
    if (shares.some((n) => !Number.isInteger(n))) return [];
    const sum = shares.reduce((a, b) => a + b, 0);
    return sum === 100
      ? []
      : [
          {
            field: 'confirmPercent',
            message: `Confirmed, rejected and bad lead shares must add up to 100% (now ${sum}%)`,
          },
        ];
  },
});
