import { Button, Dropdown, Grid } from 'antd';
import { type RowAction, splitRowActions } from './row-actions-logic.ts';

/**
 * A row's actions: one primary button beside a "More" menu holding the rest (a phone gets the
 * menu alone). Each action keeps `data-testid="row-<key>"`, on its button or its menu entry, and
 * the menu button is `row-actions-menu`.
 */
export function RowActions({ actions, compact }: { actions: RowAction[]; compact?: boolean }) {
  const screens = Grid.useBreakpoint();
  const phone = compact ?? screens.md === false;
  const { primary, menu } = splitRowActions(actions, phone);
  return (
    <div
      style={{ display: 'flex', flexWrap: 'nowrap', gap: 4, justifyContent: 'flex-end' }}
      data-testid="row-actions"
    >
      {primary && (
        <Button
          size="small"
          type={primary.type}
          data-testid={primary.testId ?? `row-${primary.key}`}
          aria-label={primary.ariaLabel}
          onClick={primary.onClick}
        >
          {primary.label}
        </Button>
      )}
      {menu.length > 0 && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: menu.flatMap((a, i) => [
              ...(a.danger && i > 0 && !menu[i - 1].danger ? [{ type: 'divider' as const }] : []),
              {
                key: a.key,
                danger: a.danger,
                label: <span data-testid={a.testId ?? `row-${a.key}`}>{a.label}</span>,
                onClick: a.onClick,
              },
            ]),
          }}
        >
          <Button
            size="small"
            data-testid="row-actions-menu"
            aria-label={primary ? 'More actions' : 'Actions'}
            title={primary ? 'More actions' : 'Actions'}
          >
            {primary ? 'More ▾' : '⋯'}
          </Button>
        </Dropdown>
      )}
    </div>
  );
}
