import { Button, Flex, Segmented } from 'antd';
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

  return (
    <Panel testId="offers-panel">
      <Flex wrap gap={8} justify="space-between" align="center" style={{ marginBottom: 16 }}>
        <Segmented<Mode>
          data-testid="offers-mode"
          value={mode}
          onChange={setMode}
          options={[
            { value: 'catalogue', label: <span data-testid="offers-mode-catalogue">Take offer</span> },
            { value: 'taken', label: <span data-testid="offers-mode-taken">Taken offers</span> },
          ]}
        />
        {mode === 'catalogue' && (
          <Button data-testid="promoted-toggle" onClick={() => setShowPromoted((v) => !v)}>
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
