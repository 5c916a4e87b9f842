import type { User } from '@leadmesh/schema';
import { LeadDashboard } from '@leadmesh/ui';
import { Button, Card, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { UserPicker } from '../../lib/pickers.tsx';
import { api, useFlags } from '../../lib/screen.tsx';

/** Whose dashboard this is, and a way back to the list it was opened from. */
function Heading({ publisher }: { publisher: number }) {
  const navigate = useNavigate();
  const flags = useFlags();
  // Publisher managers find users in their own list; admins and managers in admin-users.
  const usersList = flags?.isAdmin || flags?.isManager ? 'admin-users' : 'manager-publishers';
  const [user, setUser] = useState<User | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    setUser(null);
    setFailed(false);
    let live = true;
    void api.call('/users/getSingleUser', { ID: publisher }).then((a) => {
      if (!live) return;
      if (a.status === 'ok') setUser(a.data);
      else setFailed(true);
    });
    return () => {
      live = false;
    };
  }, [publisher]);
  const name = user ? [user.FirstName, user.LastName].filter(Boolean).join(' ') : '';
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
      <Typography.Title level={5} style={{ margin: 0 }} data-testid="dashboard-publisher">
        {user
          ? `${user.Username}${name ? ` · ${name}` : ''}`
          : failed
            ? 'Failed to get publisher info!'
            : '…'}
      </Typography.Title>
      <Typography.Text type="secondary">Publisher #{publisher}</Typography.Text>
      <Space size="small" style={{ marginLeft: 'auto' }}>
        <Button size="small" onClick={() => navigate(`/dashboard/${usersList}?ID=${publisher}`)}>
          Open user
        </Button>
        <Button size="small" onClick={() => navigate('/dashboard/admin-publisherStats')}>
          Publisher stats
        </Button>
      </Space>
    </div>
  );
}

/**
 * admin-dashboard?p={userId} (public §2, View dashboard of the publisher stats): that publisher's
 * dashboard, the same view the publisher has (packages/ui `LeadDashboard`), read for them with
 * `BoundUser`. Without `?p` (the sidebar's Dashboard) it asks whose dashboard to open.
 */
export function PublisherDashboard({ path }: { path: string }) {
  const [search, setSearch] = useSearchParams();
  const p = Number(search.get('p'));
  const publisher = Number.isInteger(p) && p > 0 ? p : null;

  if (publisher === null) {
    return (
      <Card data-testid="dashboard-pick" style={{ maxWidth: 560 }}>
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          Open a publisher's dashboard
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          Pick a publisher to see their dashboard as they see it, or open Publisher stats and choose View
          dashboard.
        </Typography.Paragraph>
        <UserPicker
          value={null}
          testId="dashboard-user"
          placeholder="Search a username"
          onChange={(id) => id !== null && setSearch({ p: String(id) })}
        />
      </Card>
    );
  }
  return (
    <LeadDashboard
      key={publisher}
      audience="publisher"
      path={path}
      boundUser={publisher}
      heading={<Heading publisher={publisher} />}
    />
  );
}
