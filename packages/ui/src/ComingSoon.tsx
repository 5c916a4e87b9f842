import { Empty } from 'antd';

/**
 * An honest placeholder for a screen that is not built yet: a notice, never made-up data. The
 * screen's title is the dashboard header's (the route table's), so it is not repeated here.
 */
export function ComingSoon({ screen }: { screen: string }) {
  return (
    <section data-testid="screen" data-screen={screen}>
      <Empty data-testid="coming-soon" description="This screen is coming in a later release" />
    </section>
  );
}
