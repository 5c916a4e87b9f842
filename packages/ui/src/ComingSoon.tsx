import { Empty, Typography } from 'antd';

/**
 * An honest placeholder for a screen that is not built yet: the screen's title and a notice.
 * Never shows made-up data.
 */
export function ComingSoon({ title }: { title: string }) {
  return (
    <section data-testid="screen">
      <Typography.Title level={2} data-testid="screen-title">
        {title}
      </Typography.Title>
      <Empty data-testid="coming-soon" description="This screen is coming in a later release" />
    </section>
  );
}
