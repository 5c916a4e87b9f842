import { Button, Flex, Grid, Segmented } from 'antd';
import { useEffect, useState } from 'react';
import { consumeTakenFlag, TAKEN_FLAG_KEY } from '../../lib/answers.ts';
import { Panel } from '../../lib/ui.tsx';
import { Catalogue } from './catalogue.tsx';
import { TakenOffers } from './taken-offers.tsx';

type Mode = 'catalogue' | 'taken';

/**
 * Publisher offers (dashboards §2): the catalogue ('Take offer') or the taken offers. It starts in
 * taken mode when the stored flag 'taken' is 1 (set after taking an offer), then resets it to 0.
 */
export function OffersScreen() {
  // Read in the initializer, reset in an effect: StrictMode may run an initializer twice.
  const [mode, setMode] = useState<Mode>(() =>
    typeof localStorage !== 'undefined' && localStorage.getItem(TAKEN_FLAG_KEY) === '1'
      ? 'taken'
      : 'catalogue',
  );
  useEffect(() => {
    consumeTakenFlag();
  }, []);
  const [showPromoted, setShowPromoted] = useState(true);
  // On a phone the switch and the promoted toggle each take a full line: the switch's labels never
  // have to shrink (antd cuts a squeezed label with an ellipsis), and both are easy to hit.
  const phone = Grid.useBreakpoint().sm === false;

  return (
    <Panel testId="offers-panel">
      <Flex wrap gap={8} justify="space-between" align="center" style={{ marginBottom: 16 }}>
        <Segmented<Mode>
          block={phone}
          style={phone ? { width: '100%' } : undefined}
          data-testid="offers-mode"
          value={mode}
          onChange={setMode}
          options={[
            { value: 'catalogue', label: <span data-testid="offers-mode-catalogue">Take offer</span> },
            { value: 'taken', label: <span data-testid="offers-mode-taken">Taken offers</span> },
          ]}
        />
        {mode === 'catalogue' && (
          <Button data-testid="promoted-toggle" block={phone} onClick={() => setShowPromoted((v) => !v)}>
            {showPromoted ? 'Hide promoted offers' : 'Show promoted offers'}
          </Button>
        )}
      </Flex>
      {mode === 'catalogue' ? (
        <Catalogue key={String(showPromoted)} showPromoted={showPromoted} />
      ) : (
        <TakenOffers />
      )}
    </Panel>
  );
}
